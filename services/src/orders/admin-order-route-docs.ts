import { z } from "zod";
import {
  AdminOrder,
  CancelOrderRequest,
  CheckReceivedRequest,
  OrderHistoryItem,
  OrderListQuery,
  OrderView,
  RefundOrderRequest,
  ShipOrderRequest,
} from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";
import { ADMIN_ORDER_BASE as BASE } from "./admin-orders-router.ts";

const order = { ...AdminOrder.shape, order: OrderView };
const listRow = AdminOrder.pick({
  id: true,
  number: true,
  placed_at: true,
  name: true,
  email: true,
  status: true,
  payment_status: true,
  total_cents: true,
  version: true,
});

/** The staff's order routes for /api/openapi.json (services/src/orders/admin-orders-router.ts). */
export const ADMIN_ORDER_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: BASE,
    summary: "The staff order list, newest first (count/start/sort, q over number, name and email)",
    query: OrderListQuery,
    fields: { items: z.array(listRow), total: z.number(), count: z.number(), start: z.number() },
  },
  {
    method: "GET",
    path: `${BASE}:number/`,
    refusals: ["ORDER_NOT_FOUND"],
    summary: "One order, from its stream",
    fields: order,
  },
  {
    method: "GET",
    path: `${BASE}:number/history/`,
    refusals: ["ORDER_NOT_FOUND"],
    summary: "The order's history: every event on its stream, oldest first",
    fields: { items: z.array(OrderHistoryItem) },
  },
  {
    method: "POST",
    path: `${BASE}:number/ship/`,
    refusals: ["ORDER_NOT_FOUND", "ORDER_ACTION_REFUSED", "ORDER_TRANSITION_NOT_ALLOWED", "STALE_VERSION"],
    summary: "Mark the order shipped with a tracking number (409 when cancelled, shipped or awaiting payment)",
    body: ShipOrderRequest,
    fields: order,
  },
  {
    method: "POST",
    path: `${BASE}:number/cancel/`,
    refusals: ["ORDER_NOT_FOUND", "ORDER_ACTION_REFUSED", "ORDER_TRANSITION_NOT_ALLOWED", "STALE_VERSION"],
    summary: "Cancel the order (409 when shipped or cancelled already)",
    body: CancelOrderRequest,
    fields: order,
  },
  {
    method: "POST",
    path: `${BASE}:number/check-received/`,
    refusals: ["ORDER_NOT_FOUND", "ORDER_ACTION_REFUSED", "ORDER_TRANSITION_NOT_ALLOWED", "STALE_VERSION"],
    summary: "Record the check or money order of an order awaiting payment",
    body: CheckReceivedRequest,
    fields: order,
  },
  {
    method: "POST",
    path: `${BASE}:number/refund/`,
    refusals: [
      "ORDER_NOT_FOUND",
      "ORDER_ACTION_REFUSED",
      "ORDER_TRANSITION_NOT_ALLOWED",
      "REFUND_FAILED",
      "STALE_VERSION",
    ],
    summary:
      "Refund in full (no amount_cents) or in part, through the gateway for a card (at most paid minus refunded)",
    body: RefundOrderRequest,
    fields: order,
  },
];

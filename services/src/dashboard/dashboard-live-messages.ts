import { DASHBOARD_CHANGED, type DashboardChangedMessage } from "@shop/shared/dashboard/api";
import { DASHBOARD_EVENTS } from "@shop/projections";
import { STAFF_ROOM, type LiveMessageMapper } from "../live/live-messages.ts";

const MOVES_FIGURES = new Set<string>([...DASHBOARD_EVENTS, "SkuStockChanged", "GamifyActionCounted"]);

/**
 * Every staff socket hears `dashboard:changed {type}` when an event moves the figures (an order, a
 * refund, a gift, stock, a giveaway player); it goes once the read models have the event, so the
 * dashboard's refetch sees it. The figures themselves depend on the reader's time zone: not pushed.
 */
export const dashboardLiveMessages: LiveMessageMapper = (recorded) => {
  if (!MOVES_FIGURES.has(recorded.type)) return [];
  const payload: DashboardChangedMessage = { type: recorded.type };
  return [{ namespace: "/admin", room: STAFF_ROOM, name: DASHBOARD_CHANGED, payload }];
};

import { MonthlyGiftAnswer, MonthlyGiftListAnswer, StaffMonthlyGiftListAnswer, TestMonthRequest } from "@shop/shared";
import type { RouteDoc } from "../platform/openapi/route-doc.ts";

/** The monthly gift routes for /api/openapi.json (services/src/monthly-gifts/monthly-gifts-router.ts). */
export const MONTHLY_GIFT_ROUTES: RouteDoc[] = [
  {
    method: "GET",
    path: "/api/account/monthly-gifts/",
    signedIn: true,
    summary:
      "The signed-in shopper's monthly gifts, latest first (started with 'Make this monthly' on the donate page)",
    answer: MonthlyGiftListAnswer,
  },
  {
    method: "POST",
    path: "/api/account/monthly-gifts/:id/cancel/",
    signedIn: true,
    refusals: ["MONTHLY_GIFT_NOT_FOUND", "MONTHLY_GIFT_CANCELLED", "MONTHLY_GIFT_OTHER_GATEWAY", "PAYMENT_UNAVAILABLE"],
    summary:
      "Stop one of the shopper's monthly gifts: the gateway's subscription ends, no further month is charged. Another shopper's gift answers 404; a cancelled one 409; one whose subscription is at another payment provider than the shop's now 409 (a test-mode gift on a live shop is only recorded: nothing can charge it); a gateway out of reach 502; nothing is written then",
    answer: MonthlyGiftAnswer,
  },
  {
    method: "GET",
    path: "/admin/api/monthly-gifts/",
    summary: "Every monthly gift (active first, latest first), with the giver's account id",
    answer: StaffMonthlyGiftListAnswer,
  },
  {
    method: "POST",
    path: "/admin/api/monthly-gifts/:id/cancel/",
    refusals: ["MONTHLY_GIFT_NOT_FOUND", "MONTHLY_GIFT_CANCELLED", "MONTHLY_GIFT_OTHER_GATEWAY", "PAYMENT_UNAVAILABLE"],
    summary:
      "Stop a monthly gift for its giver; the event names the staff member (audit trail). A cancelled one answers 409; one whose subscription is at another payment provider than the shop's now 409, naming it (a test-mode gift is only recorded)",
    answer: MonthlyGiftAnswer,
  },
  {
    method: "POST",
    path: "/admin/api/monthly-gifts/:id/test-month/",
    refusals: ["MONTHLY_GIFT_NOT_FOUND", "MONTHLY_GIFT_CANCELLED", "MONTHLY_GIFT_OTHER_GATEWAY"],
    summary:
      "Test mode only (PAYMENT_GATEWAY=test; 404 otherwise): the test gateway charges the next month now ({decline: true} declines it), recorded as a real month's notice",
    body: TestMonthRequest,
    answer: MonthlyGiftAnswer,
  },
];

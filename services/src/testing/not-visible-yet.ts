import { NOT_VISIBLE_YET } from "@shop/shared";

/** The documented 503 body of a read that waited 5 s for the caller's own write (`NOT_VISIBLE_YET`). */
export const notVisibleYetAnswer = {
  metadata: {
    success: false,
    code: "NOT_VISIBLE_YET",
    message: NOT_VISIBLE_YET,
    errors: [`__all__: ${NOT_VISIBLE_YET}`],
  },
};

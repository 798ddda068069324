import { type ComponentType, lazy } from "react";
import type { RecordExtraProps } from "../features/records/recordExtras";

/** Each model's panel below its record form, loaded with the first record page that shows it. */
export const RECORD_EXTRAS: Record<string, ComponentType<RecordExtraProps>> = {
  "store/campaign": lazy(() =>
    import("../features/campaigns/CampaignGiftForm").then((m) => ({ default: m.CampaignGiftForm })),
  ),
  "store/product": lazy(() =>
    import("../features/catalog/ProductImagesPanel").then((m) => ({ default: m.ProductImagesPanel })),
  ),
  "store/order": lazy(() => import("../features/orders/OrderPanel").then((m) => ({ default: m.OrderPanel }))),
  "gamify/campaign": lazy(() =>
    import("../features/gamify/GamifyPlayersPanel").then((m) => ({ default: m.GamifyPlayersPanel })),
  ),
};

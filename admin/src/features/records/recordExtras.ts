import type { ComponentType } from "react";
import type { AdminModel } from "@shop/shared";
import { CampaignGiftForm } from "../campaigns/CampaignGiftForm";
import { GamifyPlayersPanel } from "../gamify/GamifyPlayersPanel";
import { OrderPanel } from "../orders/OrderPanel";
import type { LoadedRecord } from "./recordApi";

export type RecordExtraProps = { model: AdminModel; record: LoadedRecord; readOnly: boolean };

/** What a model's record page shows below its form, beside the generated fields. */
export const RECORD_EXTRAS: Record<string, ComponentType<RecordExtraProps>> = {
  "store/campaign": CampaignGiftForm,
  "store/order": OrderPanel,
  "gamify/campaign": GamifyPlayersPanel,
};

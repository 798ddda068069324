import type { ComponentType } from "react";
import type { AdminModel } from "@shop/shared";
import type { LoadedRecord } from "./recordApi";

export type RecordExtraProps = { model: AdminModel; record: LoadedRecord; readOnly: boolean };

/** What a model's record page shows below its form, beside the generated fields (a campaign's gift form). */
export const RECORD_EXTRAS: Record<string, ComponentType<RecordExtraProps>> = {};

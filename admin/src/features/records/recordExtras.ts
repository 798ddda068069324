import type { AdminModel } from "@shop/shared";
import type { LoadedRecord } from "./recordApi";

/**
 * What a model's record page may show below its form, beside the generated fields: a feature's
 * panel (a campaign's gifts, an order's actions). The app names them (app/recordExtras.ts), so that
 * this folder imports no feature.
 */
export type RecordExtraProps = { model: AdminModel; record: LoadedRecord; readOnly: boolean };

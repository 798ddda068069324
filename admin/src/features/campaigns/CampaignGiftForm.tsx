import { useState, type FormEvent } from "react";
import {
  attachServerErrors,
  BACK_OFFICE_MESSAGES,
  FORM_MESSAGES,
  formatCents,
  parseCurrencyToCents,
} from "@shop/shared";
import { api } from "../../app/api";
import { FieldErrors } from "../../platform/FieldErrors";
import type { RecordExtraProps } from "../records/recordExtras";

type GiftBody = { amount_cents: number; donor_name: string; note: string };
type GiftError = { status?: number | string; data?: { metadata?: { errors?: string[]; message?: string } } };

const giftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /admin/api/store/campaign/{slug}/gift/: an offline gift (a cheque) counts toward the campaign. */
    recordGift: build.mutation<unknown, { slug: string; body: GiftBody; tagId: string }>({
      query: ({ slug, body }) => ({
        url: `/admin/api/store/campaign/${encodeURIComponent(slug)}/gift/`,
        method: "POST",
        body,
      }),
      invalidatesTags: (result, _error, { tagId }) => (result ? [{ type: "AdminRecord", id: tagId }, "NodeList"] : []),
    }),
  }),
});

const FIELDS = { amount_cents: "Amount", donor_name: "Donor name", note: "Note" } as const;
type GiftField = keyof typeof FIELDS;

/** A campaign's offline gift (issue 8): amount, donor and a note; the thermometer moves for every watcher. */
export function CampaignGiftForm({ model, record, readOnly }: RecordExtraProps) {
  const [record_, { isLoading }] = giftsApi.useRecordGiftMutation();
  const [values, setValues] = useState({ amount_cents: "", donor_name: "", note: "" });
  const [errors, setErrors] = useState<Partial<Record<GiftField, string[]>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const slug = String(record.slug ?? "");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setGeneral([]);
    const cents = parseCurrencyToCents(values.amount_cents);
    if (values.amount_cents.trim() === "" || cents <= 0) {
      setErrors({
        amount_cents: [values.amount_cents.trim() === "" ? FORM_MESSAGES.required : "Enter an amount above 0."],
      });
      return;
    }
    setErrors({});
    const result = await record_({
      slug,
      tagId: `${model.app}.${model.model}.${String(record.id)}`,
      body: { amount_cents: cents, donor_name: values.donor_name.trim(), note: values.note.trim() },
    });
    if ("error" in result && result.error) {
      const error = result.error as GiftError;
      const lines = error.data?.metadata?.errors ?? [];
      const attached = attachServerErrors(
        lines,
        (id) => id.startsWith("id_gift_") && document.getElementById(id) !== null,
      );
      const fields: Partial<Record<GiftField, string[]>> = {};
      for (const [id, messages] of Object.entries(attached.byElementId))
        fields[id.replace(/^id_gift_/, "") as GiftField] = messages;
      setErrors(fields);
      setGeneral(
        attached.formErrors.length || lines.length
          ? attached.formErrors
          : [error.data?.metadata?.message ?? BACK_OFFICE_MESSAGES.genericServerError],
      );
      return;
    }
    setValues({ amount_cents: "", donor_name: "", note: "" });
    setDone(`Gift of $${formatCents(cents, { commas: true })} recorded.`);
  };

  const input = (name: GiftField) => ({
    id: `id_gift_${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `id_gift_${name}-errors` : undefined,
  });

  return (
    <section className="card" aria-labelledby="gift-heading">
      <h2 id="gift-heading">Record an offline gift</h2>
      {done && (
        <p className="notice ok" role="status">
          {done}
        </p>
      )}
      {general.length > 0 && (
        <ul className="error-summary" role="alert">
          {general.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <form className="node-form" onSubmit={onSubmit} noValidate>
        <fieldset className="record-fields" disabled={readOnly || isLoading}>
          <legend className="visually-hidden">Offline gift</legend>
          {(Object.keys(FIELDS) as GiftField[]).map((name) => (
            <div key={name} className={`field field-gift-${name}`}>
              <label htmlFor={`id_gift_${name}`}>
                {FIELDS[name]}
                {name === "amount_cents" && <span aria-hidden="true"> *</span>}
              </label>
              {name === "note" ? (
                <textarea {...input(name)} rows={2} />
              ) : (
                <input
                  {...input(name)}
                  inputMode={name === "amount_cents" ? "decimal" : undefined}
                  autoComplete="off"
                />
              )}
              <FieldErrors id={`id_gift_${name}-errors`} messages={errors[name]} />
              {name === "amount_cents" && <p className="field-hint muted">In dollars, e.g. 250.00</p>}
            </div>
          ))}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={readOnly || isLoading}>
            {isLoading ? "Recording…" : "Record gift"}
          </button>
        </div>
      </form>
    </section>
  );
}

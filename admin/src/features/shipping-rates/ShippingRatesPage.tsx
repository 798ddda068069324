import { useEffect, useState, type FormEvent } from "react";
import { BACK_OFFICE_MESSAGES, FORM_MESSAGES, formatCents, parseCurrencyToCents } from "@shop/shared";
import type { ShippingRateRow, ShippingRatesAnswer } from "@shop/shared/checkout/shipping-rate-api";
import { api } from "../../app/api";
import { FieldErrors } from "../../platform/FieldErrors";
import "./shipping-rates.css";

type SaveError = { data?: { metadata?: { errors?: string[]; message?: string } } };
type Field = "code" | "label" | "base" | "per_item" | "free_over";
type FormRow = Record<Field, string> & { key: number };

const BASE = "/admin/api/store/shipping-rate/";
const shippingRatesApi = api.enhanceEndpoints({ addTagTypes: ["ShippingRates"] }).injectEndpoints({
  endpoints: (build) => ({
    shippingRates: build.query<ShippingRatesAnswer, void>({ query: () => BASE, providesTags: ["ShippingRates"] }),
    saveShippingRates: build.mutation<ShippingRatesAnswer, { rates: ShippingRateRow[]; expected_version: number }>({
      query: (body) => ({ url: BASE, method: "PUT", body }),
      invalidatesTags: (result) => (result ? ["ShippingRates"] : []),
    }),
  }),
});

const COLUMNS: Array<[Field, string, string]> = [
  ["code", "Code", "code"],
  ["label", "Label", "label"],
  ["base", "Base", "base_cents"],
  ["per_item", "Per further item", "per_item_cents"],
  ["free_over", "Free over", "free_over_cents"],
];
const MONEY = /^\$?\s*\d{1,7}(\.\d{1,2})?$/;
let nextKey = 1;

const rowOf = (r: ShippingRateRow): FormRow => ({
  key: nextKey++,
  code: r.code,
  label: r.label,
  base: formatCents(r.base_cents),
  per_item: formatCents(r.per_item_cents),
  free_over: r.free_over_cents === null ? "" : formatCents(r.free_over_cents),
});
const blank = (): FormRow => ({ key: nextKey++, code: "", label: "", base: "", per_item: "0.00", free_over: "" });

/** The form's money fields checked before sending: required (but free over) and an amount. */
function clientErrors(rows: FormRow[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  rows.forEach((row, i) => {
    for (const field of ["base", "per_item", "free_over"] as const) {
      const value = row[field].trim();
      if (value === "" && field !== "free_over") errors[`${i}.${field}`] = [FORM_MESSAGES.required];
      else if (value !== "" && !MONEY.test(value)) errors[`${i}.${field}`] = ["Enter an amount such as 5.99."];
    }
  });
  return errors;
}

/** /admin/store/shipping-rate/: staff edit the rate table the checkout's shipping step prices with. */
export function ShippingRatesPage() {
  const { data, isError } = shippingRatesApi.useShippingRatesQuery();
  const [save, { isLoading }] = shippingRatesApi.useSaveShippingRatesMutation();
  const [rows, setRows] = useState<FormRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (data) setRows(data.rates.map(rowOf));
  }, [data]);

  if (isError)
    return (
      <p className="notice warn" role="alert">
        The shipping rates could not be loaded. Please refresh this page.
      </p>
    );
  if (!data) return <p>Loading the shipping rates…</p>;

  const change = (index: number, field: Field, value: string) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, [field]: value } : r)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setGeneral([]);
    const local = clientErrors(rows);
    setErrors(local);
    if (Object.keys(local).length) return;
    const result = await save({
      expected_version: data.version,
      rates: rows.map((r) => ({
        code: r.code.trim(),
        label: r.label.trim(),
        base_cents: parseCurrencyToCents(r.base),
        per_item_cents: parseCurrencyToCents(r.per_item),
        free_over_cents: r.free_over.trim() === "" ? null : parseCurrencyToCents(r.free_over),
      })),
    });
    if ("error" in result && result.error) {
      const metadata = (result.error as SaveError).data?.metadata;
      const byField: Record<string, string[]> = {};
      const rest: string[] = [];
      for (const line of metadata?.errors ?? []) {
        const [path, ...message] = line.split(": ");
        const match = /^rates\.(\d+)\.(\w+)$/.exec(path);
        const column = match && COLUMNS.find(([, , api]) => api === match[2]);
        if (match && column) {
          const key = `${match[1]}.${column[0]}`;
          byField[key] = [...(byField[key] ?? []), message.join(": ")];
        } else rest.push(path === "__all__" || path === "rates" ? message.join(": ") : line);
      }
      setErrors(byField);
      setGeneral(
        rest.length || Object.keys(byField).length
          ? rest
          : [metadata?.message ?? BACK_OFFICE_MESSAGES.genericServerError],
      );
      return;
    }
    setDone("The shipping rates were saved. The checkout uses them from now on.");
  };

  return (
    <section className="shipping-rates" aria-labelledby="shipping-rates-heading">
      <div className="page-heading">
        <h1 id="shipping-rates-heading">Shipping rates</h1>
        <p className="muted">
          Each method costs its base price plus the per-item price for every item after the first, and is free when the
          goods reach its free-over amount (blank: never).
          {data.updated_by && ` Last saved by ${data.updated_by}.`}
        </p>
      </div>
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
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isLoading}>
          <legend className="visually-hidden">Shipping rate table</legend>
          <table className="shipping-rate-table">
            <thead>
              <tr>
                {COLUMNS.map(([field, label]) => (
                  <th key={field} scope="col">
                    {label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.key}>
                  {COLUMNS.map(([field, label]) => {
                    const id = `id_rates-${i}-${field}`;
                    const messages = errors[`${i}.${field}`];
                    return (
                      <td key={field} data-label={label}>
                        <input
                          id={id}
                          aria-label={`${label}, row ${i + 1}`}
                          value={row[field]}
                          inputMode={field === "code" || field === "label" ? undefined : "decimal"}
                          onChange={(e) => change(i, field, e.target.value)}
                          aria-invalid={messages ? true : undefined}
                          aria-describedby={messages ? `${id}-errors` : undefined}
                        />
                        <FieldErrors id={`${id}-errors`} messages={messages} />
                      </td>
                    );
                  })}
                  <td>
                    <button
                      type="button"
                      className="button-secondary"
                      onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      aria-label={`Remove row ${i + 1}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="shipping-rate-actions">
            <button type="button" className="button-secondary" onClick={() => setRows((all) => [...all, blank()])}>
              Add a rate
            </button>
            <button type="submit">{isLoading ? "Saving…" : "Save"}</button>
          </p>
        </fieldset>
      </form>
    </section>
  );
}

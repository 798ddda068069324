import { useState, type FormEvent } from "react";
import { FieldErrors } from "../../platform/FieldErrors";
import { useShippingOptionsQuery } from "./checkoutApi";

/** Step 3: the server's shipping_options (radio inputs with prices), fetched afresh each time the step opens. */
export function ShippingStep(props: {
  onSubmit: (method: string) => void;
  saving: boolean;
  errors: Record<string, string[]>;
}) {
  const [nonce] = useState(() => Date.now());
  const { data, isError } = useShippingOptionsQuery(nonce);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const method = new FormData(e.currentTarget).get("shipping_method");
    props.onSubmit(typeof method === "string" ? method : "");
  };
  if (isError)
    return <p className="alert negative">The shipping methods could not be loaded. Please refresh this page.</p>;
  if (!data) return <p>Loading shipping methods…</p>;
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend>Shipping method</legend>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our server renders the methods with escaped labels (order-pricing.ts); the CSP runs no inline script */}
        <div className="shipping-options" dangerouslySetInnerHTML={{ __html: data.shipping_options }} />
        <FieldErrors id="id_shipping_method_errors" messages={props.errors.shipping_method ?? []} />
      </fieldset>
      <button type="submit" disabled={props.saving}>
        Continue
      </button>
    </form>
  );
}

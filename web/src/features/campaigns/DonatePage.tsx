import { type FormEvent, useId, useState } from "react";
import { CampaignThermometer } from "./CampaignThermometer";
import { DonateStory } from "./DonateStory";
import { QuickDonateForm } from "./QuickDonateForm";
import { useAddToCartMutation } from "../cart/cartApi";
import { DONATION_ADDED } from "../cart/cartMessages";
import { donationCents, donationDollars, donationOnBlur, money } from "../cart/money";
import { ORGANIZATION_KEY, OrganizationField } from "../checkout/OrganizationField";
import "../cart/cart.css";
import "./donate.css";

export const DONATE_CAMPAIGN = "ark-main";

/** The donation SKUs a gift from this page goes to; the amount is the cart line's quantity (dollars, cents kept). */
const FUNDS = [
  { sku: "Ark", label: "The Ark campaign", amountLabel: "Amount for the Ark campaign ($)" },
  { sku: "GeneralDonation", label: "Where it is needed most", amountLabel: "Amount for where it is needed most ($)" },
];
const PRESETS = [25, 50, 100, 250];
const SUBMIT_LABEL = "Add Donation to Cart";

const storedOrganization = () => {
  try {
    return sessionStorage.getItem(ORGANIZATION_KEY) ?? "";
  } catch {
    return "";
  }
};

/** The donate page: several amounts, a running total, and the campaign's live thermometer (§2). */
export function DonatePage() {
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  // The organisation a gift is given for goes to the checkout's billing step (kept for this tab).
  const [organization, setOrganization] = useState(storedOrganization);
  const [orgTicked, setOrgTicked] = useState(() => organization !== "");
  const [add, { isLoading }] = useAddToCartMutation();
  const ids = useId();
  const cents = (sku: string) => donationCents(amounts[sku] ?? "");
  const total = FUNDS.reduce((sum, f) => sum + cents(f.sku), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pairs = Object.fromEntries(
      FUNDS.flatMap((f) => (cents(f.sku) > 0 ? [[f.sku, donationDollars(cents(f.sku))]] : [])),
    );
    if (!Object.keys(pairs).length) return;
    try {
      if (orgTicked && organization.trim()) sessionStorage.setItem(ORGANIZATION_KEY, organization.trim());
      else sessionStorage.removeItem(ORGANIZATION_KEY);
    } catch {
      // storage off: the shopper types it again at checkout
    }
    const answer = await add(pairs);
    if ("data" in answer && answer.data?.metadata?.success) {
      setMessage(DONATION_ADDED);
      setAmounts({});
    } else {
      const [sku, qty] = Object.entries(pairs)[0];
      window.location.assign(`/store/cart/?${encodeURIComponent(sku)}=${qty}&add-to-cart`);
    }
  };

  return (
    <div className="donate-page">
      <h1>Donate</h1>
      <DonateStory />
      <CampaignThermometer campaign={DONATE_CAMPAIGN} title="The Ark campaign" />
      <QuickDonateForm />
      <h2>Or add gifts to your cart</h2>
      <p>Give to both funds, or give with an order from the shop, and pay at checkout.</p>
      <form onSubmit={submit} noValidate className="donate-form">
        {FUNDS.map((fund, i) => (
          <fieldset key={fund.sku}>
            <legend>{fund.label}</legend>
            <div className="preset-amounts">
              {PRESETS.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  aria-pressed={cents(fund.sku) === amount * 100}
                  onClick={() => setAmounts({ ...amounts, [fund.sku]: String(amount) })}
                >
                  ${amount}
                </button>
              ))}
            </div>
            <label htmlFor={`${ids}-${i}`}>{fund.amountLabel}</label>
            <input
              id={`${ids}-${i}`}
              inputMode="decimal"
              size={8}
              value={amounts[fund.sku] ?? ""}
              onChange={(e) => setAmounts({ ...amounts, [fund.sku]: e.target.value })}
              onBlur={(e) => setAmounts({ ...amounts, [fund.sku]: donationOnBlur(e.target.value) })}
            />
          </fieldset>
        ))}
        <OrganizationField
          submitLabel={SUBMIT_LABEL}
          ticked={orgTicked}
          onTick={setOrgTicked}
          values={{ org_name: organization }}
          errors={{}}
          onChange={(_name, value) => setOrganization(value)}
        />
        <p className="donate-total" aria-live="polite">
          Total: <strong>{money(total / 100)}</strong>
        </p>
        <button type="submit" disabled={isLoading || total === 0}>
          {SUBMIT_LABEL}
        </button>
        {message && (
          <p role="status" className="alert positive">
            {message} <a href="/store/cart/">View Cart</a>
          </p>
        )}
      </form>
    </div>
  );
}

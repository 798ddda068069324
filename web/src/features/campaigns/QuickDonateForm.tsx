import { type FormEvent, useRef, useState } from "react";
import { FieldErrors } from "../../platform/FieldErrors";
import { type ErrorsByField, emailField, recheckField, scrollToFirstError } from "../../platform/formCheck";
import { donationCents, donationOnBlur, money } from "../cart/money";
import { CardFields } from "../checkout/CardFields";
import { refusalOf, type StepRefusal } from "../checkout/checkoutErrors";
import { FormField } from "../checkout/FormField";
import { RefusalAlert } from "../checkout/RefusalAlert";
import { OneFormStripeCardFields, useOneFormStripeCard } from "../checkout/useOneFormStripeCard";
import { useMeQuery } from "../accounts/accountApi";
import { MonthlyOption } from "../monthly-gifts/MonthlyOption";
import {
  useQuickDonationCardFormQuery,
  useQuickDonationMutation,
  useQuickDonationPaymentMutation,
} from "./quickDonationApi";
import "../checkout/checkout.css";

const FUNDS = [
  { sku: "Ark", label: "The Ark campaign" },
  { sku: "GeneralDonation", label: "Where it is needed most" },
];
const PRESETS = ["25.00", "50.00", "100.00", "250.00"];
/** What a PaymentIntent is made for: changing one of these after it was made asks for another. */
const INTENT_FIELDS = ["amount", "fund", "monthly"];
const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/**
 * Give now (issue 26 §5): a gift without the shop's checkout, amount, fund, email and card on one
 * form, placed as one order (POST /api/store/shop/quick-donation/), then the order complete page.
 * The server's checks are the form's: a refusal puts each message beside its field. On a Stripe shop
 * the card goes into Stripe's Payment Element: the first submit checks the form and makes its
 * PaymentIntent, the second confirms it in the browser and posts the gift with its id.
 */
export function QuickDonateForm() {
  const [values, setValues] = useState<Record<string, string>>({ fund: "Ark", amount: "" });
  const [errors, setErrors] = useState<ErrorsByField>({});
  const [refusal, setRefusal] = useState<StepRefusal | null>(null);
  const [giving, setGiving] = useState(false);
  const [give] = useQuickDonationMutation();
  const [makeIntent] = useQuickDonationPaymentMutation();
  const { data: me } = useMeQuery();
  const { data: cardForm } = useQuickDonationCardFormQuery();
  const onStripe = cardForm?.card_form === "stripe";
  const stripeCard = useOneFormStripeCard();
  const key = useRef(newKey());
  const form = useRef<HTMLFormElement>(null);
  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // The intent was made for the old amount, fund or monthly choice: the next submit makes another.
    if (stripeCard.intent && INTENT_FIELDS.includes(name)) {
      stripeCard.forget();
      key.current = newKey();
    }
  };
  const cents = donationCents(values.amount ?? "");
  // On Stripe only the name of the card's holder is ours to send; the card stays in Stripe's frame.
  const giftValues = (extra: Record<string, string> = {}) => {
    if (!onStripe) return values;
    const { fund = "", amount = "", email = "", name_on_card = "", monthly = "" } = values;
    return { fund, amount, email, name_on_card, monthly, ...extra };
  };

  const giveOnStripe = async () => {
    const leaving = await stripeCard.pay(
      async () => {
        const made = await makeIntent({ values: giftValues(), idempotencyKey: key.current }).unwrap();
        setErrors({});
        return made.stripe;
      },
      (paymentIntent) =>
        give({ values: giftValues({ payment_intent: paymentIntent }), idempotencyKey: key.current }).unwrap(),
    );
    if (!leaving) setGiving(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (giving) return; // a double click: the first gift is under way
    setGiving(true);
    setRefusal(null);
    try {
      if (onStripe) return await giveOnStripe();
      const answer = await give({ values, idempotencyKey: key.current }).unwrap();
      window.location.assign(answer.redirect);
    } catch (error) {
      setGiving(false);
      const refused = refusalOf(error);
      setRefusal(refused);
      setErrors(refused.fields);
      scrollToFirstError(form);
    }
  };

  return (
    <section className="quick-donate" aria-labelledby="quick-donate-heading">
      <h2 id="quick-donate-heading">Give now</h2>
      <p>Your gift in one step: no account and no cart needed. A receipt goes to your email.</p>
      <RefusalAlert refusal={refusal} takeFocus={false} />
      <form ref={form} onSubmit={submit} noValidate className="donate-form">
        <fieldset>
          <legend>Your gift</legend>
          <div className="preset-amounts" role="radiogroup" aria-label="Choose an amount">
            {PRESETS.map((amount) => (
              <label key={amount} className="preset-radio">
                <input
                  type="radio"
                  name="quick-amount-preset"
                  checked={cents === donationCents(amount)}
                  onChange={() => change("amount", amount)}
                />
                {money(amount).replace(".00", "")}
              </label>
            ))}
          </div>
          <label htmlFor="quick-amount">Amount ($)</label>
          <input
            id="quick-amount"
            inputMode="decimal"
            size={8}
            value={values.amount ?? ""}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? "quick-amount_errors" : undefined}
            onChange={(e) => change("amount", e.target.value)}
            onBlur={(e) => change("amount", donationOnBlur(e.target.value))}
          />
          <FieldErrors id="quick-amount_errors" messages={errors.amount} />
          <label htmlFor="quick-fund">Give to</label>
          <select id="quick-fund" value={values.fund} onChange={(e) => change("fund", e.target.value)}>
            {FUNDS.map((f) => (
              <option key={f.sku} value={f.sku}>
                {f.label}
              </option>
            ))}
          </select>
          <FieldErrors id="quick-fund_errors" messages={errors.fund} />
        </fieldset>
        <FormField
          name="email"
          label="Email for your receipt"
          type="email"
          autoComplete="email"
          required
          values={values}
          errors={errors}
          onChange={change}
          onCheck={(name, value) => setErrors((e) => recheckField(e, emailField(value, name)))}
        />
        <fieldset>
          <legend>Card</legend>
          {onStripe ? (
            <OneFormStripeCardFields card={stripeCard} values={values} errors={errors} onChange={change} />
          ) : (
            <CardFields values={values} errors={errors} onChange={change} />
          )}
        </fieldset>
        <MonthlyOption
          checked={values.monthly === "on"}
          signedIn={Boolean(me)}
          errors={errors.monthly}
          onChange={(on) => change("monthly", on ? "on" : "")}
        />
        <button type="submit" disabled={giving}>
          {giving
            ? "Giving..."
            : onStripe && !stripeCard.intent
              ? "Continue to card"
              : cents > 0
                ? `Give ${money(cents / 100)} ${values.monthly === "on" ? "monthly" : "now"}`
                : "Give now"}
        </button>
      </form>
    </section>
  );
}

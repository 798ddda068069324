import { type FormEvent, useRef, useState } from "react";
import { FieldErrors } from "../../platform/FieldErrors";
import { type ErrorsByField, emailField, recheckField, scrollToFirstError } from "../../platform/formCheck";
import { donationCents, donationOnBlur, money } from "../cart/money";
import { CardFields } from "../checkout/CardFields";
import { refusalOf, type StepRefusal } from "../checkout/checkoutErrors";
import { FormField } from "../checkout/FormField";
import { RefusalAlert } from "../checkout/RefusalAlert";
import { useMeQuery } from "../accounts/accountApi";
import { MonthlyOption } from "../monthly-gifts/MonthlyOption";
import { useQuickDonationMutation } from "./quickDonationApi";
import "../checkout/checkout.css";

const FUNDS = [
  { sku: "Ark", label: "The Ark campaign" },
  { sku: "GeneralDonation", label: "Where it is needed most" },
];
const PRESETS = ["25.00", "50.00", "100.00", "250.00"];
const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/**
 * Give now (issue 26 §5): a gift without the shop's checkout, amount, fund, email and card on one
 * form, placed as one order (POST /api/store/shop/quick-donation/), then the order complete page.
 * The server's checks are the form's: a refusal puts each message beside its field.
 */
export function QuickDonateForm() {
  const [values, setValues] = useState<Record<string, string>>({ fund: "Ark", amount: "" });
  const [errors, setErrors] = useState<ErrorsByField>({});
  const [refusal, setRefusal] = useState<StepRefusal | null>(null);
  const [giving, setGiving] = useState(false);
  const [give] = useQuickDonationMutation();
  const { data: me } = useMeQuery();
  const key = useRef(newKey());
  const form = useRef<HTMLFormElement>(null);
  const change = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const cents = donationCents(values.amount ?? "");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (giving) return; // a double click: the first gift is under way
    setGiving(true);
    setRefusal(null);
    try {
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
          <CardFields values={values} errors={errors} onChange={change} />
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
            : cents > 0
              ? `Give ${money(cents / 100)} ${values.monthly === "on" ? "monthly" : "now"}`
              : "Give now"}
        </button>
      </form>
    </section>
  );
}

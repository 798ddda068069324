import { track } from "../../platform/analytics";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CheckoutDeliveryRequest, CheckoutInfoRequest, deliveryFieldErrors } from "@shop/shared/checkout/api";
import { isEmailAddress } from "@shop/shared/domain/text-format";
import { FieldErrors } from "../../platform/FieldErrors";
import {
  type ErrorsByField,
  emailField,
  recheckField,
  schemaErrors,
  scrollToFirstError,
} from "../../platform/formCheck";
import { AddressFields, BillingFields, FormField } from "./FormField";
import { useCheckoutStateQuery, useSubmitStepMutation, type FormValues, type StepName } from "./checkoutApi";
import { refusalOf, type StepRefusal } from "./checkoutErrors";
import { PaymentStep } from "./PaymentStep";
import { RefusalAlert } from "./RefusalAlert";
import { ShippingStep } from "./ShippingStep";
import { AddressBookChoices, BillingAddressPicker } from "./AddressBookPicks";
import "./checkout.css";
import { ORGANIZATION_KEY, OrganizationField } from "./OrganizationField";

const BILLING_FIELDS = ["first_name", "last_name", "street1", "street2", "city", "state", "postal_code", "country"];
const STEP_TITLES = ["Billing information", "Delivery", "Shipping method", "Payment and review"];
const EMPTY: FormValues = { country: "US", ship_country: "US" };

/** /store/checkout/: the four steps of §2 and §4, each posted to the server, which keeps the checkout. */
export function CheckoutPage() {
  const { data: state, isError } = useCheckoutStateQuery();
  const [submitStep, { isLoading: saving }] = useSubmitStepMutation();
  const [open, setOpen] = useState(1);
  const [reached, setReached] = useState(1);
  // Reaching checkout is the funnel's third stage (spec 1); each later step is counted as it opens.
  useEffect(() => track({ name: "checkout_step", step: 1 }), []);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [refusal, setRefusal] = useState<StepRefusal | null>(null);
  // The fields' messages: the client checks' and the refused step's. Kept apart from the refusal, whose
  // alert takes the focus whenever it changes; a check on blur must leave the focus where it goes.
  const [fieldErrors, setFieldErrors] = useState<ErrorsByField>({});
  const stepsRef = useRef<HTMLDivElement>(null);
  const [orgTicked, setOrgTicked] = useState(false);
  const [shipMode, setShipMode] = useState<"same" | "other">("same");
  /** An address of the book picked for billing / shipping, by the checkout's id (2 and up); "" for none. */
  const [billingPick, setBillingPick] = useState("");
  const [shipPick, setShipPick] = useState("");
  const [digitalMode, setDigitalMode] = useState<"same" | "other">("same");
  const otherShip = useRef<FormValues>({});

  useEffect(() => {
    if (!state) return;
    if (state.empty) return void window.location.assign("/store/cart/");
    const loaded = { ...EMPTY, ...(state.billing ?? {}), ...(state.delivery ?? {}) };
    // A name given on the donate page fills an empty billing organisation (and ticks its box).
    if (!loaded.org_name) loaded.org_name = sessionStorage.getItem(ORGANIZATION_KEY) ?? "";
    setValues(loaded);
    setOrgTicked(Boolean(loaded.org_name));
    if (
      state.delivery &&
      BILLING_FIELDS.some((f) => (state.delivery?.[`ship_${f}`] ?? "") !== (state.billing?.[f] ?? ""))
    )
      setShipMode("other");
    if (state.delivery?.digital_email && state.delivery.digital_email !== state.billing?.email) setDigitalMode("other");
    setReached(state.step);
    setOpen(state.step);
  }, [state]);

  const change = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const goTo = (step: number) => {
    track({ name: "checkout_step", step });
    setRefusal(null);
    setFieldErrors({});
    setOpen(step);
    setReached((r) => Math.max(r, step));
  };
  const refused = (error: unknown) => {
    const r = refusalOf(error);
    if (r.invalidStep) return void window.location.assign("/store/cart/");
    if (r.backToStep) setOpen(r.backToStep);
    setRefusal(r);
    setFieldErrors(r.fields);
  };
  const clearRefusal = () => {
    setRefusal(null);
    setFieldErrors({});
  };
  const checkEmail = (name: string, value: string) => setFieldErrors((e) => recheckField(e, emailField(value, name)));
  /** §5: the client checks run before a step is sent; failing, they show by field and the first gets the focus. */
  const passesChecks = (found: ErrorsByField) => {
    if (Object.keys(found).length === 0) return true;
    setRefusal(null);
    setFieldErrors(found);
    scrollToFirstError(stepsRef);
    return false;
  };

  async function send(step: StepName, body: FormValues) {
    setRefusal(null);
    try {
      const answer = await submitStep({ step, values: body }).unwrap();
      goTo(answer.step);
    } catch (error) {
      refused(error);
    }
  }

  const billingSubmit = (e: FormEvent) => {
    e.preventDefault();
    const fields = billingPick ? ["email", "org_name"] : [...BILLING_FIELDS, "email", "org_name"];
    const body = Object.fromEntries(fields.map((f) => [f, values[f] ?? ""]));
    if (billingPick) body.billing_address_id = billingPick;
    if (!orgTicked) body.org_name = "";
    if (!passesChecks(schemaErrors(CheckoutInfoRequest, body))) return;
    // §4: the billing email becomes the delivery email when that is empty and the billing one is valid.
    if (!values.digital_email && isEmailAddress(values.email ?? "")) change("digital_email", values.email);
    void send("info", body);
  };

  const deliverySubmit = (e: FormEvent) => {
    e.preventDefault();
    const ship = Object.fromEntries(
      BILLING_FIELDS.map((f) => [`ship_${f}`, shipMode === "same" ? (values[f] ?? "") : (values[`ship_${f}`] ?? "")]),
    );
    const digital_email = digitalMode === "same" ? (values.email ?? "") : (values.digital_email ?? "");
    // Id 1 is the billing address: the server copies it when billing came from the address book.
    const byId = shipPick || (shipMode === "same" && billingPick ? "1" : "");
    const picked = byId ? { shipping_address_id: byId } : ship;
    const typed = CheckoutDeliveryRequest.safeParse({ ...ship, digital_email });
    const needs = { ships: Boolean(state?.ships) && shipMode === "other" && !byId, digital: Boolean(state?.digital) };
    if (typed.success && !passesChecks(deliveryFieldErrors(typed.data, needs))) return;
    void send("delivery", { ...(state?.ships ? picked : {}), digital_email });
  };

  const chooseShipMode = (mode: "same" | "other") => {
    setShipPick("");
    setShipMode(mode);
    if (mode === "other") {
      // 'Other' restores what was typed there before, or starts empty in the US.
      const restored = Object.keys(otherShip.current).length
        ? otherShip.current
        : Object.fromEntries([...BILLING_FIELDS.map((f) => [`ship_${f}`, ""]), ["ship_country", "US"]]);
      setValues((v) => ({ ...v, ...restored }));
    } else {
      otherShip.current = Object.fromEntries(BILLING_FIELDS.map((f) => [`ship_${f}`, values[`ship_${f}`] ?? ""]));
    }
  };

  if (isError) return <p className="alert negative">The checkout could not be loaded. Please refresh this page.</p>;
  if (!state) return <p>Loading the checkout…</p>;
  const donationOnly = !state.ships && !state.digital;
  // The order's button says what the shopper does: a cart of gifts only is a donation (back-office §3).
  const orderLabel = donationOnly ? "Donate" : "Submit Order";
  const errors = fieldErrors;
  const visibleSteps = [1, 2, ...(state.ships ? [3] : []), 4];

  const section = (step: number, body: ReactNode) => (
    <section
      className={`checkout-step${open === step ? " open" : ""}`}
      aria-labelledby={`step-${step}-title`}
      key={step}
    >
      <h2 id={`step-${step}-title`}>
        {step < reached && open !== step ? (
          <button type="button" className="link-button step-link" onClick={() => goTo(step)}>
            {STEP_TITLES[step - 1]} <span className="visually-hidden">(edit)</span>
          </button>
        ) : (
          STEP_TITLES[step - 1]
        )}
      </h2>
      {open === step ? (
        <>
          <RefusalAlert refusal={refusal} />
          {body}
        </>
      ) : null}
    </section>
  );

  return (
    <div className="checkout-page" ref={stepsRef}>
      <h1>Checkout</h1>
      <nav aria-label="Checkout steps">
        <ol className="checkout-nav">
          {visibleSteps.map((step) => (
            <li key={step} aria-current={open === step ? "step" : undefined}>
              {step <= reached && open !== step ? (
                <button type="button" className="link-button" onClick={() => goTo(step)}>
                  {STEP_TITLES[step - 1]}
                </button>
              ) : (
                <span>{STEP_TITLES[step - 1]}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {section(
        1,
        <form onSubmit={billingSubmit} noValidate>
          <BillingAddressPicker
            addresses={state.addresses}
            picked={billingPick}
            onPick={setBillingPick}
            errors={errors}
          />
          <BillingFields
            address={!billingPick}
            values={values}
            errors={errors}
            onChange={change}
            onCheck={checkEmail}
          />
          <OrganizationField
            submitLabel={orderLabel}
            ticked={orgTicked}
            onTick={setOrgTicked}
            values={values}
            errors={errors}
            onChange={change}
          />
          <button type="submit" disabled={saving}>
            Continue
          </button>
        </form>,
      )}
      {section(
        2,
        <form onSubmit={deliverySubmit} noValidate>
          {state.ships ? (
            <fieldset>
              <legend>Shipping address</legend>
              <ModeChoice
                name="ship_mode"
                mode={shipPick ? "book" : shipMode}
                onChange={(m) => m !== "book" && chooseShipMode(m)}
                same="Same as billing"
                other="Other"
              />
              <AddressBookChoices addresses={state.addresses} picked={shipPick} onPick={setShipPick} errors={errors} />
              {shipMode === "other" && !shipPick ? (
                <AddressFields prefix="ship_" autoPrefix="shipping" values={values} errors={errors} onChange={change} />
              ) : (
                <FieldErrors
                  id="ship_errors"
                  messages={Object.entries(errors)
                    .filter(([k]) => k.startsWith("ship_"))
                    .flatMap(([, m]) => m)}
                />
              )}
            </fieldset>
          ) : null}
          {state.digital ? (
            <fieldset>
              <legend>Digital delivery email</legend>
              <ModeChoice
                name="digital_mode"
                mode={digitalMode}
                onChange={setDigitalMode}
                same="Same as billing email"
                other="Other (a gift)"
              />
              {digitalMode === "other" ? (
                <FormField
                  name="digital_email"
                  label="Deliver to email"
                  type="email"
                  inputMode="email"
                  required
                  values={values}
                  errors={errors}
                  onChange={change}
                  onCheck={checkEmail}
                />
              ) : (
                <FieldErrors id="digital_errors" messages={errors.digital_email ?? []} />
              )}
            </fieldset>
          ) : null}
          {!state.ships && !state.digital ? <p>Nothing in your cart needs delivering.</p> : null}
          <button type="submit" disabled={saving}>
            Continue
          </button>
        </form>,
      )}
      {state.ships
        ? section(
            3,
            <ShippingStep
              onSubmit={(method) => send("shipping", { shipping_method: method })}
              saving={saving}
              errors={errors}
            />,
          )
        : null}
      {section(
        4,
        <PaymentStep submitLabel={orderLabel} onRefused={refused} errors={errors} clearRefusal={clearRefusal} />,
      )}
    </div>
  );
}

function ModeChoice<M extends string>(props: {
  name: string;
  mode: M;
  onChange: (m: M) => void;
  same: string;
  other: string;
}) {
  const { name, mode, onChange, same, other } = props;
  return (
    <div className="mode-choice">
      <label>
        <input type="radio" name={name} checked={mode === "same"} onChange={() => onChange("same" as M)} /> {same}
      </label>
      <label>
        <input type="radio" name={name} checked={mode === "other"} onChange={() => onChange("other" as M)} /> {other}
      </label>
    </div>
  );
}

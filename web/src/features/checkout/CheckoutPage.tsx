import { useEffect, useRef, useState, type ReactNode } from "react";
import { track } from "../../platform/analytics";
import { type ErrorsByField, emailField, recheckField, scrollToFirstError } from "../../platform/formCheck";
import { useMeQuery } from "../accounts/accountApi";
import { BillingForm } from "./BillingForm";
import { useCheckoutStateQuery, useSubmitStepMutation, type FormValues, type StepName } from "./checkoutApi";
import { refusalOf, type StepRefusal } from "./checkoutErrors";
import { DeliveryForm } from "./DeliveryForm";
import { OrderSummary } from "./OrderSummary";
import { ORGANIZATION_KEY } from "./OrganizationField";
import { PaymentStep } from "./PaymentStep";
import { RefusalAlert } from "./RefusalAlert";
import { ShippingStep } from "./ShippingStep";
import { SignInToCheckout } from "./SignInToCheckout";
import { STEP_TITLES, StepNav } from "./StepNav";
import type { StepForm } from "./stepForm";
import { useCheckoutPrefill } from "./useCheckoutPrefill";
import { useDeliveryChoices } from "./useDeliveryChoices";
import "./checkout.css";

const EMPTY: FormValues = { country: "US", ship_country: "US" };

/** /store/checkout/: the four steps of §2 and §4, each posted to the server, which keeps the checkout. */
export function CheckoutPage() {
  const { data: state, isError } = useCheckoutStateQuery();
  const { data: me } = useMeQuery();
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
  /** An address of the book picked for billing, by the checkout's id (2 and up); "" for none. */
  const [billingPick, setBillingPick] = useState("");
  const choices = useDeliveryChoices(state, values, setValues);
  useCheckoutPrefill(state, me, setValues, setBillingPick);

  useEffect(() => {
    if (!state) return;
    if (state.empty) return void window.location.assign("/store/cart/");
    const loaded = { ...EMPTY, ...(state.billing ?? {}), ...(state.delivery ?? {}) };
    // A name given on the donate page fills an empty billing organisation (and ticks its box).
    if (!loaded.org_name) loaded.org_name = sessionStorage.getItem(ORGANIZATION_KEY) ?? "";
    setValues((v) => ({ ...v, ...loaded }));
    setOrgTicked(Boolean(loaded.org_name));
    setReached(state.step);
    setOpen(state.step);
  }, [state]);

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

  async function send(step: StepName, body: FormValues) {
    setRefusal(null);
    try {
      const answer = await submitStep({ step, values: body }).unwrap();
      goTo(answer.step);
    } catch (error) {
      refused(error);
    }
  }

  const form: StepForm = {
    values,
    errors: fieldErrors,
    saving,
    signedIn: Boolean(me),
    change: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    checkEmail: (name, value) => setFieldErrors((e) => recheckField(e, emailField(value, name))),
    /** §5: the client checks run before a step is sent; failing, they show by field and the first gets the focus. */
    passesChecks: (found) => {
      if (Object.keys(found).length === 0) return true;
      setRefusal(null);
      setFieldErrors(found);
      scrollToFirstError(stepsRef);
      return false;
    },
    send: (step, body) => void send(step, body),
  };

  if (isError) return <p className="alert negative">The checkout could not be loaded. Please refresh this page.</p>;
  if (!state) return <p>Loading the checkout…</p>;
  // The order's button says what the shopper does: a cart of gifts only is a donation (back-office §3).
  const orderLabel = !state.ships && !state.digital ? "Donate" : "Submit Order";
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
    <div className="checkout-page">
      <h1>Checkout</h1>
      <StepNav steps={visibleSteps} open={open} reached={reached} goTo={goTo} />
      <div className="checkout-layout">
        <div className="checkout-steps" ref={stepsRef}>
          {open === 1 ? <SignInToCheckout next="/store/checkout/" /> : null}
          {section(
            1,
            <BillingForm
              form={form}
              addresses={state.addresses}
              picked={billingPick}
              onPick={setBillingPick}
              orgTicked={orgTicked}
              onOrgTick={setOrgTicked}
              orderLabel={orderLabel}
            />,
          )}
          {section(2, <DeliveryForm form={form} state={state} choices={choices} billingPick={billingPick} />)}
          {state.ships
            ? section(
                3,
                <ShippingStep
                  onSubmit={(method) => send("shipping", { shipping_method: method })}
                  saving={saving}
                  errors={fieldErrors}
                />,
              )
            : null}
          {section(
            4,
            <PaymentStep
              submitLabel={orderLabel}
              onRefused={refused}
              errors={fieldErrors}
              clearRefusal={clearRefusal}
            />,
          )}
        </div>
        <OrderSummary />
      </div>
    </div>
  );
}

export const STEP_TITLES = ["Billing information", "Delivery", "Shipping method", "Payment and review"];

/**
 * The steps as a numbered list (issue 26 point 6: the labels ran together): each number in a badge,
 * the open one marked, finished ones a button back to them.
 */
export function StepNav(props: { steps: number[]; open: number; reached: number; goTo: (step: number) => void }) {
  const { steps, open, reached, goTo } = props;
  return (
    <nav aria-label="Checkout steps">
      <ol className="checkout-nav">
        {steps.map((step, i) => (
          <li
            key={step}
            aria-current={open === step ? "step" : undefined}
            className={step < reached && open !== step ? "done" : undefined}
          >
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
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
  );
}

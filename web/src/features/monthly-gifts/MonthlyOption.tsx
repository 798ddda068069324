import { MONTHLY_GIFT_MESSAGES } from "@shop/shared/monthly-gifts/messages";
import { FieldErrors } from "../../platform/FieldErrors";

/**
 * 'Make this monthly' on the Give now form (issue 26 §5): today's gift is the first month, the card
 * pays the next ones until the giver cancels on their account page. Guests are told to sign in first
 * (the server refuses them too): a gift that repeats must be stoppable by its giver.
 */
export function MonthlyOption(props: {
  checked: boolean;
  signedIn: boolean;
  errors: readonly string[] | undefined;
  onChange: (on: boolean) => void;
}) {
  const next = encodeURIComponent("/donate/");
  return (
    <div className="monthly-option">
      <label>
        <input
          type="checkbox"
          name="monthly"
          checked={props.checked}
          aria-invalid={props.errors ? true : undefined}
          aria-describedby="quick-monthly_hint quick-monthly_errors"
          onChange={(e) => props.onChange(e.target.checked)}
        />{" "}
        {MONTHLY_GIFT_MESSAGES.option}
      </label>
      <p id="quick-monthly_hint" className="hint">
        {props.signedIn ? (
          <>
            Today's gift is the first month; your card gives the same each month until you cancel it under{" "}
            <a href="/account/monthly-gifts/">Monthly gifts</a> in your account.
          </>
        ) : (
          <>
            Monthly gifts need an account, so you can stop them any time:{" "}
            <a href={`/account/login/?next=${next}`}>sign in</a> or{" "}
            <a href={`/account/signup/?next=${next}`}>create an account</a> first.
          </>
        )}
      </p>
      <FieldErrors id="quick-monthly_errors" messages={props.errors} />
    </div>
  );
}

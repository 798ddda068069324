import { type FormEvent, useId, useState } from "react";
import { useApplyDiscountsMutation } from "./cartApi";
import { AUTO_UPDATE_FAILED, couponCodes, NEGATIVE_COUPON_ANSWERS } from "./cartMessages";
import type { ButtonState } from "./useCartEditor";

/** §4: the coupon button is disabled until the text changes, then 'Updating...', then 'Updated'. */
export function CouponBox({ onChange }: { onChange(): void }) {
  const [text, setText] = useState("");
  const [state, setState] = useState<ButtonState | "unchanged">("unchanged");
  const [answers, setAnswers] = useState<[string, string][]>([]);
  const [apply] = useApplyDiscountsMutation();
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const codes = couponCodes(text);
    if (!codes.length) return;
    setState("updating");
    const answer = await apply(codes);
    if ("error" in answer || !answer.data) {
      setState("normal");
      setAnswers([["", AUTO_UPDATE_FAILED]]);
      return;
    }
    setState("updated");
    setAnswers(Object.entries(answer.data));
  };

  return (
    <form className="coupon-box" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Coupon code</label>
      <input
        id={inputId}
        value={text}
        autoCapitalize="characters"
        onChange={(e) => {
          setText(e.target.value);
          setState("normal");
          onChange();
        }}
      />
      <button type="submit" disabled={state !== "normal"}>
        {state === "updating" ? "Updating..." : state === "updated" ? "Updated" : "Apply Coupon"}
      </button>
      {answers.map(([code, message]) => (
        <p
          key={code}
          role={NEGATIVE_COUPON_ANSWERS.has(message) || !code ? "alert" : "status"}
          className={`alert ${NEGATIVE_COUPON_ANSWERS.has(message) || !code ? "negative" : "neutral"}`}
        >
          {code ? `${code}: ` : ""}
          {message}
        </p>
      ))}
    </form>
  );
}

import { type FormEvent, useId, useState } from "react";
import { useApplyDiscountsMutation } from "./cartApi";
import { isNegativeCouponAnswer } from "@shop/shared/domain/messages";
import { AUTO_UPDATE_FAILED, couponCodes } from "./cartMessages";
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
      setAnswers([["", await failureText("error" in answer ? answer.error : null)]]);
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
      {answers.map(([code, message]) => {
        // The answer's wire format is a message per code (§8): its tone comes from shared's catalogue.
        const negative = !code || isNegativeCouponAnswer(message);
        return (
          <p key={code} role={negative ? "alert" : "status"} className={`alert ${negative ? "negative" : "neutral"}`}>
            {code ? `${code}: ` : ""}
            {message}
          </p>
        );
      })}
    </form>
  );
}

/**
 * A failed apply: a refusal the server gave a code says why; anything else (no answer, a 500) asks for
 * 'Update Cart'. The error catalogue loads only then: it would put zod in every page's first JavaScript.
 */
async function failureText(error: unknown): Promise<string> {
  const catalogue = await import("@shop/shared/errors/codes").catch(() => null);
  if (!catalogue) return AUTO_UPDATE_FAILED; // offline: the chunk did not load either
  const { errorAnswerOf, errorCodeOf } = catalogue;
  switch (errorCodeOf(error)) {
    case null:
    case "SERVER_ERROR":
      return AUTO_UPDATE_FAILED;
    default:
      return errorAnswerOf(error)?.metadata.message || AUTO_UPDATE_FAILED;
  }
}

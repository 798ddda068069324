import { type FormEvent, useId, useRef, useState } from "react";
import { tickStates } from "@shop/shared/category-pages/free-downloads";
import { money } from "../cart/money";
import { BulkAddForm } from "../order-form/BulkAddForm";
import { refusalOf, useAddMagazineMutation, useMagazinePageQuery } from "./categoryPagesApi";
import { FieldErrors } from "../../platform/FieldErrors";
import { checkForm, scrollToFirstError } from "../../platform/formCheck";
import "./categoryPages.css";

const TERM_FIELD = "magazine_term";
const plural = (n: number) => `${n} free video download${n === 1 ? "" : "s"}`;

/**
 * The magazine subscription page (storefront §2, §4): a term of 1, 2 or 3 years sets how many free
 * video downloads may be ticked; the form's generic validation runs first (§5), then the term and
 * the ticked downloads go to the cart together, where the server keeps the same rule.
 */
export function MagazinePage() {
  const { data, isError } = useMagazinePageQuery();
  const [add, { isLoading }] = useAddMagazineMutation();
  const [term, setTerm] = useState("");
  const [ticked, setTicked] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<{ added: true } | { refused: string } | null>(null);
  const errorsRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const terms = data?.terms ?? [];
  const boxes = (data?.free_downloads ?? []).map((f) => ({ code: f.sku, soldOut: f.is_sold_out }));
  const chosen = terms.find((t) => t.sku === term);
  const states = tickStates(chosen?.years ?? null, boxes, ticked);

  const chooseTerm = (code: string) => {
    setTerm(code);
    const years = terms.find((t) => t.sku === code)?.years ?? null;
    setTicked(tickStates(years, boxes, ticked).ticked); // §4: surplus ticks are cleared
  };
  const toggle = (code: string, on: boolean) =>
    setTicked(
      tickStates(chosen?.years ?? null, boxes, on ? [...ticked, code] : ticked.filter((c) => c !== code)).ticked,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    // The term group is required whether or not the terms have loaded yet (a click right after the
    // page appears must not send an empty subscription to the server).
    const check = checkForm([
      { id: TERM_FIELD, name: TERM_FIELD, type: "radio", required: true, checked: Boolean(term) },
    ]);
    setErrors(check.errors);
    setSummary(check.summary);
    if (!check.valid) return scrollToFirstError(errorsRef);
    const answer = await add({ subscription: term, free_downloads: states.ticked });
    if ("data" in answer && answer.data?.metadata.success) {
      setOutcome({ added: true });
      setTicked([]);
      setTerm("");
    } else setOutcome({ refused: refusalOf("error" in answer ? answer.error : null) });
  };

  return (
    <BulkAddForm
      className="category-page magazine-page"
      title="Answers Magazine Subscription"
      intro={<p>Four issues a year. Each year of your subscription includes a free video download.</p>}
      loadFailed={isError}
      onSubmit={submit}
      summary={summary}
      errorsRef={errorsRef}
      disabled={isLoading}
      added={Boolean(outcome && "added" in outcome)}
      refusal={outcome && "refused" in outcome ? outcome.refused : null}
    >
      <fieldset className="magazine-terms" aria-describedby={errors[TERM_FIELD] ? `${hintId}-term` : undefined}>
        <legend>Choose your subscription</legend>
        {terms.map((t) => (
          <label key={t.sku} className="choice">
            <input
              type="radio"
              name={TERM_FIELD}
              value={t.sku}
              checked={term === t.sku}
              onChange={() => chooseTerm(t.sku)}
            />
            <span>
              {t.format} — {money(t.price)} <small>({plural(t.free_downloads)})</small>
            </span>
          </label>
        ))}
        <FieldErrors id={`${hintId}-term`} messages={errors[TERM_FIELD]} />
      </fieldset>
      <fieldset className="magazine-downloads" aria-describedby={hintId}>
        <legend>Choose your free video downloads</legend>
        <p id={hintId} aria-live="polite" className="hint">
          {chosen
            ? `Your ${chosen.years}-year subscription includes ${plural(states.allowed)}: ${states.ticked.length} chosen.`
            : "Choose a subscription to pick your free video downloads."}
        </p>
        {(data?.free_downloads ?? []).map((f) => (
          <label key={f.sku} className={`choice${states.disabled.has(f.sku) ? " disabled" : ""}`}>
            <input
              type="checkbox"
              name="free_downloads"
              value={f.sku}
              checked={states.ticked.includes(f.sku)}
              disabled={states.disabled.has(f.sku)}
              onChange={(e) => toggle(f.sku, e.target.checked)}
            />
            <span>
              {f.name}
              {f.is_sold_out && <small> (sold out)</small>}
            </span>
          </label>
        ))}
      </fieldset>
    </BulkAddForm>
  );
}

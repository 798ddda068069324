import type { FormEvent, ReactNode, RefObject } from "react";
import { AddedToCart } from "../catalog/AddedToCart";

/**
 * The frame of the forms that add many items at once (the order form, the alphabet order, the
 * magazine subscription, storefront §2, §5): the title, the load failure, the list of the form's
 * errors (the element `errorsRef` names, scrolled to on a failed check), the fields, then
 * 'Add to Cart' and what the add answered.
 */
export function BulkAddForm(props: {
  className: string;
  title: string;
  intro?: ReactNode;
  loadFailed: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The form's check's messages, each once; omitted where the form has no check. */
  summary?: readonly string[];
  errorsRef?: RefObject<HTMLDivElement | null>;
  disabled: boolean;
  added: boolean;
  /** Why the server refused the add, shown under the button. */
  refusal?: string | null;
  children: ReactNode;
}) {
  const { summary, refusal } = props;
  return (
    <form className={props.className} onSubmit={props.onSubmit} noValidate>
      <h1>{props.title}</h1>
      {props.intro}
      {props.loadFailed && (
        <p role="alert" className="alert negative">
          Failed to load results. Please refresh and try again.
        </p>
      )}
      {summary && (
        <div ref={props.errorsRef} tabIndex={-1} className="form-errors">
          {summary.length > 0 && (
            <ul role="alert" className="alert negative">
              {summary.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {props.children}
      <button type="submit" disabled={props.disabled}>
        Add to Cart
      </button>
      {props.added && <AddedToCart />}
      {refusal && (
        <p role="alert" className="alert negative">
          {refusal}
        </p>
      )}
    </form>
  );
}

/** §8: a failed add goes to the cart page with the items in the query, where the server says why. */
export function cartPageWith(pairs: Record<string, number>) {
  const query = Object.entries(pairs).map(([sku, qty]) => `${encodeURIComponent(sku)}=${qty}`);
  return `/store/cart/?${query.join("&")}&add-to-cart`;
}

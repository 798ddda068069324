import { useCallback, useEffect, useRef, useState } from "react";
import type { ContentNode } from "../features/content/contentNodeApi";
import { changedIpaFields, isIpaField, type IpaChanges, type IpaField, type IpaValues } from "./ipaFields";
import { sanitizeBody } from "./sanitizeBody";

export type { IpaChanges, IpaField } from "./ipaFields";

export const editableFields = (): Map<IpaField, HTMLElement> => {
  const found = new Map<IpaField, HTMLElement>();
  document.querySelectorAll<HTMLElement>("[data-ipa-field]").forEach((el) => {
    const field = el.dataset.ipaField ?? "";
    if (isIpaField(field) && !found.has(field)) found.set(field, el);
  });
  return found;
};

const read = (field: IpaField, el: HTMLElement) => (field === "body" ? el.innerHTML : (el.textContent ?? "").trim());
// The body is HTML that any staff member may have written: only its sanitised form enters the page.
const write = (field: IpaField, el: HTMLElement, value: string) => {
  if (field === "body") el.innerHTML = sanitizeBody(value);
  else el.textContent = value;
};

/**
 * Edit in place: the page's marked elements become editable. The body shows its source (template tags
 * as text) while editing; plain-text fields stay plain. Leaving edit mode puts the page's own HTML back.
 * Every input reports the fields changed so far to `onEdit` (the bar keeps them as a browser draft).
 */
export function useInPlaceEditing(node: ContentNode | undefined, onEdit: (changes: IpaChanges) => void) {
  const [editing, setEditing] = useState(false);
  /** The page's rendered HTML of each element, put back when editing ends. */
  const pageHtml = useRef(new Map<HTMLElement, string>());
  /** Each field's source as the browser holds it when editing began: the yardstick for "changed". */
  const atStart = useRef<IpaValues>({});
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;

  const measure = useCallback(() => {
    const now: IpaValues = {};
    for (const [field, el] of editableFields()) now[field] = read(field, el);
    onEditRef.current(changedIpaFields(atStart.current, now));
  }, []);

  /** Starts editing the node's source; `restore` puts kept edits (a draft) back into the fields. */
  const start = useCallback(
    (restore?: IpaChanges) => {
      if (!node) return;
      atStart.current = {};
      for (const [field, el] of editableFields()) {
        pageHtml.current.set(el, el.innerHTML);
        write(field, el, node[field] ?? "");
        atStart.current[field] = read(field, el);
        const kept = restore?.[field];
        if (kept !== undefined) write(field, el, kept);
        el.contentEditable = field === "body" ? "true" : "plaintext-only";
        el.classList.add("ipa-editing");
        el.setAttribute("aria-label", `Edit ${field.replace("_", " ")}`);
        el.setAttribute("role", "textbox");
        if (field === "body") el.setAttribute("aria-multiline", "true");
      }
      setEditing(true);
      if (restore) measure();
      editableFields().get("name")?.focus();
    },
    [node, measure],
  );

  /** Ends edit mode; `restorePage` puts the page's HTML back (after a cancel, or before the page re-renders a save). */
  const stop = useCallback((restorePage: boolean) => {
    for (const [el, html] of pageHtml.current) {
      el.removeAttribute("contenteditable");
      el.classList.remove("ipa-editing");
      for (const attr of ["aria-label", "role", "aria-multiline"]) el.removeAttribute(attr);
      if (restorePage) el.innerHTML = sanitizeBody(html);
    }
    pageHtml.current.clear();
    atStart.current = {};
    setEditing(false);
  }, []);

  useEffect(() => {
    if (!editing) return;
    const fields = [...editableFields().values()];
    for (const el of fields) el.addEventListener("input", measure);
    return () => {
      for (const el of fields) el.removeEventListener("input", measure);
    };
  }, [editing, measure]);

  return { editing, start, stop };
}

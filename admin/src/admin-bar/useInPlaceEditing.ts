import { useCallback, useEffect, useRef, useState } from 'react';
import type { BarNode } from './adminBarApi';

/** The node fields a public page may mark with `data-ipa-field`. */
export const IPA_FIELDS = ['name', 'body', 'short_description'] as const;
export type IpaField = (typeof IPA_FIELDS)[number];
export type IpaChanges = Partial<Record<IpaField, string>>;

export const editableFields = (): Map<IpaField, HTMLElement> => {
  const found = new Map<IpaField, HTMLElement>();
  document.querySelectorAll<HTMLElement>('[data-ipa-field]').forEach((el) => {
    const field = el.dataset.ipaField as IpaField;
    if ((IPA_FIELDS as readonly string[]).includes(field) && !found.has(field)) found.set(field, el);
  });
  return found;
};

const read = (field: IpaField, el: HTMLElement) => (field === 'body' ? el.innerHTML : (el.textContent ?? '').trim());

/**
 * Edit in place: the page's marked elements become editable. The body shows its source (template tags
 * as text) while editing; plain-text fields stay plain. Leaving edit mode puts the page's own HTML back.
 */
export function useInPlaceEditing(node: BarNode | undefined) {
  const [editing, setEditing] = useState(false);
  const [changes, setChanges] = useState<IpaChanges>({});
  const originals = useRef(new Map<HTMLElement, string>());

  const measure = useCallback(() => {
    if (!node) return;
    const next: IpaChanges = {};
    for (const [field, el] of editableFields()) {
      const value = read(field, el);
      if (value !== (node[field] ?? '').trim() && !(field === 'body' && value === node.body)) next[field] = value;
    }
    setChanges(next);
  }, [node]);

  const start = useCallback(() => {
    if (!node) return;
    for (const [field, el] of editableFields()) {
      originals.current.set(el, el.innerHTML);
      if (field === 'body') el.innerHTML = node.body;
      else el.textContent = node[field] ?? '';
      el.contentEditable = field === 'body' ? 'true' : 'plaintext-only';
      el.classList.add('ipa-editing');
      el.setAttribute('aria-label', `Edit ${field.replace('_', ' ')}`);
      el.setAttribute('role', 'textbox');
      if (field === 'body') el.setAttribute('aria-multiline', 'true');
    }
    setChanges({});
    setEditing(true);
    editableFields().get('name')?.focus();
  }, [node]);

  /** Ends edit mode; `restore` puts the page's HTML back (after a cancel, or before the page re-renders a save). */
  const stop = useCallback((restore: boolean) => {
    for (const [el, html] of originals.current) {
      el.removeAttribute('contenteditable');
      el.classList.remove('ipa-editing');
      for (const attr of ['aria-label', 'role', 'aria-multiline']) el.removeAttribute(attr);
      if (restore) el.innerHTML = html;
    }
    originals.current.clear();
    setChanges({});
    setEditing(false);
  }, []);

  useEffect(() => {
    if (!editing) return;
    const fields = [...editableFields().values()];
    fields.forEach((el) => el.addEventListener('input', measure));
    return () => fields.forEach((el) => el.removeEventListener('input', measure));
  }, [editing, measure]);

  return { editing, changes, unsaved: Object.keys(changes).length, start, stop };
}

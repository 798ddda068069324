import { EditorState, type ChangeSpec, type Extension } from "@codemirror/state";
import {
  Decoration,
  type EditorView,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type ViewUpdate,
} from "@codemirror/view";

// Django-template mode: the HTML language underneath, with `{% tag %}` and `{{ variable }}` marked on top,
// so a template tag reads as one unit whatever the HTML parser thinks of it.
const templateMarks = new MatchDecorator({
  regexp: /\{%(?:[^%]|%(?!\}))*%\}|\{\{(?:[^}]|\}(?!\}))*\}\}/g,
  decoration: (match) => Decoration.mark({ class: match[0].startsWith("{%") ? "cm-django-tag" : "cm-django-variable" }),
});

export const djangoTemplateHighlight: Extension = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = templateMarks.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = templateMarks.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const TAG_NAME = /<\/?([A-Za-z][A-Za-z0-9-]*)/g;

/** Lowercases HTML tag names (`<DIV Class="x">` → `<div Class="x">`); attributes and text are left alone. */
export function lowercaseTagNames(html: string): string {
  return html.replace(
    TAG_NAME,
    (whole, name: string) => whole.slice(0, whole.length - name.length) + name.toLowerCase(),
  );
}

/**
 * Tag names are lowercased as they are typed, pasted or dropped (back-office §5 "Code editor"): only the
 * lines a user edit touched are looked at, so content loaded from the server stays as it was until edited.
 */
export const lowercaseTagNamesOnInput: Extension = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || !tr.isUserEvent("input")) return tr;
  const doc = tr.newDoc;
  const fixes: ChangeSpec[] = [];
  const seen = new Set<number>();
  tr.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
    const start = doc.lineAt(fromB).from;
    const end = doc.lineAt(toB).to;
    const text = doc.sliceString(start, end);
    for (const m of text.matchAll(TAG_NAME)) {
      const name = m[1];
      const nameFrom = start + m.index + m[0].length - name.length;
      const nameTo = nameFrom + name.length;
      if (nameTo < fromB || nameFrom > toB || seen.has(nameFrom) || name === name.toLowerCase()) continue;
      seen.add(nameFrom);
      fixes.push({ from: nameFrom, to: nameTo, insert: name.toLowerCase() });
    }
  });
  return fixes.length ? [tr, { changes: fixes, sequential: true }] : tr;
});

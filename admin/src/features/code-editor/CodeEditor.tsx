import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type Ref } from "react";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { html } from "@codemirror/lang-html";
import { defaultHighlightStyle, HighlightStyle, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { djangoTemplateHighlight, lowercaseTagNamesOnInput } from "./djangoTemplate";
import "./codeEditor.css";

// CodeMirror's default colours, with the three below 4.5:1 on the active line's tint (#f1faff)
// darkened to pass WCAG AA there: tag names (#085), special strings (#e40) and invalid text (#f00).
const DARKER: Record<string, string> = { "#085": "#006b45", "#e40": "#b83200", "#f00": "#c00000" };
const readableHighlightStyle = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) =>
    spec.color && DARKER[spec.color] ? { ...spec, color: DARKER[spec.color] } : spec,
  ),
);

/** What the toolbox (and the form) can do with an editor. */
export type CodeEditorHandle = {
  /** Inserts at the caret, replacing any selection; false when the user has not placed a cursor yet. */
  insertAtCursor(text: string): boolean;
  /** Puts `before` and `after` around the selection (or an empty one at the caret); false without a cursor. */
  wrapSelection(before: string, after: string): boolean;
  hasCursor(): boolean;
  focus(): void;
  getValue(): string;
};

export type CodeEditorProps = {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  ref?: Ref<CodeEditorHandle>;
  /** Id of an element describing the field (errors). */
  describedBy?: string;
  invalid?: boolean;
};

type Size = "fixed" | "expanding";

/** The HTML code editor (back-office §2 item 8): line numbers, character count, Fixed/Expanding, 4-space indent, Django templates. */
export function CodeEditor({ id, label, value, onChange, ref, describedBy, invalid }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const cursorPlaced = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [length, setLength] = useState(value.length);
  const [size, setSize] = useState<Size>("fixed");
  const labelId = `${id}-label`;
  // The editor is created once per field; later values arrive through the effect below.
  const initialValue = useEffectEvent(() => value);

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialValue(),
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          indentUnit.of("    "),
          EditorState.tabSize.of(4),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          html(),
          syntaxHighlighting(readableHighlightStyle),
          djangoTemplateHighlight,
          lowercaseTagNamesOnInput,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            id,
            "aria-labelledby": labelId,
            "aria-multiline": "true",
            role: "textbox",
            // Already in the tab order (contenteditable); said outright so a long body's scroll area
            // counts as reachable by keyboard (axe's scrollable-region-focusable).
            tabindex: "0",
          }),
          EditorView.updateListener.of((update) => {
            if (update.focusChanged && update.view.hasFocus) cursorPlaced.current = true;
            if (update.docChanged) {
              const text = update.state.doc.toString();
              setLength(text.length);
              onChangeRef.current(text);
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [id, labelId]);

  // A value changed from outside (a reload, another field's action) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    setLength(value.length);
  }, [value]);

  useImperativeHandle(
    ref,
    () => ({
      insertAtCursor(text) {
        const editor = view.current;
        if (!editor || !cursorPlaced.current) return false;
        editor.dispatch(editor.state.replaceSelection(text), { scrollIntoView: true, userEvent: "input.toolbox" });
        editor.focus();
        return true;
      },
      wrapSelection(before, after) {
        const editor = view.current;
        if (!editor || !cursorPlaced.current) return false;
        const { from, to } = editor.state.selection.main;
        editor.dispatch({
          changes: [
            { from, insert: before },
            { from: to, insert: after },
          ],
          selection: { anchor: from + before.length, head: to + before.length },
          scrollIntoView: true,
        });
        editor.focus();
        return true;
      },
      hasCursor: () => cursorPlaced.current,
      focus: () => view.current?.focus(),
      getValue: () => view.current?.state.doc.toString() ?? value,
    }),
    [value],
  );

  return (
    <div className={`code-editor code-editor-${size}${invalid ? " code-editor-invalid" : ""}`}>
      <div className="code-editor-bar">
        <span id={labelId} className="code-editor-label">
          {label}
        </span>
        <fieldset aria-label={`${label} editor size`} className="code-editor-size">
          {(["fixed", "expanding"] as const).map((option) => (
            <button key={option} type="button" aria-pressed={size === option} onClick={() => setSize(option)}>
              {option === "fixed" ? "Fixed" : "Expanding"}
            </button>
          ))}
        </fieldset>
      </div>
      <div ref={host} className="code-editor-host" aria-describedby={describedBy} />
      <p className="code-editor-count muted" data-testid={`${id}-count`}>
        {length.toLocaleString("en-US")} {length === 1 ? "character" : "characters"}
        <span className="code-editor-hint"> · Tab indents 4 spaces; press Esc then Tab to leave the editor.</span>
      </p>
    </div>
  );
}

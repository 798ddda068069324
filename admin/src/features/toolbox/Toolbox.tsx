import { lazy, useId, useRef, useState, type RefObject } from "react";
import { BACK_OFFICE_MESSAGES } from "@shop/shared";
import type { CodeEditorHandle } from "../code-editor/CodeEditor";
import { LazyBoundary } from "../layout/LazyBoundary";
import "./toolbox.css";

type EditorRef = CodeEditorHandle | null | RefObject<CodeEditorHandle | null>;

// The tools (with their pickers) load the first time the toolbox opens.
const ToolboxTools = lazy(() => import("./ToolboxTools").then((m) => ({ default: m.ToolboxTools })));

const resolve = (editor: EditorRef): CodeEditorHandle | null =>
  editor && "current" in editor ? editor.current : (editor as CodeEditorHandle | null);

/**
 * The toolbox (back-office §2 item 3): opened by the 'View Toolbox' icon, closed by its X. Each tool writes
 * its template tag at the editor's cursor; with no cursor placed yet it says where to click first.
 */
export function Toolbox({ editor }: { editor: EditorRef }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "ok"; text: string } | null>(null);
  const idPrefix = `toolbox${useId().replace(/:/g, "")}`;
  const openButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const place = (write: (handle: CodeEditorHandle) => boolean, shown: string) => {
    const handle = resolve(editor);
    if (!handle || !write(handle)) {
      setMessage({ kind: "error", text: BACK_OFFICE_MESSAGES.toolboxNoCursor });
      return;
    }
    setMessage({ kind: "ok", text: `Inserted ${shown}` });
  };
  const insert = (text: string) => place((h) => h.insertAtCursor(text), text);
  const wrap = (before: string, after: string) => place((h) => h.wrapSelection(before, after), `${before}…${after}`);

  const close = () => {
    setOpen(false);
    setMessage(null);
    openButton.current?.focus();
  };

  return (
    <div className="toolbox">
      <button
        ref={openButton}
        type="button"
        className="toolbox-open"
        aria-label="View Toolbox"
        title="View Toolbox"
        aria-expanded={open}
        aria-controls={`${idPrefix}-panel`}
        onClick={() => {
          setOpen(true);
          setTimeout(() => heading.current?.focus(), 0);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            d="M9 4h6a1 1 0 0 1 1 1v2h4a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4V5a1 1 0 0 1 1-1zm1 3h4V6h-4zm-5 5v6h14v-6h-5v2h-4v-2z"
            fill="currentColor"
          />
        </svg>
        <span className="toolbox-open-text">Toolbox</span>
      </button>
      {open && (
        <section
          id={`${idPrefix}-panel`}
          className="toolbox-panel"
          aria-labelledby={`${idPrefix}-heading`}
          onKeyDown={(event) => event.key === "Escape" && close()}
        >
          <div className="toolbox-header">
            <h2 id={`${idPrefix}-heading`} tabIndex={-1} ref={heading}>
              Toolbox
            </h2>
            <button type="button" className="toolbox-close" aria-label="Close toolbox" onClick={close}>
              ×
            </button>
          </div>
          <p className="muted toolbox-hint">Click in the editor where the tag should go, then choose a tool.</p>
          <p
            className={message?.kind === "error" ? "toolbox-message toolbox-error" : "toolbox-message"}
            role={message?.kind === "error" ? "alert" : "status"}
          >
            {message?.text}
          </p>
          <LazyBoundary what="the tools">
            <ToolboxTools idPrefix={idPrefix} insert={insert} wrap={wrap} />
          </LazyBoundary>
        </section>
      )}
    </div>
  );
}

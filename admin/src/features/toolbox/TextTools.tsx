import { useState } from "react";
import {
  DEFAULT_RESTRICT_CONTENT_MODE,
  DEFAULT_SCRIPTURE_TRANSLATION,
  FORM_MESSAGES,
  RESTRICT_CONTENT_MODES,
  SCRIPTURE_TRANSLATIONS,
  type RestrictContentMode,
} from "@shop/shared";
import { AUDIENCE_GROUPS } from "./audienceGroups";
import { footnoteIndexTag, footnoteTag, restrictContentTags, scriptureTag } from "./toolboxTags";

export type ToolProps = { idPrefix: string; insert(text: string): void; wrap(before: string, after: string): void };

export function FootnoteTool({ idPrefix, insert }: ToolProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState(false);
  const id = `${idPrefix}-footnote`;
  return (
    <div className="tool-body">
      <label htmlFor={id}>Footnote text</label>
      <textarea
        id={id}
        rows={3}
        value={text}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {FORM_MESSAGES.required}
        </p>
      )}
      <div className="tool-actions">
        <button
          type="button"
          onClick={() => {
            setError(!text.trim());
            if (text.trim()) insert(footnoteTag(text.trim()));
          }}
        >
          Insert footnote
        </button>
        <button type="button" onClick={() => insert(footnoteIndexTag())}>
          Insert footnote index
        </button>
      </div>
    </div>
  );
}

export function ScriptureTool({ idPrefix, insert }: ToolProps) {
  const [reference, setReference] = useState("");
  const [translation, setTranslation] = useState<string>(DEFAULT_SCRIPTURE_TRANSLATION);
  const [error, setError] = useState(false);
  const id = `${idPrefix}-scripture`;
  return (
    <div className="tool-body">
      <label htmlFor={`${id}-reference`}>Reference</label>
      <input
        id={`${id}-reference`}
        placeholder="John 3:16"
        value={reference}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setReference(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {FORM_MESSAGES.required}
        </p>
      )}
      <label htmlFor={`${id}-translation`}>Translation</label>
      <select id={`${id}-translation`} value={translation} onChange={(e) => setTranslation(e.target.value)}>
        {SCRIPTURE_TRANSLATIONS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <div className="tool-actions">
        <button
          type="button"
          onClick={() => {
            setError(!reference.trim());
            if (reference.trim()) insert(scriptureTag(reference.trim(), translation));
          }}
        >
          Insert scripture
        </button>
      </div>
    </div>
  );
}

const MODE_LABEL: Record<RestrictContentMode, string> = {
  anonymous: "Anonymous visitors only",
  authenticated: "Signed-in users",
  staff: "Staff only",
  choosegroup: "A chosen group",
};

export function RestrictContentTool({ idPrefix, wrap }: ToolProps) {
  const [mode, setMode] = useState<RestrictContentMode>(DEFAULT_RESTRICT_CONTENT_MODE);
  const [group, setGroup] = useState("");
  const [error, setError] = useState(false);
  const id = `${idPrefix}-restrict`;
  return (
    <div className="tool-body">
      <fieldset>
        <legend>Show the content to</legend>
        {RESTRICT_CONTENT_MODES.map((m) => (
          <label key={m} className="tool-radio">
            <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />{" "}
            {MODE_LABEL[m]} ({m})
          </label>
        ))}
      </fieldset>
      {mode === "choosegroup" && (
        <>
          <label htmlFor={`${id}-group`}>Group</label>
          <select
            id={`${id}-group`}
            value={group}
            aria-invalid={error}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setGroup(e.target.value)}
          >
            <option value="">Choose a group…</option>
            {AUDIENCE_GROUPS.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
          </select>
          {error && (
            <p id={`${id}-error`} className="field-error">
              {FORM_MESSAGES.required}
            </p>
          )}
        </>
      )}
      <p className="muted">Select the content to restrict first; the tags go around it.</p>
      <div className="tool-actions">
        <button
          type="button"
          onClick={() => {
            const missing = mode === "choosegroup" && !group;
            setError(missing);
            if (!missing) wrap(...restrictContentTags(mode, group));
          }}
        >
          Insert restricted content
        </button>
      </div>
    </div>
  );
}

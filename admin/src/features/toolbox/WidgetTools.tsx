import { useState } from "react";
import { WIDGET_MARKUP, type WidgetMarkupKey } from "@shop/shared";
import type { ToolProps } from "./TextTools";

const KEYS = Object.keys(WIDGET_MARKUP) as WidgetMarkupKey[];

/** Inserts a storefront widget's starting markup (docs/widgets.md) for the editor to fill in. */
export function WidgetsTool({ idPrefix, insert }: ToolProps) {
  const [key, setKey] = useState<WidgetMarkupKey>(KEYS[0]!);
  const id = `${idPrefix}-widget`;
  return (
    <div className="tool-body">
      <label htmlFor={id}>Widget</label>
      <select id={id} value={key} onChange={(e) => setKey(e.target.value as WidgetMarkupKey)}>
        {KEYS.map((k) => (
          <option key={k} value={k}>
            {WIDGET_MARKUP[k].title}
          </option>
        ))}
      </select>
      <div className="tool-actions">
        <button type="button" onClick={() => insert(WIDGET_MARKUP[key].markup)}>
          Insert widget
        </button>
      </div>
    </div>
  );
}

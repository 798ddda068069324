import { describe, expect, it } from "vitest";
import { WIDGET_MARKUP } from "@shop/shared";
import { sanitizeHtml } from "./sanitize-html.ts";

describe("widget markup (docs/widgets.md)", () => {
  it.each(Object.entries(WIDGET_MARKUP))("the toolbox's %s markup passes the body sanitiser unchanged", (_key, w) => {
    expect(sanitizeHtml(w.markup)).toBe(w.markup);
  });
});

import { describe, expect, it } from "vitest";
import { buildTag, parseTemplate } from "./template-tags.ts";

describe("template tag syntax", () => {
  it("reads positional and named arguments, quoted or not", () => {
    expect(
      parseTemplate('a{% scripture "John 3:16" "NKJV" %}b{% get_related_contentnodes relation="child" count=4 %}'),
    ).toEqual([
      { kind: "text", text: "a" },
      {
        kind: "tag",
        name: "scripture",
        args: ["John 3:16", "NKJV"],
        options: {},
        raw: '{% scripture "John 3:16" "NKJV" %}',
      },
      { kind: "text", text: "b" },
      {
        kind: "tag",
        name: "get_related_contentnodes",
        args: [],
        options: { relation: "child", count: "4" },
        raw: '{% get_related_contentnodes relation="child" count=4 %}',
      },
    ]);
  });
  it("nests the content of restrict_content up to its end tag", () => {
    expect(parseTemplate('{% restrict_content mode="staff" %}<p>x</p>{% endrestrict_content %}after')).toEqual([
      {
        kind: "block",
        name: "restrict_content",
        args: [],
        options: { mode: "staff" },
        children: [{ kind: "text", text: "<p>x</p>" }],
      },
      { kind: "text", text: "after" },
    ]);
  });
  it("keeps escaped quotes inside quoted arguments", () => {
    expect(parseTemplate('{% footnote "He said \\"go\\"" %}')[0]).toMatchObject({ args: ['He said "go"'] });
  });
  it("buildTag writes what parseTemplate reads back", () => {
    const tag = buildTag("footnote", ['A "quoted" note'], {});
    expect(tag).toBe('{% footnote "A \\"quoted\\" note" %}');
    expect(parseTemplate(tag)[0]).toMatchObject({ name: "footnote", args: ['A "quoted" note'] });
    expect(buildTag("embed_media", [], { type: "file", id: 5 })).toBe("{% embed_media type=file id=5 %}");
    expect(buildTag("get_urls", [], { node: 3, as: "a link" })).toBe('{% get_urls node=3 as="a link" %}');
  });
  it("a stray end tag is dropped and an unclosed block runs to the end", () => {
    expect(parseTemplate("a{% endrestrict_content %}b")).toEqual([
      { kind: "text", text: "a" },
      { kind: "text", text: "b" },
    ]);
    expect(parseTemplate("{% restrict_content %}rest")).toEqual([
      { kind: "block", name: "restrict_content", args: [], options: {}, children: [{ kind: "text", text: "rest" }] },
    ]);
  });
});

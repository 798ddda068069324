import { describe, expect, it } from "vitest";
import { EditorState } from "@codemirror/state";
import { lowercaseTagNames, lowercaseTagNamesOnInput } from "./djangoTemplate";

describe('the code editor lowercases HTML tag names (§5 "Code editor")', () => {
  it("opening and closing tag names, not attributes or text", () => {
    expect(lowercaseTagNames('<DIV Class="Box">Hello WORLD</DIV><Br/>')).toBe(
      '<div Class="Box">Hello WORLD</div><br/>',
    );
  });

  it("leaves template tags and comparisons alone", () => {
    expect(lowercaseTagNames('{% scripture "John 3:16" "KJV" %} 3 < X')).toBe(
      '{% scripture "John 3:16" "KJV" %} 3 < X',
    );
  });

  it("typed input is lowercased, loaded content stays as it was until edited", () => {
    const state = EditorState.create({ doc: "<P>kept</P>\n", extensions: [lowercaseTagNamesOnInput] });
    const typed = state.update({
      changes: { from: state.doc.length, insert: "<SPAN>x</SPAN>" },
      userEvent: "input.type",
    }).state;
    expect(typed.doc.toString()).toBe("<P>kept</P>\n<span>x</span>");
    const loaded = state.update({ changes: { from: 0, to: state.doc.length, insert: "<EM>as stored</EM>" } }).state;
    expect(loaded.doc.toString()).toBe("<EM>as stored</EM>");
  });
});

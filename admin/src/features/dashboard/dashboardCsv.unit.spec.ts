import { describe, expect, it } from "vitest";
import { csvField, csvOf } from "./dashboardCsv";

describe("spec 26.10: the dashboard's CSV export", () => {
  it("spec 26.10: commas, quotes and line breaks are quoted, quotes doubled", () => {
    expect(csvOf([["Noah's Ark, the book", 'The "Ark" DVD', "two\nlines", 3, "plain"]])).toBe(
      '"Noah\'s Ark, the book","The ""Ark"" DVD","two\nlines",3,plain\r\n',
    );
  });

  it("spec 26.10: text a spreadsheet would run as a formula is shown as text; numbers stay numbers", () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-5 books")).toBe("'-5 books");
    expect(csvField(-500)).toBe("-500");
    expect(csvField("-5.00")).toBe("-5.00");
  });
});

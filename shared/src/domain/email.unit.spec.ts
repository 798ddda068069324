import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./email.ts";

describe("normaliseEmail", () => {
  it("trims and lower-cases; keeps a +tag unless asked", () => {
    expect(normaliseEmail("  A@X.ORG ")).toBe("a@x.org");
    expect(normaliseEmail("a+2@x.org")).toBe("a+2@x.org");
  });

  it("security 21: a@x.org, A@X.ORG and a+2@x.org count as one customer", () => {
    const counted = ["a@x.org", "A@X.ORG", "a+2@x.org", " A+Shop.Deals@X.org"].map((e) =>
      normaliseEmail(e, { dropPlusTag: true }),
    );
    expect(new Set(counted)).toEqual(new Set(["a@x.org"]));
  });

  it("a local part starting with + and an address without @ are kept as typed (lower-cased)", () => {
    expect(normaliseEmail("+x@y.org", { dropPlusTag: true })).toBe("+x@y.org");
    expect(normaliseEmail("Not An Email", { dropPlusTag: true })).toBe("not an email");
    expect(normaliseEmail("a@b+c.org", { dropPlusTag: true })).toBe("a@b+c.org");
  });
});

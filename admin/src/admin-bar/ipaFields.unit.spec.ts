import { describe, expect, it } from "vitest";
import { changedIpaFields, ipaPart } from "./ipaFields";

describe("in-place editing sends only the fields the editor changed", () => {
  // What the browser's innerHTML gives back for a stored body of `<img src="a.png" alt="Ark"/> Q&amp;A`.
  const atStart = { name: "Our History", body: '<img src="a.png" alt="Ark"> Q&amp;A' };

  it("a title edit alone leaves the browser-rewritten body out of the save", () => {
    expect(changedIpaFields(atStart, { ...atStart, name: "Our History and Heritage" })).toEqual({
      name: "Our History and Heritage",
    });
  });

  it("a body typed back to what it was is no change", () => {
    expect(changedIpaFields(atStart, { ...atStart })).toEqual({});
  });

  it("a changed body is sent as the browser holds it", () => {
    const body = '<img src="a.png" alt="Ark"> Q&amp;A and more';
    expect(changedIpaFields(atStart, { ...atStart, body })).toEqual({ body });
  });

  it("a field the page does not mark is never sent", () => {
    expect(changedIpaFields({ name: "A" }, { name: "A", short_description: undefined })).toEqual({});
  });
});

describe("a kept draft offers back only what the bar can edit", () => {
  it("drops form-only fields such as the slug and url", () => {
    expect(ipaPart({ name: "New", slug: "new", url: "/x/", body: "<p>b</p>" })).toEqual({
      name: "New",
      body: "<p>b</p>",
    });
  });
});

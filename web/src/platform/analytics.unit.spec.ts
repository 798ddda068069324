import { describe, expect, it } from "vitest";
import { classifyLink } from "./analytics";

const HERE = "https://shop.example.org/visitor-guide/";

describe("spec 1: links are classified for analytics with the internal-link helper", () => {
  it("spec 1 and 12: a link off the organisation's sites is an outbound click naming its host", () => {
    expect(classifyLink("https://www.example.com/page", false, HERE)).toEqual({
      name: "outbound_click",
      target: "www.example.com",
    });
  });
  it("spec 12: this site, the organisation's hosts and relative links are not outbound", () => {
    expect(classifyLink("/store/", false, HERE)).toBeNull();
    expect(classifyLink("https://shop.example.org/donate/", false, HERE)).toBeNull();
    expect(classifyLink("https://answersingenesis.org/x/", false, HERE)).toBeNull();
  });
  it("spec 1: a file or a download link is a download naming its path", () => {
    expect(classifyLink("/media/guide.pdf", false, HERE)).toEqual({ name: "download", target: "/media/guide.pdf" });
    expect(classifyLink("/media/talk", true, HERE)).toEqual({ name: "download", target: "/media/talk" });
  });
  it("spec 1: mailto and tel links count as neither", () => {
    expect(classifyLink("mailto:a@example.org", false, HERE)).toBeNull();
    expect(classifyLink("tel:+15555555555", false, HERE)).toBeNull();
  });
});

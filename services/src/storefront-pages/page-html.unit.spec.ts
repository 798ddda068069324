import { describe, expect, it } from "vitest";
import { coverUrl } from "@shop/shared/media/images";
import { headTags } from "./page-html.ts";

const head = (image: string) => ({ title: "Dinosaurs", description: "A book.", path: "/store/products/7/", image });

describe("spec 26.1: link previews show a product's picture", () => {
  it("a generated cover is named as its PNG drawing, since link previews do not show SVG", () => {
    const cover = coverUrl({ id: 7, title: "Dinosaurs", category: "books", format: "Hardcover" });
    expect(headTags(head(cover), "https://shop.example.org")).toContain(
      `<meta property="og:image" content="https://shop.example.org${cover.replace(/\.svg$/, ".png")}" />`,
    );
  });

  it("an uploaded image is named as it is", () => {
    const photo = `/media/${"a".repeat(64)}-960.webp`;
    expect(headTags(head(photo), "https://shop.example.org")).toContain(
      `<meta property="og:image" content="https://shop.example.org${photo}" />`,
    );
  });
});

import type { ProductCard } from "@shop/shared/catalog/api";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HomeProductCard } from "./HomeProductCard";

const card: ProductCard = {
  id: 7,
  title: "The New Answers Book 4",
  subtitle: "",
  slug: "new-answers-4",
  url: "/store/products/7/",
  image: null,
  author: "",
  series: "",
  release_date: null,
  categories: ["books"],
  formats: ["Paperback", "PDF"],
  price: "7.99",
  price_float: 7.99,
  price_cents: 799,
  max_price_cents: 1499,
  availability: "in_stock",
  is_sold_out: false,
};

const render = (product: ProductCard) => renderToString(createElement(HomeProductCard, { product }));

describe("spec 26.2: a home page product card", () => {
  it("shows the product's image in its square slot when it has one", () => {
    const html = render({ ...card, image: "/media/abc/400.webp" });
    expect(html).toContain(
      '<span class="image-slot"><img src="/media/abc/400.webp" alt="" loading="lazy" width="400" height="400"/></span>',
    );
  });

  it("keeps the slot with the title's initials until the product has an image", () => {
    expect(render(card)).toContain(
      '<span class="image-slot"><span class="image-placeholder" aria-hidden="true">TN</span></span>',
    );
  });

  it("says From when the product's formats cost different prices, not when they cost the same", () => {
    expect(render(card)).toContain("From <!-- -->$7.99");
    expect(render({ ...card, max_price_cents: 799 })).not.toContain("From");
  });
});

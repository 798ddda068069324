import { describe, expect, it } from "vitest";
import { categoryForSku, SKU_CATEGORY_TABLE } from "./sku-category.ts";

describe("every prefix in the table gives its category", () => {
  const rows = SKU_CATEGORY_TABLE.flatMap(({ category, prefixes }) =>
    prefixes.map((prefix) => [prefix, category] as const),
  );
  it.each(rows)("%s… is %s", (prefix, category) => {
    expect(categoryForSku(`${prefix}123`)).toBe(category);
  });
});

describe("the table lists the spec's prefixes", () => {
  it.each([
    ["books", ["10-1-", "10-2-", "10-3-", "10-4-", "10-5-"]],
    ["apparel", ["60-", "61-", "62-", "63-", "64-", "65-", "66-", "67-", "68-", "69-"]],
    ["vbs", ["10-0-", "10-6-", "10-7-", "10-8-", "10-9-", "11-1-"]],
    ["donation", ["GeneralDonation", "CreationMuseum", "Worldwide", "Ark", "Peg", "Plank", "Beam"]],
  ])("%s", (category, prefixes) => {
    expect(SKU_CATEGORY_TABLE.find((row) => row.category === category)?.prefixes).toEqual(prefixes);
  });
});

describe("the first match in table order wins", () => {
  it.each([
    ["magazine issues (00-A-) before witnessing (00-)", "00-A-2024", "magazine-issue"],
    ["other 00- codes are witnessing", "00-B-17", "witnessing"],
    ["tickets (90-8-1) before packs (90-)", "90-8-1001", "tickets"],
    ["90-8- without the 1 is a pack", "90-8-2001", "packs"],
    ["video downloads (90-2-) before packs", "90-2-555", "video-downloads"],
    ["ebooks (90-3-) before packs", "90-3-555", "ebooks"],
    ["pdf (90-4-) before packs", "90-4-555", "pdf"],
    ["mp3 (90-6-) before packs", "90-6-555", "mp3"],
    ["other 90- codes are packs", "90-5-555", "packs"],
    ["35-1- is bju", "35-1-100", "bju"],
    ["other 35- codes are other", "35-2-100", "other"],
    ["10-0- is vbs, not books", "10-0-100", "vbs"],
    ["10-6- is vbs", "10-6-100", "vbs"],
    ["11-1- is vbs", "11-1-100", "vbs"],
    ["other 11- codes are other", "11-2-100", "other"],
    ["59- is other (apparel starts at 60-)", "59-100", "other"],
    ["70- is limited edition", "70-100", "limited-edition"],
  ])("%s", (_rule, sku, category) => {
    expect(categoryForSku(sku)).toBe(category);
  });
});

describe("donation codes and unknown codes", () => {
  it.each([
    ["GeneralDonation", "donation"],
    ["CreationMuseum", "donation"],
    ["Worldwide", "donation"],
    ["Ark", "donation"],
    ["Peg", "donation"],
    ["Plank", "donation"],
    ["Beam", "donation"],
    ["ArkPlank2024", "donation"],
    ["generaldonation", "other"],
    ["95", "other"],
    ["", "other"],
    ["ABC-1", "other"],
  ])("%j is %s", (sku, category) => {
    expect(categoryForSku(sku)).toBe(category);
  });
});

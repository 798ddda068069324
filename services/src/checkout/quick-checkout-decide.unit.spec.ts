import { describe, expect, it } from "vitest";
import {
  NotAMembershipError,
  QuickCheckoutFormError,
  QuickCheckoutRequest,
  daysInMonth,
  membershipVariantOf,
  type AddressItem,
  type SkuForCart,
} from "@shop/shared";
import { decideQuickCheckout } from "./quick-checkout-decide.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const membership = (format: string, extra: Partial<SkuForCart> = {}): SkuForCart => ({
  id: 163,
  code: "90-8-111",
  productId: 41,
  title: "Annual Membership",
  format,
  priceCents: 9900,
  originalPriceCents: null,
  priceTiers: [],
  stock: null,
  backorder: false,
  restockDate: null,
  allowReturns: false,
  active: true,
  digital: false,
  userDefinedPrice: false,
  campaign: null,
  url: "/store/products/41/",
  imageUrl: null,
  ...extra,
});
const INDIVIDUAL = membership("Individual Membership");
const FAMILY = membership("Family Membership", { id: 164, code: "90-8-112" });
const GRANDPARENT = membership("Grandparent Membership", { id: 165, code: "90-8-113" });
const BOOK: AddressItem = {
  id: 7,
  first_name: "Shem",
  last_name: "Builder",
  street1: "2 Hill Rd",
  street2: "",
  city: "Hebron",
  state: "KY",
  postal_code: "41048",
  country: "US",
  phone: "",
  is_default: true,
};
const VALID = {
  first_name: "Noah",
  last_name: "Builder",
  street1: "1 Ark Way",
  city: "Petersburg",
  state: "KY",
  postal_code: "41080",
  country: "US",
  email: "noah@example.org",
  primary_first_name: "Noah",
  primary_last_name: "Builder",
  card_number: "4242 4242 4242 4242",
  exp_month: "12",
  exp_year: "2028",
  cvv: "123",
  name_on_card: "Noah Builder",
};
const form = (extra: Record<string, string> = {}) => QuickCheckoutRequest.parse({ ...VALID, ...extra });
const decide = (sku: SkuForCart, extra: Record<string, string> = {}, addressBook: AddressItem[] | null = null) =>
  decideQuickCheckout(form(extra), { sku, addressBook }, NOW);
/** The fields a refused form names, each with its message. */
const refusal = (sku: SkuForCart, extra: Record<string, string>, addressBook: AddressItem[] | null = null) => {
  try {
    decide(sku, extra, addressBook);
  } catch (error) {
    if (error instanceof QuickCheckoutFormError) return { message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error("the form was accepted");
};
const PASSHOLDERS = "All passholder name fields are required.";
const REQUIRED = "This field is required.";

describe("quick checkout: passholder names (storefront §5)", () => {
  it.each([
    [
      "the primary passholder is always required",
      INDIVIDUAL,
      { primary_first_name: "", primary_last_name: "" },
      ["primary_first_name", "primary_last_name"],
    ],
    ["the primary needs a last name too", FAMILY, { primary_last_name: "" }, ["primary_last_name"]],
    [
      "a spouse begun needs both names (grandparent)",
      GRANDPARENT,
      { spouse_first_name: "Naamah" },
      ["spouse_last_name"],
    ],
    [
      "a family dependent begun needs both names",
      FAMILY,
      { dependent_2_last_name: "Builder" },
      ["dependent_2_first_name"],
    ],
    [
      "a grandchild begun needs first name, last name and the full birthday",
      GRANDPARENT,
      { dependent_1_first_name: "Ham", dependent_1_birth_year: "2016" },
      ["dependent_1_last_name", "dependent_1_birth_month", "dependent_1_birth_day"],
    ],
    [
      "a grandchild's birthday must be a real date: 29 February only in a leap year",
      GRANDPARENT,
      {
        dependent_1_first_name: "Ham",
        dependent_1_last_name: "Builder",
        dependent_1_birth_year: "2015",
        dependent_1_birth_month: "2",
        dependent_1_birth_day: "29",
      },
      ["dependent_1_birth_day"],
    ],
    [
      "a grandchild's birthday must be a real date: no 31 April",
      GRANDPARENT,
      {
        dependent_3_first_name: "Ham",
        dependent_3_last_name: "Builder",
        dependent_3_birth_year: "2015",
        dependent_3_birth_month: "4",
        dependent_3_birth_day: "31",
      },
      ["dependent_3_birth_day"],
    ],
  ])("%s: 'All passholder name fields are required.'", (_rule, sku, extra, fields) => {
    const { message, fields: errors } = refusal(sku, extra);
    expect(message).toBe("Please correct the errors in this form before proceeding to checkout.");
    expect(errors).toEqual(Object.fromEntries(fields.map((f) => [f, [PASSHOLDERS]])));
  });

  it.each([
    ["blank optional rows are left out", FAMILY, {}, ["primary"]],
    ["an individual membership ignores dependent rows", INDIVIDUAL, { dependent_1_first_name: "Ham" }, ["primary"]],
    [
      "29 February is a grandchild's birthday in a leap year",
      GRANDPARENT,
      {
        spouse_first_name: "Naamah",
        spouse_last_name: "Builder",
        dependent_1_first_name: "Ham",
        dependent_1_last_name: "Builder",
        dependent_1_birth_year: "2016",
        dependent_1_birth_month: "2",
        dependent_1_birth_day: "29",
      },
      ["primary", "spouse", "dependent 2016-02-29"],
    ],
  ])("%s", (_rule, sku, extra, holders) => {
    const order = decide(sku, extra);
    expect(order.membership.passholders.map((p) => (p.birthday ? `${p.role} ${p.birthday}` : p.role))).toEqual(holders);
  });

  it("the day list adapts: 31, 30, and February's 28 or 29 in a leap year (2000 yes, 1900 no)", () => {
    expect([1, 4, 2].map((m) => daysInMonth(2015, m))).toEqual([31, 30, 28]);
    expect([2016, 2000, 1900].map((y) => daysInMonth(y, 2))).toEqual([29, 29, 28]);
  });
});

describe("quick checkout: the form's other rules", () => {
  it("a new shipping address needs first and last name, street1, city, postal code, and state in the US", () => {
    const { fields } = refusal(INDIVIDUAL, { ship_to: "new", ship_country: "US" });
    expect(fields).toEqual(
      Object.fromEntries(
        ["ship_first_name", "ship_last_name", "ship_street1", "ship_city", "ship_postal_code", "ship_state"].map(
          (f) => [f, [REQUIRED]],
        ),
      ),
    );
  });

  it("a new shipping address outside the US needs no state", () => {
    const order = decide(INDIVIDUAL, {
      ship_to: "new",
      ship_first_name: "Japheth",
      ship_last_name: "Builder",
      ship_street1: "3 Sea Lane",
      ship_city: "Toronto",
      ship_postal_code: "M5V",
      ship_country: "Canada",
    });
    expect(order.shipping).toMatchObject({ first_name: "Japheth", country: "Canada", state: "" });
  });

  it("billing is required as in step 1, with the email checked", () => {
    const { fields } = refusal(INDIVIDUAL, { city: "", email: "noah@" });
    expect(fields).toEqual({ city: [REQUIRED], email: ["Please enter a valid email address (noah@)."] });
  });

  it("the address-book pick ships to that address; an id not in the shopper's book is refused", () => {
    expect(decide(INDIVIDUAL, { ship_to: "7" }, [BOOK]).shipping).toMatchObject({ first_name: "Shem", city: "Hebron" });
    expect(refusal(INDIVIDUAL, { ship_to: "8" }, [BOOK]).fields).toEqual({ ship_to: ["Select a valid choice."] });
    expect(refusal(INDIVIDUAL, { ship_to: "7" }, null).fields).toEqual({ ship_to: ["Select a valid choice."] });
  });

  it("same as billing ships to the billing address", () => {
    expect(decide(INDIVIDUAL).shipping).toMatchObject({ first_name: "Noah", street1: "1 Ark Way" });
  });

  it("the payment is checked as the payment step checks it, in the same answer as the other fields", () => {
    const { fields } = refusal(INDIVIDUAL, { card_number: "4242 4242 4242 4241", primary_last_name: "" });
    expect(fields).toEqual({
      primary_last_name: [PASSHOLDERS],
      card_number: ["Please enter a valid card number."],
    });
  });

  it("the order is one membership, its price the total, no shipping charged", () => {
    const order = decide(GRANDPARENT);
    expect(order.line).toMatchObject({ skuCode: "90-8-113", quantity: 1, totalCents: 9900 });
    expect(order.totals).toEqual({
      goodsCents: 9900,
      discountCents: 0,
      donationCents: 0,
      shippingCents: 0,
      totalCents: 9900,
    });
    expect(order.payment("").type).toBe("card");
  });

  it("only a membership SKU (a ticket whose format names its passholders) can be quick-checked-out", () => {
    expect(membershipVariantOf({ code: "90-8-101", format: "Adult Ticket" })).toBeNull();
    expect(membershipVariantOf({ code: "10-1-201", format: "Family Membership" })).toBeNull();
    expect(() => decide(membership("Adult Ticket"))).toThrow(NotAMembershipError);
    expect(() => decide(membership("Family Membership", { active: false }))).toThrow(NotAMembershipError);
  });
});

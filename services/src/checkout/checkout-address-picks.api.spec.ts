import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { apiSpec } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import { signedInUser } from "../testing/spec-users.ts";
import { BOOK, CHECKOUT_CATALOG } from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const ann = signedInUser("ann@example.org", "Ann Shopper", { isStaff: false });
const bob = signedInUser("bob@example.org", "Bob Other", { isStaff: false });
const given = spec.given(...CHECKOUT_CATALOG, ann, bob);

const HOME = {
  first_name: "Ann",
  last_name: "Shopper",
  street1: "1 Main St",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "US",
};
const OFFICE = { ...HOME, street1: "2 Office Park", city: "Peoria", postal_code: "61602" };
const REFUSED = (field: string) => ({
  metadata: {
    success: false,
    code: "CHECKOUT_INVALID",
    message: "Invalid request syntax or bad data.",
    errors: [`${field}: Select a valid choice.`],
  },
});

/** Adds the addresses to the shopper's book and a book to their cart; answers the book's ids. */
async function withBook(shopper: TestClient, ...addresses: Array<typeof HOME>) {
  const ids: number[] = [];
  for (const a of addresses) ids.push((await shopper.post("/api/account/addresses/", a)).json.id);
  await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
  return ids;
}

describe("address-book picks in the checkout (storefront §3 'Address', §4)", () => {
  it("the checkout lists the signed-in shopper's address book: shipping id 1 is billing, the book counts up from 2", () =>
    given
      .when(async (http) => {
        const shopper = http.as(ann);
        await withBook(shopper, HOME, OFFICE);
        return shopper.get(C);
      })
      .then(({ response }) => {
        expect(response.json.addresses).toEqual([
          { ...HOME, street2: "", id: 2, pk: 1, is_default: true },
          { ...OFFICE, street2: "", id: 3, pk: 2, is_default: false },
        ]);
      }));

  it("billing picked from the book and shipping id 1 (the billing address) fill both steps from the book", () =>
    given
      .when(async (http) => {
        const shopper = http.as(ann);
        await withBook(shopper, HOME);
        const info = await shopper.post(`${C}info/`, { billing_address_id: "2", email: "ann@example.org" });
        expect(info.json).toEqual({ metadata: { success: true, errors: [] }, step: 2 });
        const delivery = await shopper.post(`${C}delivery/`, { shipping_address_id: "1" });
        expect(delivery.json.step).toBe(3);
        return shopper.get(C);
      })
      .then(({ response }) => {
        expect(response.json.billing).toMatchObject({ ...HOME, email: "ann@example.org" });
        expect(response.json.delivery).toMatchObject({ ship_street1: "1 Main St", ship_city: "Springfield" });
      }));

  it("shipping to another address of the book resolves it on the server, whatever ship_* fields came with it", () =>
    given
      .when(async (http) => {
        const shopper = http.as(ann);
        const [, office] = await withBook(shopper, HOME, OFFICE);
        await shopper.post(`${C}info/`, { billing_address_id: "2", email: "ann@example.org" });
        await shopper.post(`${C}delivery/`, { shipping_address_id: String(office! + 1), ship_street1: "typed" });
        return shopper.get(C);
      })
      .then(({ response }) => {
        expect(response.json.delivery).toMatchObject({ ship_street1: "2 Office Park", ship_city: "Peoria" });
      }));

  it("someone else's address is not a choice: Select a valid choice., nothing appended", () =>
    given
      .when(async (http) => {
        const [bobs] = await withBook(http.as(bob), OFFICE);
        const shopper = http.as(ann);
        await withBook(shopper);
        return shopper.post(`${C}info/`, { billing_address_id: String(bobs! + 1), email: "ann@example.org" });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json).toEqual(REFUSED("billing_address_id"));
        expect(newEvents.map((e) => e.type)).not.toContain("CheckoutBillingGiven");
      }));

  it("someone else's address refused as a shipping address too", () =>
    given
      .when(async (http) => {
        const [bobs] = await withBook(http.as(bob), OFFICE);
        const shopper = http.as(ann);
        const [home] = await withBook(shopper, HOME);
        const info = await shopper.post(`${C}info/`, {
          billing_address_id: String(home! + 1),
          email: "ann@example.org",
        });
        expect(info.json.step).toBe(2);
        return shopper.post(`${C}delivery/`, { shipping_address_id: String(bobs! + 1) });
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(400);
        expect(response.json).toEqual(REFUSED("shipping_address_id"));
        expect(newEvents.map((e) => e.type)).not.toContain("CheckoutDeliveryGiven");
      }));

  it("a guest has no address book: a picked id is refused, and the list is empty", () =>
    given
      .when(async (http) => {
        const guest = http.visitor();
        await guest.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
        expect((await guest.get(C)).json.addresses).toEqual([]);
        return guest.post(`${C}info/`, { billing_address_id: "2", email: "guest@example.org" });
      })
      .then(({ response }) => expect(response.json).toEqual(REFUSED("billing_address_id"))));
});

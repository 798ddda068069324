import { describe, expect, it } from "vitest";
import { discountStream } from "@shop/shared";
import { createApp } from "../app.ts";
import { discount } from "../cart/cart-fixtures.ts";
import { apiSpec, type GivenEvent } from "../testing/api-spec.ts";
import type { TestClient } from "../testing/http-client.ts";
import { BILLING, CHECKOUT_CATALOG, DOWNLOAD, GOOD_CARD, SAME_AS_BILLING } from "./checkout-fixtures.ts";

const spec = apiSpec(createApp);
const C = "/api/store/shop/checkout/";
const { id, ...once } = discount("ONCE", { id: 3, maxUsesPerCustomer: 1 });
const ONCE: GivenEvent = {
  streamId: discountStream("ONCE"),
  type: "DiscountCreated",
  data: { ...once, id, createdAt: new Date().toISOString(), by: null },
};

/** A guest's checkout of the download with ONCE applied, billed to `email`. */
async function buyAs(shopper: TestClient, email: string) {
  await shopper.get(`/api/store/shop/add-to-cart/?${DOWNLOAD}=1`);
  await shopper.get('/api/store/shop/apply-discounts/?discounts=["ONCE"]');
  await shopper.post(`${C}info/`, { ...BILLING, email });
  await shopper.post(`${C}delivery/`, { ...SAME_AS_BILLING, digital_email: email });
  return shopper.post(`${C}payment/`, GOOD_CARD);
}

describe("per-customer discount limits count a guest's email normalised", () => {
  it("security 21: a@x.org, A@X.ORG and a+2@x.org count as one customer: once per customer gives one use", () =>
    spec
      .given(...CHECKOUT_CATALOG, ONCE)
      .when(async (http) => {
        expect((await buyAs(http.visitor(), "a@x.org")).status).toBe(200);
        for (const email of ["A@X.ORG", "a+2@x.org", " A+deals@X.org "]) {
          const refused = await buyAs(http.visitor(), email);
          expect(refused.json.metadata).toMatchObject({
            code: "DISCOUNT_USED_UP",
            message: "The discount ONCE has been used up.",
          });
        }
        // Another mailbox is another customer.
        return buyAs(http.visitor(), "b+2@x.org");
      })
      .then(({ response, newEvents }) => {
        expect(response.status).toBe(200);
        expect(newEvents.filter((e) => e.type === "DiscountUseClaimed")).toHaveLength(2);
        // The claims name person ids, never the email.
        expect(
          JSON.stringify(newEvents.filter((e) => e.type === "DiscountUseClaimed").map((e) => e.data)),
        ).not.toContain("x.org");
      }));
});

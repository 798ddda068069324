import type { TestClient } from "../testing/http-client.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import type { GivenEvent } from "../testing/api-spec.ts";
import { campaignStream } from "@shop/shared";
import type { RunningServer } from "../server.ts";

export const BOOK = "10-1-100";
export const DOWNLOAD = "40-500";
export const FREEBIE = "40-600";
export const GIFT = "GeneralDonation";

/** A book (5 in stock), a download, a free download and the general donation toward 'ark-main'. */
export const CHECKOUT_CATALOG: GivenEvent[] = [
  productGiven(1, { title: "Noah's Ark Book" }),
  ...skuGiven(100, BOOK, { productId: 1, priceCents: 1299, stock: 5 }),
  productGiven(5, { title: "Flood Audio" }),
  ...skuGiven(500, DOWNLOAD, { productId: 5, format: "MP3", priceCents: 799, digital: true }),
  productGiven(6, { title: "Free Colouring Page" }),
  ...skuGiven(600, FREEBIE, { productId: 6, format: "PDF", priceCents: 0, digital: true }),
  ...skuGiven(900, GIFT, { name: "General Donation", priceCents: 0, userDefinedPrice: true, campaign: "ark-main" }),
];

export const BILLING = {
  first_name: "Noah",
  last_name: "Builder",
  street1: "1 Ark Way",
  street2: "",
  city: "Petersburg",
  state: "KY",
  postal_code: "41080",
  country: "US",
  email: "noah@example.org",
  org_name: "",
};

export const SAME_AS_BILLING = {
  ship_first_name: "Noah",
  ship_last_name: "Builder",
  ship_street1: "1 Ark Way",
  ship_street2: "",
  ship_city: "Petersburg",
  ship_state: "KY",
  ship_postal_code: "41080",
  ship_country: "US",
  digital_email: "noah@example.org",
};

export const GOOD_CARD = {
  payment_type: "card",
  card_number: "4242 4242 4242 4242",
  exp_month: "12",
  exp_year: String(new Date().getUTCFullYear() + 2),
  cvv: "123",
  name_on_card: "Noah Builder",
};
export const DECLINED_CARD = { ...GOOD_CARD, card_number: "4000 0000 0000 0002" };

const C = "/api/store/shop/checkout/";

/** Billing, delivery and (when something ships) the first shipping method: the checkout stands at step 4. */
export async function throughShipping(shopper: TestClient) {
  await shopper.post(`${C}info/`, BILLING);
  const delivery = await shopper.post(`${C}delivery/`, SAME_AS_BILLING);
  if (delivery.json.step === 3) await shopper.post(`${C}shipping/`, { shipping_method: "standard" });
}

/** The checkout catalog and the 'ark-main' campaign ($1,000 goal) in a test server's log, projected. */
export async function givenCatalogAndCampaign(server: RunningServer) {
  for (const given of CHECKOUT_CATALOG)
    await server.store.append(given.streamId, [{ type: given.type, data: given.data }]);
  await server.store.append(campaignStream("ark-main"), [
    {
      type: "CampaignCreated",
      data: {
        id: 1,
        slug: "ark-main",
        name: "Ark",
        goalCents: 100_000,
        startsAt: null,
        endsAt: null,
        createdAt: new Date().toISOString(),
      },
    },
  ]);
  await server.runner.waitFor(await server.store.head());
}

/** The 'Build the Ark' campaign (`ark-main`) as a spec's given event, with the goal the spec needs. */
export const arkCampaignGiven = (goalCents: number, createdAt = new Date()): GivenEvent => ({
  streamId: campaignStream("ark-main"),
  type: "CampaignCreated",
  data: {
    id: 1,
    slug: "ark-main",
    name: "Build the Ark",
    goalCents,
    startsAt: null,
    endsAt: null,
    createdAt: createdAt.toISOString(),
  },
});

// The shop's part of the replay bench's template: the demo catalogue, campaigns and giveaways, then
// shoppers through the real checkout (carts, checkout steps, orders, payment attempts, mails), in about
// the proportions a shop's log has: most events are commerce.
import { campaignStream } from "@shop/shared";
import { seedAdsDemoData } from "../services/src/ads/ads-demo-data.ts";
import { productGiven, skuGiven } from "../services/src/catalog/catalog-spec-fixtures.ts";
import { seedCatalogDemoData } from "../services/src/catalog/catalog-demo-data.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD, SAME_AS_BILLING } from "../services/src/checkout/checkout-fixtures.ts";
import { seedDiscountDemoData } from "../services/src/discounts/discount-demo-data.ts";
import { seedGamifyDemoData } from "../services/src/gamify/gamify-demo-data.ts";
import { seedNewsletterDemoData } from "../services/src/newsletters/newsletters-demo-data.ts";
import { seedRadioDemoData } from "../services/src/radio/radio-demo-data.ts";
import type { RunningServer } from "../services/src/server.ts";
import { TestClient } from "../services/src/testing/http-client.ts";
import { signedInClient } from "../services/src/testing/server-kit.ts";
import { afterSales } from "./replay-after-sales.ts";

const C = "/api/store/shop/checkout/";
export const BENCH_BOOK = "10-1-190";
export const BENCH_AUDIO = "40-590";
const GIFT = "BenchGift";

/** What the shop offers before anyone buys: the demo data of every commerce feature. */
async function shopFront(server: RunningServer): Promise<void> {
  const { store, database } = server;
  const clock = () => new Date();
  const metadata = { userId: null, correlationId: "bench-shop" };
  await seedCatalogDemoData(store, database.db, clock, metadata);
  await seedDiscountDemoData(store, database.db, clock(), metadata);
  await seedRadioDemoData(store, database.db, clock, metadata);
  await seedAdsDemoData(store, database.db, clock, metadata);
  await seedNewsletterDemoData(store, database.db, clock, metadata);
  await seedGamifyDemoData(store, clock(), metadata);
  await store.append(
    campaignStream("ark-main"),
    [
      {
        type: "CampaignCreated",
        data: {
          id: 1,
          slug: "ark-main",
          name: "Build the Ark",
          goalCents: 50_000_000,
          startsAt: null,
          endsAt: null,
          createdAt: clock().toISOString(),
        },
        metadata,
      },
    ],
    { expectedVersion: "no-stream" },
  );
  const given = [
    productGiven(190, { title: "Bench Book" }),
    ...skuGiven(1900, BENCH_BOOK, { productId: 190, priceCents: 1299, stock: 1_000_000 }),
    productGiven(590, { title: "Bench Audio" }),
    ...skuGiven(5900, BENCH_AUDIO, { productId: 590, format: "MP3", priceCents: 799, digital: true }),
    ...skuGiven(9900, GIFT, {
      name: "Bench Gift",
      format: "Donation",
      priceCents: 0,
      userDefinedPrice: true,
      campaign: "ark-main",
    }),
  ];
  for (const g of given) await store.append(g.streamId, [{ type: g.type, data: g.data }]);
  // The cart prices from the catalog's read model: it must hold the SKUs first.
  await server.runner.waitFor(await store.head(), undefined, 30_000);
}

/** One shopper: a book, a download and (every other one) a gift; every fourth card is declined once. Answers the order number. */
async function shopper(server: RunningServer, i: number): Promise<string> {
  const client = new TestClient(server.url);
  await client.get("/api/account/me/");
  const email = `shopper${i}@example.org`;
  const steps = [
    await client.get(`/api/store/shop/add-to-cart/?${BENCH_BOOK}=1&${BENCH_AUDIO}=1`),
    ...(i % 2 === 0 ? [await client.get(`/api/store/shop/add-to-cart/?${GIFT}=25`)] : []),
    await client.post(`${C}info/`, { ...BILLING, email }),
    await client.post(`${C}delivery/`, { ...SAME_AS_BILLING, digital_email: email }),
  ];
  if (steps.at(-1)?.json?.step === 3) {
    steps.push(await client.get(`${C}shipping/`));
    steps.push(await client.post(`${C}shipping/`, { shipping_method: "standard" }));
  }
  steps.push(await client.get(`${C}payment/`));
  const failed = steps.find((s) => s.status >= 300);
  if (failed)
    throw new Error(`bench shopper ${i}: ${steps.map((s) => `${s.status} ${s.text.slice(0, 300)}`).join("\n")}`);
  if (i % 4 === 0) await client.post(`${C}payment/`, DECLINED_CARD, { "idempotency-key": `bench-declined-${i}` });
  const paid = await client.post(`${C}payment/`, GOOD_CARD, { "idempotency-key": `bench-pay-${i}` });
  if (paid.status >= 300) throw new Error(`bench shopper ${i}: payment ${paid.status} ${paid.text.slice(0, 200)}`);
  return paid.json.order.number;
}

const ADDRESS = {
  first_name: "Ann",
  last_name: "Shopper",
  street1: "1 Main St",
  street2: "",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "United States",
  phone: "555-0100",
};

/** A customer with an account keeps an address book: two added, one edited, made default, one removed. */
async function customer(server: RunningServer, i: number): Promise<void> {
  const { client } = await signedInClient(server, `customer${i}@example.org`, `Customer ${i}`, false);
  const API = "/api/account/addresses/";
  const home = await client.post(API, ADDRESS);
  const work = await client.post(API, { ...ADDRESS, street1: "2 Office Park", postal_code: "62702" });
  const answers = [home, work];
  const id = (a: typeof home) => a.json?.id ?? a.json?.address?.id;
  answers.push(await client.request("PUT", `${API}${id(home)}/`, { ...ADDRESS, street2: "Apt 3" }));
  answers.push(await client.post(`/account/address/${id(work)}/make-default/`, {}));
  answers.push(await client.post(`/account/address/${id(home)}/remove/`, {}));
  const failed = answers.find((a) => a.status >= 400);
  if (failed) throw new Error(`bench customer ${i}: ${failed.status} ${failed.text.slice(0, 200)}`);
}

/** A visitor playing the giveaway: joins, views, shares and plays a video (points and achievements). */
async function player(server: RunningServer): Promise<void> {
  const client = new TestClient(server.url);
  await client.get("/api/account/me/");
  const campaign = "vbs-2016-reveal"; // the demo giveaway
  await client.post("/gamify/join/", { campaign });
  for (const action of ["page-view", "share", "video-play"])
    await client.post("/api/gamify/register-action/", { campaign, action });
}

/** The shop's history: its front, then `shoppers` shoppers one after another, customers and players. */
export async function shopHistory(server: RunningServer, shoppers = 8): Promise<void> {
  await shopFront(server);
  const orders: string[] = [];
  for (let i = 0; i < shoppers; i++) orders.push(await shopper(server, i));
  for (let i = 0; i < 2; i++) await customer(server, i);
  for (let i = 0; i < 3; i++) await player(server);
  await afterSales(server.store, orders);
}

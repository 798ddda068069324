import type { Kysely } from "kysely";
import { QuickCheckoutRequest, QuickDonationRequest, type EventStore, type LogPosition } from "@shop/shared";
import { loadSkusForCart, type Database } from "@shop/projections";
import { submitQuickCheckout, type QuickCheckoutDeps } from "../checkout/quick-checkout-service.ts";
import { submitQuickDonation } from "../checkout/quick-donation-service.ts";
import type { QuickRequest } from "../checkout/quick-payment.ts";
import { orderNumbersFrom } from "../orders/order-number.ts";
import { createCardAttemptThrottle } from "../payments/card-attempts.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";

const DAY = 86_400_000;
const CARD = {
  payment_type: "card",
  card_number: "4242 4242 4242 4242",
  exp_month: "12",
  cvv: "123",
};
const giver = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  street1: "1 Demo Way",
  city: "Petersburg",
  state: "KY",
  postal_code: "41080",
  country: "US",
  email: `${first.toLowerCase()}@example.org`,
  name_on_card: `${first} ${last}`,
});

/**
 * The demo's sales, a few days back so the dashboard's chart has days to draw: gifts to the Ark
 * campaign's funds (the thermometer moves) and two memberships (goods: revenue and top products). One
 * SKU each, bought once, so a product a visitor buys stays near the top of "Top products".
 */
const SALES: Array<{ daysAgo: number; gift?: { fund: string; amount: string }; membership?: Record<string, string> }> =
  [
    { daysAgo: 4, gift: { fund: "GeneralDonation", amount: "50.00" } },
    { daysAgo: 3, membership: { sku: "90-8-111" } },
    { daysAgo: 2, gift: { fund: "Ark", amount: "100.00" } },
    { daysAgo: 1, gift: { fund: "Plank", amount: "12.50" } },
    {
      daysAgo: 1,
      membership: {
        sku: "90-8-113",
        spouse_first_name: "Naamah",
        spouse_last_name: "Builder",
        dependent_1_first_name: "Ham",
        dependent_1_last_name: "Builder",
        dependent_1_birth_year: "2016",
        dependent_1_birth_month: "02",
        dependent_1_birth_day: "29",
      },
    },
    { daysAgo: 0, gift: { fund: "GeneralDonation", amount: "25.00" } },
  ];
const PEOPLE = [
  giver("Ruth", "Gleaner"),
  giver("Boaz", "Farmer"),
  giver("Lydia", "Dyer"),
  giver("Japheth", "Builder"),
  giver("Dorcas", "Weaver"),
  giver("Priscilla", "Tentmaker"),
];

/**
 * A fresh demo shop's first orders (issue 26 §10): the dashboard, its chart and the home page's
 * thermometer show figures on first start. Placed through the real one-form checkouts (paid with the
 * test gateway's card, confirmation mails in the outbox), each under an Idempotency-Key of its own, so
 * a second call answers the same orders. Only with the test gateway: a shop on Stripe takes no made-up
 * money. Called right after `seedDemoData` seeded an empty log (the catalog read model caught up).
 */
export async function seedDemoSales(deps: {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  gateway: PaymentGateway;
  /** SITE_URL: the links in the demo orders' confirmation mails. */
  siteUrl: string;
}): Promise<LogPosition | null> {
  if (deps.gateway.name !== "test") return null;
  const base = {
    ...deps,
    cardAttempts: createCardAttemptThrottle(),
    nextOrderNumber: orderNumbersFrom(deps.db),
    loadSkus: (codes: readonly string[]) => loadSkusForCart(deps.db, codes),
  };
  const expYear = String(deps.clock().getUTCFullYear() + 2);
  let last: LogPosition | null = null;
  for (const [i, sale] of SALES.entries()) {
    const at = new Date(deps.clock().getTime() - sale.daysAgo * DAY);
    const quick: QuickCheckoutDeps = { ...base, clock: () => at };
    const person = PEOPLE[i % PEOPLE.length]!;
    const request: QuickRequest = {
      idempotencyKey: `demo-sale-${i + 1}`,
      userId: null,
      cartId: `demo-sale-${i + 1}`,
      address: "127.0.0.1",
      metadata: { userId: null, correlationId: "demo-data" },
    };
    const card = { ...CARD, exp_year: expYear, name_on_card: person.name_on_card };
    const placed = sale.gift
      ? await submitQuickDonation(
          quick,
          QuickDonationRequest.parse({ ...sale.gift, email: person.email, ...card }),
          request,
        )
      : await submitQuickCheckout(
          quick,
          QuickCheckoutRequest.parse({
            ...person,
            ship_to: "billing",
            primary_first_name: person.first_name,
            primary_last_name: person.last_name,
            ...sale.membership,
            ...card,
          }),
          request,
        );
    last = placed.lastWrite ?? last;
  }
  return last;
}

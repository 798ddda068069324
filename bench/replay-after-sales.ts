// Events of the replay bench's template that no API makes on demand in a few seconds: what staff do
// days after a sale (ship, refund, cancel, disputes from the gateway's webhooks, check holds running
// out), what the mail sender and the scheduler record, and back-office edits of the demo data.
// They are appended with the data the commands, reactors and webhooks append.
import type { EventStore } from "@shop/shared";

const by = { id: "bench-staff", name: "Bench Staff" };
const at = () => new Date().toISOString();

/** Appends `[stream, type, data]` in order, each to the end of its stream. */
async function appendAll(store: EventStore, events: Array<[string, string, object]>): Promise<void> {
  for (const [stream, type, data] of events) await store.append(stream, [{ type, data }]);
}

/** After the sales of `orders` (at least five): shipping, refunds, cancels, disputes; edits of the shop's records. */
export async function afterSales(store: EventStore, orders: string[]): Promise<void> {
  const [shipped, refunded, cancelled, disputed, held] = orders;
  const order = (n: string) => `order-${n}`;
  await appendAll(store, [
    [order(shipped), "OrderShipped", { number: shipped, trackingNumber: "1Z999", by, at: at() }],
    [order(refunded), "OrderRefundFailed", { number: refunded, amountCents: 500, message: "declined", at: at() }],
    [
      order(refunded),
      "OrderRefunded",
      { number: refunded, amountCents: 500, gateway: null, reference: null, reason: "damaged", by, at: at() },
    ],
    [order(cancelled), "OrderCancelled", { number: cancelled, reason: "changed mind", by, at: at() }],
    [
      order(cancelled),
      "OrderReleased",
      { number: cancelled, stock: [{ skuId: 1900, quantity: 1 }], discountClaims: [], at: at() },
    ],
    [order(disputed), "OrderDisputeOpened", { number: disputed, reason: "fraudulent", at: at() }],
    [order(disputed), "OrderDisputeClosed", { number: disputed, at: at() }],
    [order(held), "OrderCheckReceived", { number: held, amountCents: 100, by, at: at() }],
    [order(held), "OrderHoldExpired", { number: held, holdUntil: at(), at: at() }],
    [
      "campaign-ark-main",
      "CampaignUpdated",
      {
        id: 1,
        slug: "ark-main",
        name: "Build the Ark",
        goalCents: 60_000_000,
        raisedCents: 0,
        donors: 0,
        startsAt: null,
        endsAt: null,
        updatedAt: at(),
        by,
      },
    ],
    [
      "campaign-ark-main",
      "CampaignGiftRecorded",
      {
        giftId: "bench-check",
        slug: "ark-main",
        amountCents: 10_000,
        donorName: "A Friend",
        note: "",
        source: "offline",
        orderNumber: null,
        recordedAt: at(),
        by,
        name: "Build the Ark",
        goalCents: 60_000_000,
        raisedCents: 10_000,
        donors: 1,
      },
    ],
    [
      "campaign-ark-main",
      "CampaignGiftRefunded",
      {
        giftId: "bench-check",
        slug: "ark-main",
        amountCents: 10_000,
        refundedAt: at(),
        by,
        name: "Build the Ark",
        goalCents: 60_000_000,
        raisedCents: 0,
        donors: 0,
      },
    ],
    ["product-190", "ProductUpdated", { id: 190, changes: { subtitle: "A bench edition" }, updatedAt: at(), by }],
    ["sku-1900", "SkuUpdated", { id: 1900, changes: { upc: "012345678905" }, updatedAt: at(), by }],
    [
      "sku-1900",
      "SkuPriceChanged",
      { id: 1900, priceCents: 1199, originalPriceCents: 1299, priceTiers: [], changedAt: at(), by },
    ],
    [
      "radio-station-1",
      "RadioStationChanged",
      {
        id: 1,
        callLetters: "WBEN",
        frequency: "930 AM",
        city: "Buffalo",
        state: "NY",
        airTimes: "Sat 9am",
        active: true,
        changedAt: at(),
        by,
      },
    ],
    [
      "ad-1",
      "AdChanged",
      {
        id: 1,
        title: "Visit the Ark",
        linkUrl: "/visit/",
        imageUrl: "/media/ad.png",
        altText: "The Ark",
        active: true,
        kind: "own",
        changedAt: at(),
        by,
      },
    ],
    [
      "newsletter-list-1",
      "NewsletterListChanged",
      {
        id: 1,
        slug: "ark-news",
        name: "Ark News",
        description: "News",
        requiresPostalCode: false,
        active: true,
        changedAt: at(),
        by,
      },
    ],
    ...subscriber("reader@example.org"),
    [
      "discount-SAVE10",
      "DiscountUpdated",
      {
        id: 1,
        code: "SAVE10",
        description: "10% off your order, this week",
        percentOff: 10,
        amountOffCents: null,
        minSubtotalCents: 0,
        requiresUser: false,
        requiresGroup: null,
        requiredSkus: [],
        requiredQuantity: 0,
        starts: null,
        ends: null,
        maxUses: null,
        maxUsesPerCustomer: null,
        active: true,
        freeShipping: false,
        freeShippingMethods: [],
        updatedAt: at(),
        by,
      },
    ],
    ...giveaway("vbs-2016-reveal"),
    [
      "mail-bench-failed",
      "MailFailed",
      { mailId: "bench-failed", attempt: 1, error: "timeout", failedAt: at(), retryAt: null },
    ],
    // A monthly gift started on the first order, two months from the gateway (one declined), then cancelled.
    ...monthlyGift(shipped),
  ]);
}

/** A reader who signs up to a list, confirms, unsubscribes, and signs up to the UK list. */
function subscriber(email: string): Array<[string, string, object]> {
  const stream = `newsletter-subscriber-bench-${email}`;
  return [
    [
      stream,
      "NewsletterSignupRequested",
      { email, listIds: [1], postalCode: "", confirmToken: "c0nf", unsubscribeToken: "uns0b", requestedAt: at() },
    ],
    [stream, "NewsletterSignupConfirmed", { email, listIds: [1], postalCode: "", confirmedAt: at() }],
    [stream, "NewsletterUnsubscribed", { email, unsubscribedAt: at() }],
    [stream, "UkEmailSignedUp", { email, unsubscribeToken: "uns0b-uk", signedUpAt: at() }],
  ];
}

/** Two players of a giveaway: one joins and confirms an email, merges into the other; a winner is drawn. */
function giveaway(campaign: string): Array<[string, string, object]> {
  const [a, b] = ["bench-player-a", "bench-player-b"];
  const stream = (p: string) => `gamifyplayer-${campaign}-${p}`;
  return [
    [stream(a), "GamifyPlayerJoined", { campaign, player: a, panel: null, at: at() }],
    [stream(b), "GamifyPlayerJoined", { campaign, player: b, panel: "reveal", at: at() }],
    [`gamifyemail-bench-${a}`, "GamifyVisitorEmailConfirmed", { player: a, at: at() }],
    [
      stream(b),
      "GamifyPlayerMerged",
      {
        campaign,
        player: b,
        from: a,
        fromVersion: 1,
        fromTotal: 0,
        actions: [],
        byAction: [],
        points: 0,
        total: 0,
        at: at(),
      },
    ],
    [
      `gamifycampaign-${campaign}`,
      "GamifyWinnerDrawn",
      {
        campaign,
        seed: "bench",
        entries: [{ player: b, entries: 1 }],
        winner: b,
        winnerActions: [],
        drawnAt: at(),
        by,
      },
    ],
  ];
}

/** A monthly gift's life, as the give-now form, the gateway's notices and the giver's cancel append it. */
function monthlyGift(number: string): Array<[string, string, object]> {
  const stream = `monthly-gift-${number}`;
  const gift = { id: number, campaign: "ark-main" };
  return [
    [
      stream,
      "MonthlyGiftStarted",
      {
        ...gift,
        userId: "bench-giver",
        fund: "Ark",
        fundTitle: "Ark Encounter Donation",
        amountCents: 2_500,
        gateway: "test",
        subscription: `test_sub_${number}`,
        brand: "Visa",
        last4: "4242",
        startedAt: at(),
      },
    ],
    [stream, "MonthlyGiftCharged", { ...gift, invoice: `in_${number}_2`, amountCents: 2_500, chargedAt: at() }],
    [
      stream,
      "MonthlyGiftPaymentFailed",
      { id: number, invoice: `in_${number}_3`, message: "declined", failedAt: at() },
    ],
    [stream, "MonthlyGiftCancelled", { id: number, cancelledBy: "shopper", by: null, cancelledAt: at() }],
  ];
}

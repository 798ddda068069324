import type { Kysely } from "kysely";
import type { Database } from "@shop/projections";
import {
  MonthlyGiftOtherGatewayError,
  campaignStream,
  OrderPlaced,
  orderStream,
  monthlyGiftStream,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type UserRef,
} from "@shop/shared";
import { decideCampaign } from "../campaigns/campaign.ts";
import { campaignCommand } from "../orders/order-gifts.ts";
import { foldStream, RETRY, runCommand } from "../platform/command-handler.ts";
import type { MonthlyCharge, PaymentGateway } from "../payments/payment-gateway.ts";
import { DECLINED, decideMonthlyGift, type MonthlyGiftCommand } from "./decide.ts";
import { monthlyGiftDecider, type MonthlyGift } from "./monthly-gift.ts";
import { queueMonthlyGiftMail } from "./monthly-gift-mails.ts";

/** The store, the clock and the database (the outbox seals the giver's mails with their key). */
/** `siteUrl`: the links in the giver's mails. */
type WriteDeps = { store: EventStore; clock: () => Date; db: Kysely<Database>; siteUrl: string };

export interface MonthlyGiftDeps extends WriteDeps {
  gateway: PaymentGateway;
}

/** One gift's stream: its giver, staff and the gateway's notices rarely meet, so one fresh try. */
const run = (
  deps: { store: EventStore; clock: () => Date },
  id: string,
  command: MonthlyGiftCommand,
  metadata: EventMetadata,
) =>
  runCommand(
    deps.store,
    monthlyGiftStream(id),
    monthlyGiftDecider,
    RETRY.once,
    (state) => decideMonthlyGift(command, state, deps.clock()),
    { metadata },
  );

export const loadMonthlyGift = async (store: EventStore, id: string): Promise<MonthlyGift> =>
  foldStream(monthlyGiftDecider, await store.readStream(monthlyGiftStream(id)));

/** The gateway's monthly side (the start refuses a monthly gift before payment when there is none). */
function monthlyOf(gateway: PaymentGateway) {
  if (!gateway.monthly) throw new Error(`the ${gateway.name} gateway takes no monthly gifts`);
  return gateway.monthly;
}

/**
 * After the first month's order is placed and paid (a card order of one gift line, by a signed-in
 * shopper): the gateway's subscription on that payment's card (idempotent by the gift's id, the order
 * number), then MonthlyGiftStarted. Everything but the receipt email is read from the order itself, so
 * a repeated submit (the same Idempotency-Key) finishes a start that failed after the order.
 */
export async function startMonthlyGift(
  deps: MonthlyGiftDeps,
  orderNumber: string,
  email: string,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  const id = orderNumber;
  if ((await loadMonthlyGift(deps.store, id)).exists) return null;
  const placed = (await deps.store.readStream(orderStream(orderNumber))).find((e) => e.type === "OrderPlaced");
  const order = placed ? OrderPlaced.schema.parse(placed.data) : null;
  const line = order?.lines[0];
  const reference = order?.payment.reference;
  if (!order?.userId || !line?.donation || !reference || order.payment.status !== "paid")
    throw new Error(`order ${orderNumber} is no paid gift of a signed-in shopper`);
  const { subscription } = await monthlyOf(deps.gateway).startMonthly({
    gift: id,
    amountCents: line.totalCents,
    paidWith: reference,
    email,
    description: `Monthly gift: ${line.title}`,
    now: deps.clock(),
  });
  const command: MonthlyGiftCommand = {
    type: "StartMonthlyGift",
    data: {
      id,
      userId: order.userId,
      fund: line.skuCode,
      fundTitle: line.title,
      campaign: line.donation.campaign,
      amountCents: line.totalCents,
      gateway: deps.gateway.name,
      subscription,
      brand: order.payment.brand,
      last4: order.payment.last4,
    },
  };
  return (await run(deps, id, command, metadata)).appended?.position ?? null;
}

/**
 * A month's notice from the gateway: recorded once per invoice, a paid month counted on its
 * campaign's thermometer (pushed like any gift), and the giver mailed a receipt (or told the month
 * failed). The campaign's gift id and the mail's id name the invoice, and both are written whenever
 * the invoice is among the recorded ones, so a process that died between the writes finishes them on
 * the next delivery, and never twice.
 */
export async function recordMonthlyCharge(
  deps: WriteDeps,
  charge: MonthlyCharge,
  metadata: EventMetadata,
): Promise<{ state: MonthlyGift; lastWrite: LogPosition | null }> {
  const result = await run(deps, charge.gift, { type: "RecordMonthlyCharge", data: charge }, metadata);
  let lastWrite = result.appended?.position ?? null;
  const { state } = result;
  if (!state.exists) return { state, lastWrite };
  const { invoice, amountCents } = charge;
  if (state.charged.includes(invoice)) {
    if (charge.paid && state.campaign) lastWrite = (await countMonth(deps, state, charge, metadata)) ?? lastWrite;
    const at = deps.clock().toISOString();
    await queueMonthlyGiftMail(deps, state, { kind: "charged", invoice, amountCents, at }, metadata);
  } else if (state.failed.includes(invoice)) {
    const message = charge.message ?? DECLINED;
    await queueMonthlyGiftMail(deps, state, { kind: "failed", invoice, message }, metadata);
  }
  return { state, lastWrite };
}

/** A paid month on its campaign's thermometer, once: the campaign's gift id names the invoice. */
async function countMonth(
  deps: WriteDeps,
  state: Extract<MonthlyGift, { exists: true }>,
  charge: MonthlyCharge,
  metadata: EventMetadata,
): Promise<LogPosition | null> {
  if (!state.campaign) return null;
  const counted = await campaignCommand(
    deps.store,
    campaignStream(state.campaign),
    (campaign) =>
      campaign.exists
        ? decideCampaign(
            {
              type: "RecordGift",
              data: {
                giftId: `monthly-${state.id}-${charge.invoice}`,
                amountCents: charge.amountCents,
                donorName: "",
                note: "",
                source: "monthly",
                orderNumber: state.id,
              },
            },
            campaign,
            { now: deps.clock(), by: null },
          )
        : [],
    { metadata },
  );
  return counted.appended?.position ?? null;
}

const TEST_GATEWAY = "test";
/** A gateway's name as staff know the provider ("stripe": Stripe). */
export const providerName = (gateway: string) => gateway.charAt(0).toUpperCase() + gateway.slice(1);

/**
 * Cancels a gift: decided on the stream first (not theirs: not found; cancelled already: refused,
 * nothing written, the gateway not asked), then the gateway's subscription ended, then the event.
 * The gateway's own notice that it ended (`gateway`) only records it.
 */
export async function cancelMonthlyGift(
  deps: MonthlyGiftDeps,
  id: string,
  who: { cancelledBy: "shopper" | "staff" | "gateway"; owner: string | null; by: UserRef | null },
  metadata: EventMetadata,
) {
  const command: MonthlyGiftCommand = { type: "CancelMonthlyGift", data: who };
  const state = await loadMonthlyGift(deps.store, id);
  const events = decideMonthlyGift(command, state, deps.clock());
  if (state.exists && events.length && who.cancelledBy !== "gateway") {
    if (state.gateway === deps.gateway.name) await monthlyOf(deps.gateway).cancelMonthly(state.subscription);
    // A test-mode gift on a shop now live: its subscription lived in the test gateway's memory and no
    // real provider can charge it, so the cancel is only recorded. A real provider's gift (Stripe's,
    // the shop now in test mode) keeps charging until that provider ends it: refused, nothing written.
    else if (state.gateway !== TEST_GATEWAY)
      throw new MonthlyGiftOtherGatewayError(who.cancelledBy, providerName(state.gateway));
  }
  const result = await run(deps, id, command, metadata);
  if (result.state.exists && result.state.status === "cancelled")
    await queueMonthlyGiftMail(deps, result.state, { kind: "cancelled" }, metadata);
  return result;
}

import { Router, type Request } from "express";
import {
  isEventOf,
  SetShippingRatesRequest,
  shippingRateEvents,
  SHIPPING_RATES_STREAM,
  type EventStore,
  type RecordedEvent,
  type ShippingRate,
  type ShippingRatesAnswer,
} from "@shop/shared";
import { foldStream } from "../platform/command-handler.ts";
import { eventMetadata } from "../platform/http/request-context.ts";
import { parseRequest } from "../platform/http/validate.ts";
import { runVersionedCommand } from "../platform/versioned-command.ts";
import { decideShippingRates, shippingRatesDecider } from "./shipping-rates.ts";

export const ADMIN_SHIPPING_RATE_BASE = "/admin/api/store/shipping-rate/";

function answerOf(
  rates: readonly ShippingRate[],
  version: number,
  last: RecordedEvent | undefined,
): ShippingRatesAnswer {
  const data = last && isEventOf(shippingRateEvents, last) ? last.data : null;
  return {
    metadata: { success: true },
    rates: rates.map((r) => ({
      code: r.code,
      label: r.label,
      base_cents: r.baseCents,
      per_item_cents: r.perItemCents,
      free_over_cents: r.freeOverCents,
    })),
    version,
    updated_at: data?.at ?? null,
    updated_by: data?.by?.name ?? null,
  };
}

/**
 * Staff edit the shipping rate table (back office): the whole table at once, with the version the
 * form was loaded at (409 when someone saved meanwhile). The checkout reads the stream on every
 * shipping step, so a saved table prices the next shipping step.
 */
export function makeShippingRatesRouter(deps: { store: EventStore; clock: () => Date }): Router {
  const router = Router();
  const byUser = (req: Request) => ({ id: req.user!.id, name: req.user!.name });

  async function current() {
    const recorded = await deps.store.readStream(SHIPPING_RATES_STREAM);
    return answerOf(foldStream(shippingRatesDecider, recorded), recorded.at(-1)?.streamPosition ?? -1, recorded.at(-1));
  }

  router.get(ADMIN_SHIPPING_RATE_BASE, async (_req, res) => {
    res.json(await current());
  });

  router.put(ADMIN_SHIPPING_RATE_BASE, async (req, res) => {
    const input = parseRequest(SetShippingRatesRequest, req.body);
    await runVersionedCommand(
      "shipping rates",
      deps.store,
      SHIPPING_RATES_STREAM,
      shippingRatesDecider,
      (state) => decideShippingRates(state, input, { now: deps.clock(), by: byUser(req) }),
      eventMetadata(req),
      input.expected_version,
    );
    res.json(await current());
  });

  return router;
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProjections } from "@shop/projections";
import type { RecordedEvent } from "@shop/shared";
import type { RunningServer } from "../services/src/server.ts";
import {
  newTestPlace,
  removeTestPlace,
  startTestServer,
  type TestServerPlace,
} from "../services/src/testing/test-server.ts";
import { templateHistory } from "./replay-events.ts";

describe("the replay bench's history (issue 28.2)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let template: RecordedEvent[];
  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
    template = await templateHistory(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("spec 28.2 the bench's template holds every event type some read model handles, each valid by its schema", () => {
    const inTemplate = new Set(template.map((e) => e.type));
    const handled = [...new Set(allProjections.flatMap((p) => p.handles))];
    expect(handled.filter((type) => !inTemplate.has(type))).toEqual([]);
    expect(template.filter((e) => e.invalid).map((e) => e.type)).toEqual([]);
  });

  it("spec 28.2 most of the template is the shop's commerce: carts, checkouts, orders, payments, mails, gifts, giveaways", () => {
    const commerce = /^(Cart|Checkout|Order|PaymentAttempt|Mail|CampaignGift|Gamify|Sku|Product|Address)/;
    expect(template.filter((e) => commerce.test(e.type)).length / template.length).toBeGreaterThan(0.5);
  });
});

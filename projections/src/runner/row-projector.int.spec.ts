// The one-row-per-record read models (ads, radio stations, discounts) through the shared row projector.
import { afterEach, describe, expect, it } from "vitest";
import { adStream } from "@shop/shared";
import { createPostgresEventStore } from "@shop/services/eventstore/postgres-event-store";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { testBackends } from "@shop/services/testing/backends";
import { adsProjection } from "../ads/ads-projection.ts";
import { ProjectionRunner } from "./projection-runner.ts";
import { rebuildProjection } from "./rebuild.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const ad = (id: number, title: string, active: boolean) => ({
  id,
  title,
  linkUrl: `/visit/${id}/`,
  imageUrl: `/media/ad-${id}.png`,
  altText: `${title} banner`,
  active,
  by: null,
});

describe.each(testBackends())("row projector on $name", ({ pglite }) => {
  it("a record's row is what its last event says, its version its last event's stream position, and a rebuild gives equal rows", {
    timeout: 60_000,
  }, async () => {
    const database = await openTestDatabase({ pglite });
    cleanups.push(() => database.drop());
    const store = await createPostgresEventStore(database);
    const runner = new ProjectionRunner({
      db: database.db,
      store,
      projections: [adsProjection],
      tryLeadership: () => database.tryAdvisoryLock(4244),
    });
    cleanups.push(() => runner.stop());
    await runner.start();

    const at = "2026-11-01T10:00:00.000Z";
    await store.append(adStream(1), [{ type: "AdAdded", data: { ...ad(1, "Spring sale", true), addedAt: at } }]);
    await store.append(adStream(2), [{ type: "AdAdded", data: { ...ad(2, "Radio", true), addedAt: at } }]);
    await store.append(adStream(1), [
      { type: "AdChanged", data: { ...ad(1, "Summer sale", true), changedAt: at } },
      { type: "AdChanged", data: { ...ad(1, "Summer sale", false), changedAt: at } },
    ]);
    await runner.catchUp();

    const rows = () => database.db.selectFrom("ads").selectAll().orderBy("id").execute();
    const live = await rows();
    expect(live).toEqual([
      {
        id: 1,
        title: "Summer sale",
        link_url: "/visit/1/",
        image_url: "/media/ad-1.png",
        alt_text: "Summer sale banner",
        active: false,
        kind: "own", // written before ads had kinds: the event's default
        version: 2,
      },
      {
        id: 2,
        title: "Radio",
        link_url: "/visit/2/",
        image_url: "/media/ad-2.png",
        alt_text: "Radio banner",
        active: true,
        kind: "own",
        version: 0,
      },
    ]);

    await runner.stop();
    await rebuildProjection({ db: database.db, store, projection: adsProjection });
    expect(await rows()).toEqual(live);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { RecordedEvent } from "@shop/shared";
import { liveMappers } from "../server.ts";
import type { LiveMessageMapper } from "./live-messages.ts";

let LIVE_MAPPERS: LiveMessageMapper[] = [];
beforeAll(async () => {
  LIVE_MAPPERS = await liveMappers();
});

const recorded = (type: string, data: unknown, streamPosition = 3): RecordedEvent => ({
  type,
  data,
  metadata: { userId: "u1" },
  schemaVersion: 1,
  streamId: "contentnode-7",
  streamPosition,
  position: { major: 1n, minor: 1n },
  globalPosition: 42,
  createdAt: new Date("2026-11-01T00:00:00Z"),
});

/** The pushes the server sends for one event, through its one list of mappers. */
const pushesOf = (event: RecordedEvent) =>
  LIVE_MAPPERS.flatMap((mapper) => mapper(event, { userName: () => "Edna" })).map((m) => `${m.name} ${m.room}`);

describe("every feature's pushes are declared once, in the server's list of live mappers", () => {
  it("lists each mapper once", () => {
    expect(new Set(LIVE_MAPPERS).size).toBe(LIVE_MAPPERS.length);
  });

  it("a keyword link pushes node:keywords once, to the node's record room", () => {
    const pushes = pushesOf(recorded("ContentNodeKeywordLinked", { id: 7, keywordId: 9 }));
    expect(pushes.filter((p) => p.startsWith("node:keywords"))).toEqual(["node:keywords record:content.contentnode.7"]);
  });

  it("a contributor role change pushes node:contributors once, to the node's record room", () => {
    const pushes = pushesOf(
      recorded("ContributorRoleAdded", { id: 7, roleId: 2, contributor: "Ken", role: "Author", sortOrder: 10 }),
    );
    expect(pushes.filter((p) => p.startsWith("node:contributors"))).toEqual([
      "node:contributors record:content.contentnode.7",
    ]);
  });

  it("a SKU's price change pushes node:saved to staff and the SKU's record room", () => {
    const pushes = pushesOf(recorded("SkuPriceChanged", { id: 100, priceCents: 999, by: null }));
    expect(pushes.filter((p) => p.startsWith("node:saved"))).toEqual([
      "node:saved staff",
      "node:saved record:store.sku.100",
    ]);
  });
});

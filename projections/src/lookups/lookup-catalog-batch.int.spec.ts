// The lookup tables' batch against their one-by-one `apply` (test-only dependency on services/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  ContentLangNodeAdded,
  ContentNodeTypeAdded,
  DbTemplateAdded,
  MediaFileAdded,
  MediaFormatAdded,
} from "@shop/shared";
import { testBackends } from "@shop/services/testing/backends";
import { openTestDatabase } from "@shop/services/testing/test-database";
import { recordedEvent as recorded, tablesBothWays } from "../runner/batch-equivalence.ts";
import { lookupCatalogProjection } from "./lookup-catalog-projection.ts";

describe.each(testBackends())("lookup tables batched on $name", ({ pglite }) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase({ pglite });
  }, 120_000);
  afterAll(() => database?.drop());

  it("spec 28.2 rows added twice or already there keep their first version, batched as one by one", async () => {
    const events = [
      recorded(MediaFormatAdded, { id: 1, name: "Video", slug: "video" }),
      recorded(MediaFileAdded, { id: 1, name: "Ark", slug: "ark", formatId: 1, fileUrl: "/m/ark.mp4" }),
      recorded(MediaFormatAdded, { id: 1, name: "Video again", slug: "video-2" }),
      recorded(MediaFileAdded, { id: 2, name: "Flood", slug: "flood", formatId: null, fileUrl: "/m/f.mp3" }),
      recorded(ContentNodeTypeAdded, { id: 3, name: "Article", slug: "article" }),
      recorded(DbTemplateAdded, { id: 4, name: "Plain", slug: "plain" }),
      recorded(DbTemplateAdded, { id: 5, name: "Wide", slug: "wide" }),
      recorded(ContentLangNodeAdded, { id: 6, nodeId: 1, language: "es", name: "Arca", slug: "arca", status: "Live" }),
      recorded(ContentLangNodeAdded, {
        id: 6,
        nodeId: 2,
        language: "de",
        name: "Arche",
        slug: "arche",
        status: "Beta",
      }),
      recorded(DbTemplateAdded, { id: 4, name: "Plain again", slug: "plain-2" }),
      recorded(MediaFormatAdded, { id: 9, name: "Audio", slug: "audio" }), // already there
    ];
    const { oneByOne, batched } = await tablesBothWays(database.db, lookupCatalogProjection, events, {
      sizes: [1, 2, 4, events.length],
      before: async (db) => {
        await sql`INSERT INTO media_formats VALUES (9, 'Sound', 'sound')`.execute(db);
      },
    });
    expect(oneByOne.media_formats).toEqual(["(1,Video,video)", "(9,Sound,sound)"]);
    for (const { tables } of batched) expect(tables).toEqual(oneByOne);
  }, 60_000);
});

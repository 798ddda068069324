// The bench's event log: one real history of every kind (made through the HTTP API, as editors leave
// it), then copied with fresh ids until the log holds the wanted number of events, written straight
// into the events table in large batched INSERTs.
import pg from "pg";
import type { RecordedEvent } from "@shop/shared";
import { seedLookupDemoData } from "../services/src/lookups/lookup-demo-data.ts";
import { signedInClient } from "../services/src/testing/server-kit.ts";
import type { RunningServer } from "../services/src/server.ts";
import type { TestClient } from "../services/src/testing/http-client.ts";
import { shopHistory } from "./replay-shop.ts";

async function ok(p: Promise<{ status: number; json: any }>): Promise<any> {
  const res = await p;
  if (res.status >= 300) throw new Error(`bench scenario: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** Staff work of every kind, so the template holds every event type the read models handle. */
async function editorsAtWork(edna: TestClient, rick: TestClient): Promise<EditorsWork> {
  const home = (
    await ok(edna.post("/admin/api/content/contentnode/", { name: "Home", url: "/", ignore_warnings: true }))
  ).id;
  const about = (
    await ok(
      edna.post("/admin/api/content/contentnode/", {
        name: "About",
        parent: home,
        url: "/about/",
        short_description: "Who we are",
      }),
    )
  ).id;
  await ok(edna.request("PUT", `/admin/api/content/contentnode/${about}/`, { body: "<p>We build arks.</p>" }));
  await ok(edna.post("/admin/content/contentnode/action/", { action: "publish", pk: about }));
  const keyword = (
    await ok(edna.post("/admin/api/content/keyword/?ts=1", { name: "Noah's Ark", monthly_searches: 90 }))
  ).id;
  await ok(edna.post("/admin/api/content/keyword/", { name: "Flood" }));
  await ok(edna.post(`/admin/api/content/contentnode/${about}/keywords/`, { keyword }));
  await ok(edna.request("DELETE", `/admin/api/content/contentnode/${about}/keywords/${keyword}/`)).catch(
    () => undefined,
  );
  const author = (
    await ok(edna.post("/admin/api/content/role/", { node: about, contributor: "Ken Ham", role: "Author" }))
  ).id;
  const editor = (
    await ok(
      edna.post("/admin/api/content/role/", { node: about, contributor: "Bodie Hodge", role: "Editor", sort_order: 5 }),
    )
  ).id;
  await ok(edna.request("PUT", `/admin/api/content/role/${author}/`, { role: "Co-author" }));
  await ok(edna.request("DELETE", `/admin/api/content/role/${editor}/`)).catch(() => undefined);
  const menu = (
    await ok(edna.post("/admin/api/tree/menunode/", { name: "Visit", url: "/visit/", ignore_warnings: true }))
  ).id;
  await ok(
    edna.request("PUT", `/admin/api/tree/menunode/${menu}/`, { url: "/plan-your-visit/", ignore_warnings: true }),
  );
  await ok(
    edna.post("/admin/base/record-locks/?ts=1", { objs: [{ app: "content", model: "contentnode", id: about }] }),
  );
  await ok(
    rick.post("/admin/base/record-locks/", {
      objs: [{ app: "content", model: "contentnode", id: home }],
      reason: 2,
      comment: "checking",
    }),
  );
  await ok(
    edna.request("DELETE", "/admin/base/record-locks/", {
      objs: [{ app: "content", model: "contentnode", id: home }],
      force_unlock: true,
    }),
  );
  await ok(edna.post("/admin/base/record-locks/", { objs: [{ app: "tree", model: "menunode", id: menu }] }));
  const later = (
    await ok(
      edna.post("/admin/api/base/cmsactionevent/", {
        object_id: home,
        action: "publish",
        action_time: "2031-01-01 09:00",
        alert_user: 1,
      }),
    )
  ).id;
  await ok(
    edna.request("PUT", `/admin/api/base/cmsactionevent/${later}/`, {
      action: "archive",
      action_time: "2031-02-01 09:00",
    }),
  );
  const cancelled = (
    await ok(
      edna.post("/admin/api/base/cmsactionevent/", {
        object_id: about,
        action: "beta",
        action_time: "2032-01-01 09:00",
      }),
    )
  ).id;
  await ok(edna.request("DELETE", `/admin/api/base/cmsactionevent/${cancelled}/`));
  await ok(
    edna.request("DELETE", "/admin/base/record-locks/", { objs: [{ app: "tree", model: "menunode", id: menu }] }),
  );
  for (const action of ["beta", "archive"])
    await ok(edna.post("/admin/content/contentnode/action/", { action, pk: home })).catch(() => undefined);
  await rick.post("/api/account/logout/");
  return { home, about, menu, keyword, later };
}

interface EditorsWork {
  home: number;
  about: number;
  menu: number;
  keyword: number;
  later: number;
}

/**
 * What the server does by itself later (a lock expires, the scheduler runs or fails an action), an
 * operator disables a user or erases a person, and status changes no screen makes on demand,
 * appended as the server appends them.
 */
async function offScreen(server: RunningServer, work: EditorsWork, edna: { id: string; name: string }, rickId: string) {
  const at = new Date().toISOString();
  const by = edna;
  const [scheduled] = await server.store.readStream(`cmsactionevent-${work.later}`);
  const action = { ...(scheduled.data as object), id: work.later, action: "archive" };
  const events: Array<[string, string, object]> = [
    [`contentnode-${work.about}`, "ContentNodeKeywordUnlinked", { id: work.about, keywordId: work.keyword }],
    [
      `contentnode-${work.home}`,
      "ContentNodeStatusChanged",
      { id: work.home, from: "Archive", to: "Beta", changedAt: at, by },
    ],
    [`menunode-${work.menu}`, "MenuNodePublished", { id: work.menu, publishedAt: at, by }],
    [`menunode-${work.menu}`, "MenuNodeStatusChanged", { id: work.menu, from: "Live", to: "Beta", changedAt: at, by }],
    [`menunode-${work.menu}`, "MenuNodeArchived", { id: work.menu, archivedAt: at, by }],
    [
      `recordlock-content.contentnode.${work.about}`,
      "LockExpired",
      { app: "content", model: "contentnode", id: work.about, user: edna, expiredAt: at },
    ],
    [
      `cmsactionevent-${work.later}`,
      "ScheduledActionFailed",
      { ...action, failedAt: at, nodeName: "Home", reason: "locked" },
    ],
    [
      `cmsactionevent-${work.later}`,
      "ScheduledActionRan",
      { ...action, ranAt: at, result: { nodeName: "Home", status: "Archive" } },
    ],
    [`user-${rickId}`, "UserDisabled", { userId: rickId, disabledAt: at }],
    ["person-bench-erased", "PersonErased", { person: "bench-erased", erasedAt: at }],
  ];
  for (const [stream, type, data] of events) await server.store.append(stream, [{ type, data }]);
}

/** Account changes the back office has no screen for yet, appended as the account commands would. */
async function accountChanges(server: RunningServer, userId: string): Promise<void> {
  const append = (type: string, data: object) =>
    server.store.append(`user-${userId}`, [{ type, data: { userId, ...data } }]);
  await append("UserRenamed", { name: "Rick R. Reviewer" });
  await append("UserPasswordChanged", { passwordHash: "$argon2id$bench" });
  await append("UserStaffRevoked", {});
  await append("UserStaffGranted", {});
}

/** Makes the template history through the running server and answers its events, oldest first. */
export async function templateHistory(server: RunningServer): Promise<RecordedEvent[]> {
  const edna = await signedInClient(server, "edna@example.org", "Edna Editor");
  const rick = await signedInClient(server, "rick@example.org", "Rick Reviewer");
  await seedLookupDemoData(server.store, { userId: null, correlationId: "bench" });
  const work = await editorsAtWork(edna.client, rick.client);
  await accountChanges(server, rick.user.id);
  await offScreen(server, work, edna.user, rick.user.id);
  await shopHistory(server);
  // readAll returns only what no open transaction can still precede: wait until all of it is settled.
  await server.runner.waitFor(await server.store.head(), undefined, 30_000);
  const events: RecordedEvent[] = [];
  for (
    let page = await server.store.readAll({ major: 0n, minor: 0n }, { limit: 10_000 });
    page.length > 0;
    page = await server.store.readAll(page[page.length - 1].position, { limit: 10_000 })
  )
    events.push(...page);
  return events;
}

const ID_KEY = /(^id$|Id$|^parent$|^pk$|Ids$)/;
/** String keys of records a copy must not share with the template: orders, giveaway players, codes, people. */
const COPIED_NAME = /^(slug|sku|sessionHash|userId|number|orderNumber|player|winner|code|person|campaign|\w*Token)$/;
/** Ids of copy k are shifted by k × ID_STRIDE (the template's ids are small): still within int4. */
const ID_STRIDE = 10_000;

/** The value with every id made unique to copy `k`: numbers shifted, strings suffixed, emails and URLs kept valid. */
function remap(value: unknown, k: number, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => remap(v, k, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([kk, v]) => [kk, remap(v, k, kk)]));
  if (k === 0) return value;
  if (typeof value === "number" && ID_KEY.test(key) && Number.isInteger(value) && value > 0)
    return value + k * ID_STRIDE;
  if (typeof value !== "string") return value;
  if (key === "email") return value.replace("@", `+${k}@`);
  if (/url$/i.test(key) && value.startsWith("/")) return `/c${k}${value}`;
  if (ID_KEY.test(key) || COPIED_NAME.test(key)) return `${value}-${k}`;
  return value;
}

/**
 * Writes `total` events: the template over and over, each copy with its own ids and streams, in
 * batched INSERTs of `batch` rows (one transaction each). Answers how long it took.
 */
export async function writeCopies(
  url: string,
  schema: string,
  template: RecordedEvent[],
  total: number,
  onProgress: (written: number) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const batch = 5000;
  let rows: Array<[string, number, string, number, string, string]> = [];
  const flush = async () => {
    if (rows.length === 0) return;
    await client.query(
      `INSERT INTO events (stream_id, stream_position, type, schema_version, data, metadata)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::jsonb[], $6::jsonb[])`,
      [
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        rows.map((r) => r[4]),
        rows.map((r) => r[5]),
      ],
    );
    rows = [];
  };
  try {
    await client.query("SET synchronous_commit = off");
    let written = template.length; // copy 0 is the template itself, already in the log
    for (let k = 1; written < total; k++) {
      for (const e of template) {
        if (written >= total) break;
        rows.push([
          `${e.streamId}~${k}`,
          e.streamPosition,
          e.type,
          e.schemaVersion,
          JSON.stringify(remap(e.data, k)),
          JSON.stringify(remap(e.metadata, k)),
        ]);
        written++;
        if (rows.length === batch) {
          await flush();
          onProgress(written);
        }
      }
    }
    await flush();
    onProgress(written);
  } finally {
    await client.end();
  }
}

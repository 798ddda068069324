import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START, readAllCommitted } from "@shop/shared";
import { signedInClient } from "../testing/server-kit.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import type { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const NODES = "/admin/api/content/contentnode/";
const TOO_BIG = 3_000_000_000;
const past = 2 ** 31; // one past what an integer column holds
const node = (extra: Record<string, unknown>) => ({ name: "Probe", ignore_warnings: true, ...extra });

/**
 * Each request here used to be accepted and to write an event that failed its own schema on read,
 * or that a read-model column could not hold, stalling the read side. Now each is refused with a
 * field line and writes nothing.
 */
describe.each(testBackends())("core hardening 2 validation on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let edna: TestClient;
  let nodeId: number;

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    ({ client: edna } = await signedInClient(server, "edna@example.org", "Edna Editor"));
    nodeId = (await edna.post(NODES, node({ name: "Home" }))).json.id;
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  const eventCount = async () => (await readAllCommitted(server.store, START, { limit: 100_000 })).length;

  // [what, method, path, body, status, the field line]
  const refused: Array<[string, string, string | (() => string), unknown, number, string]> = [
    [
      'node_type "0"',
      "POST",
      NODES,
      node({ node_type: "0" }),
      400,
      "node_type: Ensure this value is greater than or equal to 1.",
    ],
    [
      "a node type that does not exist",
      "POST",
      NODES,
      node({ node_type: 999 }),
      400,
      "node_type: Select a valid choice. That choice is not one of the available choices.",
    ],
    [
      "a parent id past 2^31-1",
      "POST",
      NODES,
      node({ parent: past }),
      400,
      `parent: Ensure this value is less than or equal to 2147483647.`,
    ],
    ["a parent that does not exist", "POST", NODES, node({ parent: 999 }), 400, "parent: Select a valid parent."],
    [
      "a sku id past 2^31-1",
      "POST",
      NODES,
      node({ sku: TOO_BIG }),
      400,
      "sku: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a menu node id past 2^31-1",
      "POST",
      NODES,
      node({ menu_nodes: [TOO_BIG] }),
      400,
      "menu_nodes.0: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a keyword id past 2^31-1 in a node",
      "POST",
      NODES,
      node({ keywords: [TOO_BIG] }),
      400,
      "keywords.0: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a keyword that does not exist in a node",
      "POST",
      NODES,
      node({ keywords: [999] }),
      400,
      "keywords: Unknown keyword 999.",
    ],
    [
      "a NUL character in a name",
      "POST",
      NODES,
      node({ name: "A\u0000B" }),
      400,
      "name: Null characters are not allowed.",
    ],
    [
      "a lone surrogate in a body",
      "POST",
      NODES,
      node({ body: "x\ud800y" }),
      400,
      "body: Enter text without NUL characters or broken Unicode.",
    ],
    [
      "a published date in year 0",
      "POST",
      NODES,
      node({ published: "0000-01-01 00:00", last_published: "0000-01-01 00:00" }),
      400,
      "published: Please enter a valid date-time (yyyy-mm-dd hh:mm).",
    ],
    [
      'node_type "0" on save',
      "PUT",
      () => `${NODES}${nodeId}/`,
      { node_type: "0" },
      400,
      "node_type: Ensure this value is greater than or equal to 1.",
    ],
    [
      "expected_version past 2^31-1",
      "PUT",
      () => `${NODES}${nodeId}/`,
      { name: "x", expected_version: TOO_BIG },
      400,
      "expected_version: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "an in-page save of an id past 2^31-1",
      "PUT",
      "/admin/api/content/node-ipa-save/",
      { id: TOO_BIG, name: "x" },
      400,
      "id: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a status action on an id past 2^31-1",
      "POST",
      "/admin/content/contentnode/action/",
      { action: "publish", pk: TOO_BIG },
      400,
      "pk: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "monthly_searches 3000000000",
      "POST",
      "/admin/api/content/keyword/",
      { name: "Huge", monthly_searches: TOO_BIG },
      400,
      "monthly_searches: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a keyword link past 2^31-1",
      "POST",
      () => `${NODES}${nodeId}/keywords/`,
      { keyword: TOO_BIG },
      400,
      "keyword: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a keyword link to no keyword",
      "POST",
      () => `${NODES}${nodeId}/keywords/`,
      { keyword: 999 },
      400,
      "keyword: Unknown keyword 999.",
    ],
    [
      "a lock reason of 3000000000",
      "POST",
      "/admin/base/record-locks/",
      { objs: [{ app: "content", model: "contentnode", id: 5 }], reason: TOO_BIG },
      400,
      "reason: A valid integer is required.",
    ],
    [
      "a lock record id past 2^31-1",
      "POST",
      "/admin/base/record-locks/",
      { objs: [{ app: "content", model: "contentnode", id: past }] },
      400,
      "objs.0.id: A valid integer is required.",
    ],
    [
      "a role on a node id past 2^31-1",
      "POST",
      "/admin/api/content/role/",
      { node: TOO_BIG, contributor: "Ken", role: "Author" },
      400,
      "node: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "a role on a node that does not exist",
      "POST",
      "/admin/api/content/role/",
      { node: 999, contributor: "Ken", role: "Author" },
      400,
      "node: Select a valid choice. That choice is not one of the available choices.",
    ],
    [
      "a role sort_order of 3000000000",
      "POST",
      "/admin/api/content/role/",
      { node: 1, contributor: "Ken", role: "Author", sort_order: TOO_BIG },
      400,
      "sort_order: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "an action on a node id past 2^31-1",
      "POST",
      "/admin/api/base/cmsactionevent/",
      { object_id: TOO_BIG, action: "publish", action_time: "2030-01-01 10:00" },
      400,
      "object_id: Ensure this value is less than or equal to 2147483647.",
    ],
    [
      "an action for a user who does not exist",
      "POST",
      "/admin/api/base/cmsactionevent/",
      { object_id: 1, action: "publish", action_time: "2030-01-01 10:00", user: "nobody" },
      400,
      'user: Unknown user "nobody".',
    ],
    ["a path id past 2^31-1 (node)", "PUT", `${NODES}${past}/`, { name: "x" }, 404, "__all__: Not found."],
    [
      "a path id past 2^31-1 (scheduled action)",
      "GET",
      `/admin/api/base/cmsactionevent/${past}/`,
      undefined,
      404,
      "__all__: Not found.",
    ],
    [
      "a path id past 2^31-1 (scheduled action change)",
      "PUT",
      `/admin/api/base/cmsactionevent/${past}/`,
      { action: "publish", action_time: "2030-01-01 10:00" },
      404,
      "__all__: Not found.",
    ],
    [
      "a path id past 2^31-1 (role)",
      "PUT",
      `/admin/api/content/role/${past}/`,
      { role: "x" },
      404,
      "__all__: Not found.",
    ],
  ];

  it.each(refused)("core hardening 2 validation: %s answers %#", async (_what, method, path, body, status, line) => {
    const before = await eventCount();
    const res = await edna.request(method, typeof path === "function" ? path() : path, body);
    expect([res.status, res.json?.metadata?.success]).toEqual([status, false]);
    if (status === 400) expect(res.json.metadata.errors).toContain(line);
    expect(await eventCount()).toBe(before);
  });

  it("core hardening 2 validation: numbers and text in query strings past what their columns hold answer 400, never 500", async () => {
    const probes: Array<[string, string]> = [
      [`/admin/api/content/role/?node=${past}`, `node: Ensure this value is less than or equal to 2147483647.`],
      [
        `/admin/api/content/keyword/?content_nodes__id=${past}`,
        `content_nodes__id: Ensure this value is less than or equal to 2147483647.`,
      ],
      [
        `/admin/api/base/cmsactionevent/?object_id=${past}`,
        `object_id: Ensure this value is less than or equal to 2147483647.`,
      ],
      [
        `/admin/api/tree/pendingrewritebatch/?node=${past}`,
        `node: Ensure this value is less than or equal to 2147483647.`,
      ],
      [
        `/admin/api/content/keyword-search/?query=a&start=${TOO_BIG}`,
        `start: Ensure this value is less than or equal to 2147483647.`,
      ],
      [`/admin/api/content/keyword-search/?query=%00`, "query: Null characters are not allowed."],
      [
        `/admin/api/product/sku/?filters=${encodeURIComponent(JSON.stringify({ sku: "\u0000" }))}`,
        "filters: Null characters are not allowed.",
      ],
      [
        `/admin/api/content/contentnode/?filters=${encodeURIComponent(JSON.stringify({ parent_id: TOO_BIG }))}`,
        "filters.parent_id: Ensure this value is less than or equal to 2147483647.",
      ],
      [`/api/content/page/?url=%2F%00`, "url: Null characters are not allowed."],
    ];
    for (const [path, line] of probes) {
      const res = await edna.get(path);
      expect([path, res.status, res.json?.metadata?.errors]).toEqual([path, 400, [line]]);
    }
    // Picker id lists ignore ids that cannot exist, as they ignore any other junk.
    const ids = await edna.get(`/admin/api/content/contentnode/?pk__in=[${nodeId},${past}]`);
    expect([ids.status, ids.json.items.map((i: { id: number }) => i.id)]).toEqual([200, [nodeId]]);
  });

  it("core hardening 2 validation: the largest values the columns hold are accepted, and the read side reads them back", async () => {
    const max = 2 ** 31 - 1;
    const keyword = await edna.post("/admin/api/content/keyword/", { name: "Busiest", monthly_searches: max });
    expect(keyword.status).toBe(201);
    const lock = await edna.post("/admin/base/record-locks/", {
      objs: [{ app: "content", model: "contentnode", id: max }],
      reason: max,
    });
    expect(lock.status).toBe(200);
    const role = await edna.post("/admin/api/content/role/", {
      node: nodeId,
      contributor: "Ken",
      role: "Author",
      sort_order: max,
    });
    expect(role.status).toBe(201);
    expect(await server.runner.waitFor(await server.store.head(), undefined, 5000)).toBe(true);
    const stats = await edna.get(`/admin/api/content/keyword-stats/?count=-1`);
    expect(stats.json.items.find((k: { name: string }) => k.name === "Busiest").monthly_searches).toBe(max);
  });
});

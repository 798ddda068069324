import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "@shop/shared/media/errors";
import { imageSources } from "@shop/shared/media/images";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { opsEnv, runOps, runOpsInProcess } from "./ops-cli-kit.ts";

describe.each(testBackends())("operator CLI on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let env: NodeJS.ProcessEnv;

  /** The CLI in this process (runCli, what the bundle's entry runs); the first command on PGlite runs as a real process. */
  const ops = (...args: string[]) => runOpsInProcess(env, args);

  beforeAll(() => {
    place = newTestPlace({ pglite });
    env = opsEnv(place);
  });
  afterAll(async () => {
    await removeTestPlace(place);
  });

  it("create-user, then login works and 'events' shows the user's events without the password hash", {
    timeout: 120_000,
  }, async () => {
    // On PGlite, `npm run ops` as an operator runs it, in its own process: it creates the database of
    // a new install in the data folder (initdb), and leaves nothing else there.
    const created = await (pglite ? runOps : runOpsInProcess)(env, [
      "create-user",
      "--email",
      "ops@example.org",
      "--password",
      "operator pass",
      "--name",
      "Olive Ops",
      "--staff",
    ]);
    expect(created.code).toBe(0);
    if (pglite) expect(readdirSync(place.dataDir).sort()).toEqual(["pglite"]); // and its lock released
    expect(created.stdout).toMatch(/^Created staff user ops@example.org \(Olive Ops\), id [0-9a-f-]{36}\n$/);

    const server = await startCaughtUp(place);
    try {
      const client = new TestClient(server.url);
      const login = await client.post("/api/account/login/", { email: "ops@example.org", password: "operator pass" });
      expect(login.json.user).toMatchObject({ email: "ops@example.org", name: "Olive Ops", is_staff: true });
    } finally {
      await server.close();
    }

    const events = await ops("events", "--json");
    expect(events.code).toBe(0);
    const entries = events.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(entries.map((e) => e.type)).toEqual(["UserEmailClaimed", "UserRegistered", "UserLoggedIn"]);
    expect(entries[1].data.passwordHash).toBe("[redacted]");
    expect(entries[2].data.sessionHash).toBe("[redacted]");
    expect(events.stdout).not.toContain("$argon2id$");

    const filtered = await ops("events", "--type", "UserLoggedIn");
    expect(filtered.stdout.trim().split("\n")).toHaveLength(1);
    expect(filtered.stdout).toMatch(/UserLoggedIn {2}user=[0-9a-f-]{36}/);
  });

  it("create-user refuses a taken email with one line and a non-zero exit", { timeout: 60_000 }, async () => {
    const again = await ops("create-user", "--email", "OPS@example.org", "--password", "operator pass");
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe("A user with that email address already exists.");
  });

  it("replay --all rebuilds every read model and reports the count and rate; projections shows no lag", {
    timeout: 60_000,
  }, async () => {
    const replay = await ops("replay", "--all");
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/users: replayed 3 events in [\d.]+ s \(\d+ events\/s\)/);
    expect(replay.stdout).toMatch(/sessions: replayed 3 events in [\d.]+ s \(\d+ events\/s\)/);
    const status = await ops("projections");
    expect(status.stdout).toMatch(/users\s+2\s+3\s+0\s/);
    expect(status.stdout).toMatch(/sessions\s+1\s+3\s+0\s/);
  });

  it("generate-catalog writes a file that import-catalog imports; a second import appends nothing", {
    timeout: 120_000,
  }, async () => {
    const file = join(place.dataDir, "catalog.json");
    const generated = await ops("generate-catalog", "--products", "25", "--seed", "3", "--out", file);
    expect(generated.stdout).toMatch(/^Wrote 25 products and \d+ SKUs to /);
    const first = await ops("import-catalog", file);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("products: 25 created, 0 changed, 0 unchanged");
    const again = await ops("import-catalog", file);
    expect(again.stdout).toContain("products: 0 created, 0 changed, 25 unchanged");
    expect(again.stdout).toContain("0 events appended");
  });
  it("spec 15: import-catalog imports the file's discounts and campaigns, and a second import appends nothing", {
    timeout: 120_000,
  }, async () => {
    const file = join(place.dataDir, "offers.json");
    const offers = (goalCents: number) => ({
      products: [{ id: 9100, title: "Roof Book", skus: [{ id: 9101, sku: "10-1-9101", price_cents: 1000 }] }],
      skus: [
        { id: 9001, sku: "RoofFund", price_cents: 0, user_defined_price: true, campaign: "roof", name: "Roof Fund" },
      ],
      campaigns: [{ slug: "roof", name: "New Roof", goal_cents: goalCents, starts: null, ends: null }],
      discounts: [
        { code: "roof10", description: "Ten off for the roof", percent_off: 10, amount_off_cents: null },
        { code: "SHIPFREE2", free_shipping: true, free_shipping_methods: ["standard"], max_uses: 50 },
      ],
    });
    writeFileSync(file, JSON.stringify(offers(500_000)));
    const first = await ops("import-catalog", file);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("discounts: 2 created, 0 changed, 0 unchanged");
    expect(first.stdout).toContain("campaigns: 1 created, 0 changed, 0 unchanged");
    const again = await ops("import-catalog", file);
    expect(again.stdout).toContain("discounts: 0 created, 0 changed, 2 unchanged");
    expect(again.stdout).toContain("campaigns: 0 created, 0 changed, 1 unchanged");
    writeFileSync(file, JSON.stringify(offers(750_000)));
    const changed = await ops("import-catalog", file);
    expect(changed.stdout).toContain("campaigns: 0 created, 1 changed, 0 unchanged");

    const server = await startCaughtUp(place);
    try {
      const client = new TestClient(server.url);
      const status = await client.get("/api/store/campaign-status/?campaign=roof");
      expect(status.json).toMatchObject({ campaign: "roof", name: "New Roof", goal_cents: 750_000, raised_cents: 0 });
      await client.get("/api/store/shop/add-to-cart/?10-1-9101=1&RoofFund=20");
      const applied = await client.get(
        `/api/store/shop/apply-discounts/?discounts=${encodeURIComponent('["roof10"]')}`,
      );
      expect(applied.json).toEqual({ ROOF10: "Discount applied." });
    } finally {
      await server.close();
    }
  });

  it("spec 26.1: import-catalog stores the images a file names beside it, resized; the list shows them", {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(place.dataDir, "images-"));
    writeFileSync(
      join(dir, "ark.png"),
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#345" } })
        .png()
        .toBuffer(),
    );
    writeFileSync(join(dir, "notes.txt"), "not a picture");
    const file = join(dir, "catalog.json");
    const catalog = (image: string) => ({
      products: [
        {
          id: 9200,
          title: "Ark Encounter Guide",
          images: [{ url: image, alt: "The Ark" }],
          skus: [{ id: 9201, sku: "10-1-9201", price_cents: 1500, stock: 3 }],
        },
      ],
    });
    writeFileSync(file, JSON.stringify(catalog("notes.txt")));
    const refused = await ops("import-catalog", file);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`products.0.images.0.url: ${MEDIA_MESSAGES.notAnImage}`);

    writeFileSync(file, JSON.stringify(catalog("ark.png")));
    const imported = await ops("import-catalog", file);
    expect(imported.code).toBe(0);
    const server = await startCaughtUp(place);
    try {
      const client = new TestClient(server.url);
      const list = await client.get("/api/store/products/?q=Encounter");
      const url: string = list.json.items[0].image;
      expect(url).toMatch(/^\/media\/[0-9a-f]{64}-800\.webp$/);
      expect(
        imageSources(url)
          .srcSet?.split(", ")
          .map((s) => s.split(" ")[1]),
      ).toEqual(["160w", "320w", "640w", "800w"]);
      const image = await fetch(server.url + url.replace("-800.", "-320."));
      expect(image.status).toBe(200);
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 240]);
    } finally {
      await server.close();
    }
  });

  it("spec 15: a discount the staff form would refuse stops the import before anything is written", {
    timeout: 60_000,
  }, async () => {
    const file = join(place.dataDir, "bad-offers.json");
    writeFileSync(
      file,
      JSON.stringify({
        campaigns: [{ slug: "never", name: "Never", goal_cents: 100, starts: null, ends: null }],
        discounts: [{ code: "BOTH", percent_off: 10, amount_off_cents: 500 }],
      }),
    );
    const result = await ops("import-catalog", file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("discounts.0.__all__: Give either percent_off or amount_off_cents.");
    const events = await ops("events", "--stream", "campaign-never");
    expect(events.stdout).not.toContain("CampaignCreated");
  });
});

// Arguments are checked before any database is opened: once, not per backend, with a data folder
// that must stay empty (no PGlite created, no lock taken). In this process (runCli), and one through
// a real process: the exit code and stderr of `npm run ops` itself.
describe("operator CLI arguments", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ops-args-"));
  const env = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, LOG_LEVEL: "silent" };

  it("bad input from a real process exits 2 with one line on stderr, before opening a database", {
    timeout: 60_000,
  }, async () => {
    const result = await runOps(env, ["events", "--limit", "x"]);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      2,
      "",
      "--limit must be a positive whole number, not 'x'\n",
    ]);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it.each([
    [
      [],
      "Usage: npm run ops -- <create-user|set-password|grant-staff|revoke-staff|disable-user|enable-user|events|replay|projections|import-catalog|generate-catalog|mails|erase-customer|client-errors|reconcile> [options]  (npm run ops -- help lists the options)",
    ],
    [["events", "--limit", "x"], "--limit must be a positive whole number, not 'x'"],
    [["events", "--since", "yesterday"], "--since must be an ISO date or time, not 'yesterday'"],
    [["events", "--colour"], "Unknown option '--colour'"],
    [["replay"], "replay needs --projection NAME or --all"],
    [["replay", "--projection", "nope"], "Unknown projection 'nope'. Known: users, sessions"],
    [["create-user", "--email", "x@y.org"], "create-user needs --email and --password"],
    [["frobnicate"], "Unknown command 'frobnicate'. Run 'npm run ops -- help' for the list."],
    [["import-catalog"], "import-catalog needs one FILE.json"],
    [["generate-catalog", "--products", "many"], "--products must be a whole number from 1, not 'many'"],
  ])("bad input %j exits non-zero with one line, before opening a database", async (args, message) => {
    const result = await runOpsInProcess(env, args);
    expect([result.code, result.stdout]).toEqual([2, ""]);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

/**
 * A server on what the ops commands wrote, once its read models have caught up with that log
 * (/readyz 200): a read straight after start may otherwise come before the projectors' first batch.
 */
async function startCaughtUp(place: TestServerPlace): Promise<RunningServer> {
  const server = await startTestServer(place);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
    if ((await fetch(`${server.url}/readyz`)).status === 200) return server;
  await server.close();
  throw new Error("the server's read models did not catch up within 30 s");
}

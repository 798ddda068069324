import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartChangedMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { TestClient } from "../testing/http-client.ts";
import { openSocket } from "../testing/server-kit.ts";
import { testDatabaseUrl } from "../testing/test-database.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const BOOK = "10-1-100";
const VIDEO = "30-200";

async function startWithCatalog(place = newTestPlace()): Promise<{ place: TestServerPlace; server: RunningServer }> {
  const server = await startTestServer(place);
  const catalog = [
    productGiven(1, { title: "Noah's Ark Book" }),
    ...skuGiven(100, BOOK, { productId: 1, priceCents: 1299 }),
    productGiven(2, { title: "Flood Video" }),
    ...skuGiven(200, VIDEO, { productId: 2, priceCents: 2000 }),
  ];
  let last = null;
  for (const e of catalog)
    ({ position: last } = await server.store.append(e.streamId, [{ type: e.type, data: e.data }]));
  await server.runner.waitFor(last!);
  return { place, server };
}

describe.skipIf(!testDatabaseUrl())("one cart, many requests at once (PostgreSQL)", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  let second: RunningServer;
  beforeAll(async () => {
    ({ place, server } = await startWithCatalog());
    second = await startTestServer(place); // a second process on the same log: they meet at the expected version
    await second.runner.waitFor(await server.store.head());
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await removeTestPlace(place);
  });

  it("64 concurrent adds to one cart end with the sum of the acknowledged quantities, no 5xx", async () => {
    const shopper = new TestClient(server.url);
    await shopper.get(`/api/store/shop/add-to-cart/?${VIDEO}=1`); // the cookie, so all 64 hit one cart
    const quantities = Array.from({ length: 64 }, (_, i) => 1 + (i % 5));
    const sameVisitor = new TestClient(second.url);
    for (const [name, value] of shopper.cookies) sameVisitor.cookies.set(name, value);
    // Half through each process: within one they take turns, between the two they race and retry.
    const clients = [shopper, sameVisitor];
    const answers = await Promise.all(
      quantities.map((q, i) => clients[i % 2].get(`/api/store/shop/add-to-cart/?${BOOK}=${q}&x=${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const acknowledged = quantities.filter((_, i) => statuses[i] === 200).reduce((a, b) => a + b, 0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const cart = await shopper.get("/api/store/shop/full-cart/");
    const line = cart.json.items.find((i: { sku_code: string }) => i.sku_code === BOOK);
    expect(line.quantity).toBe(acknowledged);
    expect(cart.json.order.version).toBe(64); // the first add, then exactly one event per acknowledged add
  });
});

describe("the cart follows the shopper", () => {
  let place: TestServerPlace;
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ({ place, server } = await startWithCatalog());
    const u = await registerUser(
      { store: server.store, db: server.database.db, clock: () => new Date() },
      { email: "sam@example.org", password: "long enough", isStaff: false },
    );
    await server.runner.waitFor(u.position);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("the visitor's cart is merged into the account's cart at login", async () => {
    const shopper = new TestClient(server.url);
    await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=2`);
    expect(shopper.cookies.has("cartid")).toBe(true);
    const login = await shopper.post("/api/account/login/", { email: "sam@example.org", password: "long enough" });
    expect(login.status).toBe(200);
    expect(shopper.cookies.has("cartid")).toBe(false); // the visitor cart is spent
    await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
    const cart = await shopper.get("/api/store/shop/full-cart/");
    expect(cart.json.items.map((i: { sku_code: string; quantity: number }) => [i.sku_code, i.quantity])).toEqual([
      [BOOK, 3],
    ]);
  });

  it("security 18: three sign-ins that each bring 99,999 of a book leave the account's line at 99,999", async () => {
    const u = await registerUser(
      { store: server.store, clock: () => new Date(), db: server.database.db },
      { email: "max@example.org", password: "long enough", isStaff: false },
    );
    await server.runner.waitFor(u.position);
    let shopper = new TestClient(server.url);
    for (let i = 0; i < 3; i++) {
      shopper = new TestClient(server.url);
      expect((await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=99999`)).status).toBe(200);
      const login = await shopper.post("/api/account/login/", { email: "max@example.org", password: "long enough" });
      expect(login.status).toBe(200);
      expect(shopper.cookies.has("cartid")).toBe(false);
    }
    const cart = await shopper.get("/api/store/shop/full-cart/");
    expect(cart.json.items.map((i: { sku_code: string; quantity: number }) => [i.sku_code, i.quantity])).toEqual([
      [BOOK, 99_999],
    ]);
    // The line is full: one more is refused, as for any add past the limit.
    expect((await shopper.get(`/api/store/shop/add-to-cart/?${BOOK}=1`)).json.metadata.code).toBe("CART_TOO_MUCH");
  });

  it("cart contents are pushed to every open tab of the same visitor", async () => {
    const visitor = new TestClient(server.url);
    await visitor.get(`/api/store/shop/add-to-cart/?${VIDEO}=1`);
    const stranger = new TestClient(server.url);
    await stranger.get(`/api/store/shop/add-to-cart/?${VIDEO}=1`);
    const open = async (cookie: string) => {
      const s = await openSocket(server.url, "/public", cookie);
      sockets.push(s);
      return s;
    };
    const [otherTab, strangerTab] = await Promise.all([open(visitor.cookieHeader), open(stranger.cookieHeader)]);
    // The stranger's own add (version 0) may still be on its way to its tab; the visitor's is version 1.
    const strangerVersions: number[] = [];
    strangerTab.on("cart:changed", (m: CartChangedMessage) => {
      strangerVersions.push(m.version);
    });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the room is joined on connection
    // Listening before the add: the push may arrive before the add's own answer has been read.
    const versions: number[] = [];
    const listeners: Array<() => void> = [];
    otherTab.on("cart:changed", (m: CartChangedMessage) => {
      versions.push(m.version);
      for (const check of listeners) check();
    });
    const pushed = (version: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no cart:changed {version: ${version}} within 5 s`)), 5000);
        const check = () => {
          if (!versions.includes(version)) return;
          clearTimeout(timer);
          resolve();
        };
        listeners.push(check);
        check();
      });
    const added = await visitor.get(`/api/store/shop/add-to-cart/?${BOOK}=4`);
    await pushed(added.json.order.version);
    const seen = await new TestClient(server.url, {}).request("GET", "/api/store/shop/full-cart/", undefined, {
      cookie: visitor.cookieHeader,
    });
    expect(seen.json.items.map((i: { sku_code: string }) => i.sku_code)).toEqual([VIDEO, BOOK]);
    expect(strangerVersions.filter((v) => v > 0)).toEqual([]);
  });
});

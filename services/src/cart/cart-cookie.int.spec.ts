import { createHmac } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartChangedMessage } from "@shop/shared";
import { registerUser } from "../accounts/register-user.ts";
import { productGiven, skuGiven } from "../catalog/catalog-spec-fixtures.ts";
import { BILLING } from "../checkout/checkout-fixtures.ts";
import type { RunningServer } from "../server.ts";
import { testBackends } from "../testing/backends.ts";
import { TestClient } from "../testing/http-client.ts";
import { nextPush, openSocket, pushesDuring } from "../testing/server-kit.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

const BOOK = "10-1-100";
const VIDEO = "30-200";
type Line = { sku_code: string; quantity: number };
const linesOf = (cart: { json: { items: Line[] } }) => cart.json.items.map((i) => [i.sku_code, i.quantity]);

describe.each(testBackends())("the visitor cart cookie on $name (security 2)", ({ pglite }) => {
  let place: TestServerPlace;
  let server: RunningServer;
  let victimId: string;
  let victim: TestClient;
  const sockets: Socket[] = [];
  const socketOf = async (cookie: string) => {
    const socket = await openSocket(server.url, "/public", cookie);
    sockets.push(socket);
    await new Promise((resolve) => setTimeout(resolve, 100)); // cart rooms are joined on connection
    return socket;
  };

  /** Cookie values a visitor could make up: none of them names a cart. */
  const forgeries = () => {
    const mac = (id: string, key: string) => createHmac("sha256", key).update(id).digest("base64url");
    return {
      "the account cart's id": `user-${victimId}`,
      "the account cart's id, 'signed' with a guessed key": `user-${victimId}.${mac(`user-${victimId}`, "")}`,
      "an unsigned visitor id (as before signing)": "v-AAAAAAAAAAAAAAAAAAAAAAAA",
      "a visitor id signed with another key": `v-AAAAAAAAAAAAAAAAAAAAAAAA.${mac("v-AAAAAAAAAAAAAAAAAAAAAAAA", "guess")}`,
    };
  };

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    server = await startTestServer(place);
    const catalog = [
      productGiven(1, { title: "Noah's Ark Book" }),
      ...skuGiven(100, BOOK, { productId: 1, priceCents: 1299 }),
      productGiven(2, { title: "Flood Video" }),
      ...skuGiven(200, VIDEO, { productId: 2, priceCents: 2000 }),
    ];
    for (const e of catalog) await server.store.append(e.streamId, [{ type: e.type, data: e.data }]);
    const user = await registerUser(
      { store: server.store, clock: () => new Date(), db: server.database.db },
      { email: "vic@example.org", password: "long enough", isStaff: false, name: "Vic Tim" },
    );
    await server.runner.waitFor(user.position);
    victimId = user.userId;
    victim = new TestClient(server.url);
    expect(
      (await victim.post("/api/account/login/", { email: "vic@example.org", password: "long enough" })).status,
    ).toBe(200);
    expect((await victim.get(`/api/store/shop/add-to-cart/?${BOOK}=2`)).status).toBe(200);
    expect((await victim.post("/api/store/shop/checkout/info/", BILLING)).status).toBe(200);
    const own = await victim.get("/api/store/shop/checkout/");
    expect(own.json.billing).toMatchObject({ first_name: "Noah", street1: "1 Ark Way" });
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await removeTestPlace(place);
  });

  it("security 2: a made-up cartid cookie reads no cart and no checkout, and writes to a new cart of its own", async () => {
    for (const [what, forged] of Object.entries(forgeries())) {
      const attacker = new TestClient(server.url);
      attacker.cookies.set("cartid", forged);
      const cart = await attacker.get("/api/store/shop/full-cart/");
      expect([what, cart.status, linesOf(cart)]).toEqual([what, 200, []]);
      const checkout = await attacker.get("/api/store/shop/checkout/");
      expect([what, checkout.status, checkout.json.billing, checkout.json.empty]).toEqual([what, 200, null, true]);
      expect(JSON.stringify(checkout.json)).not.toContain("Ark Way");
      const added = await attacker.get(`/api/store/shop/add-to-cart/?${VIDEO}=1`);
      expect([what, added.status, linesOf(added)]).toEqual([what, 200, [[VIDEO, 1]]]);
      expect(attacker.cookies.get("cartid")).toMatch(/^v-[\w-]{24}\.[\w-]{43}$/); // a cart of its own, signed
      expect(attacker.cookies.get("cartid")).not.toBe(forged);
    }
    expect(linesOf(await victim.get("/api/store/shop/full-cart/"))).toEqual([[BOOK, 2]]);
  });

  it("security 2: a socket with a made-up cartid cookie gets no cart:changed of the account's cart", async () => {
    const forged = await Promise.all(Object.values(forgeries()).map((value) => socketOf(`cartid=${value}`)));
    const own = await socketOf(victim.cookieHeader); // the victim's other tab: it must hear the change
    const overheard = forged.map((socket) =>
      pushesDuring<CartChangedMessage>(socket, "cart:changed", () => true, 1500),
    );
    const heard = nextPush<CartChangedMessage>(own, "cart:changed");
    const added = await victim.get(`/api/store/shop/add-to-cart/?${BOOK}=1`);
    expect(await heard).toEqual({ version: added.json.order.version });
    expect(await Promise.all(overheard)).toEqual(forged.map(() => []));
  });

  it("security 2: a genuine signed visitor cookie adds, reads and hears its cart's pushes", async () => {
    const visitor = new TestClient(server.url);
    const first = await visitor.get(`/api/store/shop/add-to-cart/?${VIDEO}=1`);
    expect(first.headers.get("set-cookie")).toMatch(/cartid=v-[\w-]{24}\.[\w-]{43}; .*HttpOnly/i);
    const tab = await socketOf(visitor.cookieHeader);
    const pushed = nextPush<CartChangedMessage>(tab, "cart:changed", (m) => m.version === 1);
    const second = await visitor.get(`/api/store/shop/add-to-cart/?${BOOK}=3`);
    expect(second.json.order.version).toBe(1);
    expect(await pushed).toEqual({ version: 1 });
    expect(linesOf(await visitor.get("/api/store/shop/full-cart/"))).toEqual([
      [VIDEO, 1],
      [BOOK, 3],
    ]);
    // The same id with its signature altered by one character names nothing.
    const cookie = visitor.cookies.get("cartid")!;
    const altered = new TestClient(server.url);
    altered.cookies.set("cartid", cookie.slice(0, -1) + (cookie.endsWith("A") ? "B" : "A"));
    expect(linesOf(await altered.get("/api/store/shop/full-cart/"))).toEqual([]);
  });

  it("security 2: the signing key outlives the process: a visitor's cart is still theirs after a restart", async () => {
    const visitor = new TestClient(server.url);
    await visitor.get(`/api/store/shop/add-to-cart/?${BOOK}=4`);
    await server.close();
    server = await startTestServer(place);
    const again = new TestClient(server.url);
    for (const [name, value] of visitor.cookies) again.cookies.set(name, value);
    expect(linesOf(await again.get("/api/store/shop/full-cart/"))).toEqual([[BOOK, 4]]);
  }, 120_000);
});

import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { configureStore } from "@reduxjs/toolkit";
import { Server, type Socket } from "socket.io";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../../app/api";
import { keywordApi } from "../keywords/keywordApi";
import { contentNodeApi, type ContentNode } from "./contentNodeApi";

// A real socket.io server stands in for the /admin namespace; the cache entries are seeded with
// upsertQueryData, so no HTTP answer is needed.
let http: HttpServer;
let io: Server;
const sockets: Socket[] = [];
const seen: string[] = [];

beforeAll(async () => {
  http = createServer();
  io = new Server(http);
  io.of("/admin").on("connection", (socket) => {
    sockets.push(socket);
    seen.push("connect");
    socket.on("record:watch", (r: { model: string; id: number }) => seen.push(`watch ${r.model} ${r.id}`));
    socket.on("record:unwatch", (r: { model: string; id: number }) => seen.push(`unwatch ${r.model} ${r.id}`));
    socket.on("disconnect", () => seen.push("disconnect"));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  // socket.io-client resolves '/admin' against the page's location.
  vi.stubGlobal("location", {
    protocol: "http:",
    host: `127.0.0.1:${port}`,
    hostname: "127.0.0.1",
    port: String(port),
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  io.close();
});

type CacheKey = Parameters<typeof api.internalActions.removeQueryResult>[0]["queryCacheKey"];
const newStore = () =>
  configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (m) => m().concat(api.middleware) });

const node: ContentNode = {
  id: 5,
  app: "content",
  model: "contentnode",
  name: "Our Mission",
  slug: "our-mission",
  parent: null,
  short_description: "",
  published: null,
  last_published: null,
  url: "/about/mission/",
  body: "",
  node_type: null,
  status: "Beta",
  version: 3,
  created_at: "",
  updated_at: "",
  updated_by: null,
  sku: null,
  language_node: null,
  menu_nodes: [],
  image: "",
  sort_order: 0,
  sitemap_priority: 0.5,
  keywords: [],
  contributors: [],
};

const push = (event: string, body: object) => {
  for (const s of sockets) s.emit(event, { app: "content", model: "contentnode", ...body });
};

describe("the content-node module", () => {
  it("code health 3: one cache entry per node, patched by node:status and node:saved pushes", async () => {
    const store = newStore();
    store.dispatch(contentNodeApi.util.upsertQueryData("getNode", 5, node));
    const entry = () => contentNodeApi.endpoints.getNode.select(5)(store.getState()).data;
    await vi.waitFor(() => expect(sockets.filter((s) => s.connected)).toHaveLength(1));

    push("node:status", { id: 5, version: 6, status: "Live" });
    push("node:saved", { id: 7, version: 9, by: { id: "2", name: "Ann" } });
    await vi.waitFor(() =>
      expect(entry()).toMatchObject({ status: "Live", version: 3, newerSave: { by: null, version: 6 } }),
    );
    push("node:saved", { id: 5, version: 8, by: { id: "2", name: "Ann" } });
    await vi.waitFor(() => expect(entry()?.newerSave).toEqual({ by: { id: "2", name: "Ann" }, version: 8 }));

    // The admin bar's and the form's reads are the same endpoint: one entry for node 5.
    const keys = Object.keys(store.getState().api.queries);
    expect(keys).toEqual(["getNode(5)"]);
    store.dispatch(api.util.resetApiState());
    await vi.waitFor(() => expect(sockets.filter((s) => s.connected)).toHaveLength(0));
  });

  it("code health 3: live cache entries share one socket, join their node's room, and leave it when removed", async () => {
    seen.length = 0;
    const store = newStore();
    store.dispatch(keywordApi.util.upsertQueryData("nodeKeywords", 5, []));
    store.dispatch(keywordApi.util.upsertQueryData("nodeKeywords", 6, []));
    await vi.waitFor(() => expect(seen).toEqual(["connect", "watch contentnode 5", "watch contentnode 6"]));
    store.dispatch(api.internalActions.removeQueryResult({ queryCacheKey: "nodeKeywords(5)" as CacheKey }));
    await vi.waitFor(() => expect(seen.slice(3)).toEqual(["unwatch contentnode 5"]));
    // The last entry gone, the socket closes (and the server drops its rooms with it).
    store.dispatch(api.util.resetApiState());
    await vi.waitFor(() => expect(seen.at(-1)).toBe("disconnect"));
  });
});

import { createServer, type Server as HttpServer } from "node:http";
import { Server, type Namespace } from "socket.io";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSocket, pushesDuring } from "../testing/server-kit.ts";
import { createSlicedEmitter } from "./sliced-emit.ts";

const SLICE = 2;
const ROOM = "campaign:ark-main";

describe("pushes to many sockets go out a slice at a time", () => {
  let httpServer: HttpServer;
  let io: Server;
  let ns: Namespace;
  let clients: Socket[] = [];
  /** Pushes the server has handed to each socket's connection so far (engine.io's packets). */
  let written = 0;
  const errors: unknown[] = [];
  const emitter = createSlicedEmitter((error) => errors.push(error), SLICE);

  beforeAll(async () => {
    httpServer = createServer();
    io = new Server(httpServer, { serveClient: false });
    ns = io.of("/public");
    ns.on("connection", (socket) => {
      socket.conn.on("packetCreate", (packet: { type: string; data?: string }) => {
        if (packet.type === "message" && packet.data?.includes('"push"')) written++;
      });
      // Five sockets watch the campaign, one of them through a second room too; one more watches nothing.
      if (ns.sockets.size <= 5) socket.join(ROOM);
      if (ns.sockets.size === 1) socket.join("also");
    });
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const { port } = httpServer.address() as { port: number };
    for (let i = 0; i < 6; i++) clients.push(await openSocket(`http://127.0.0.1:${port}`, "/public"));
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    clients = [];
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  it("a push to more sockets than a slice writes one slice now and the rest on later turns of the event loop", async () => {
    written = 0;
    emitter.emit(ns, [ROOM, "also"], "push", { n: 1 });
    expect(written).toBe(SLICE);
    await emitter.idle();
    expect(written).toBe(5); // each socket once, though one is in both rooms
    expect(errors).toEqual([]);
  });

  it("a push to rooms no socket is in writes nothing and leaves nothing queued", async () => {
    written = 0;
    emitter.emit(ns, ["nobody"], "push", { n: 0 });
    await emitter.idle();
    expect(written).toBe(0);
  });

  it("a push to no more sockets than a slice is written at once", () => {
    written = 0;
    emitter.emit(ns, ["also"], "push", { n: 2 });
    expect(written).toBe(1);
  });

  it("pushes keep their order: one handed over while another goes out in slices waits for it", async () => {
    const arrivals = clients.map((client) => pushesDuring<{ n: number }>(client, "push", (p) => p.n >= 3, 500));
    emitter.emit(ns, [ROOM], "push", { n: 3 });
    emitter.emit(ns, ["also"], "push", { n: 4 }); // small, but behind the sliced one
    emitter.emit(ns, null, "push", { n: 5 }); // the whole namespace, in slices too
    await emitter.idle();
    const seen = (await Promise.all(arrivals)).map((pushes) => pushes.map((p) => p.n));
    expect(seen).toEqual([[3, 4, 5], [3, 5], [3, 5], [3, 5], [3, 5], [5]]);
  });

  it("spec 28.5: a state push waiting behind another is replaced by a newer one, and each is told when its state went out", async () => {
    const arrivals = clients.map((client) => pushesDuring<{ n: number }>(client, "push", (p) => p.n >= 6, 500));
    const sent: number[] = [];
    emitter.emit(ns, [ROOM], "push", { n: 6 }, { latestWins: true, sent: () => sent.push(6) }); // going out
    for (const n of [7, 8, 9]) emitter.emit(ns, [ROOM], "push", { n }, { latestWins: true, sent: () => sent.push(n) });
    emitter.emit(ns, [ROOM], "push", { n: 10 }, { sent: () => sent.push(10) }); // not a state: queued as it is
    await emitter.idle();
    const seen = (await Promise.all(arrivals)).map((pushes) => pushes.map((p) => p.n));
    expect(seen.slice(0, 5)).toEqual(Array(5).fill([6, 9, 10]));
    expect(seen[5]).toEqual([]);
    expect(sent).toEqual([6, 7, 8, 9, 10]);
  });
});

import { createServer, request, type Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { closeSocketsInSlices } from "./close-sockets.ts";

describe("shutdown closes sockets without blocking the process (close-sockets.ts)", () => {
  let httpServer: HttpServer;
  let io: Server;
  let clients: Socket[] = [];

  async function serve(): Promise<string> {
    httpServer = createServer(); // no handler: a plain request is never answered
    io = new Server(httpServer, { serveClient: false });
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  }
  afterEach(() => {
    for (const c of clients) c.disconnect();
    clients = [];
    httpServer.closeAllConnections();
  });

  it("closes the sockets a slice per turn of the event loop, every one of them", async () => {
    const url = await serve();
    let turn = 0;
    const turnsOfDisconnects = new Set<number>();
    io.of("/public").on("connection", (s) => s.on("disconnect", () => turnsOfDisconnects.add(turn)));
    for (let i = 0; i < 300; i += 50)
      clients.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, async () => {
            const c = connect(`${url}/public`, { transports: ["websocket"], reconnection: false, forceNew: true });
            await new Promise((resolve) => c.once("connect", () => resolve(undefined)));
            return c;
          }),
        )),
      );
    expect(io.of("/public").sockets.size).toBe(300);

    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await closeSocketsInSlices(io, httpServer, { slice: 50, timeoutMs: 2000 });
    counting = false;

    expect(io.of("/public").sockets.size).toBe(0);
    // 300 sockets in slices of 50: at least six turns, where one loop over them all would take one.
    expect(turnsOfDisconnects.size).toBeGreaterThanOrEqual(6);
    await expect.poll(() => clients.filter((c) => c.connected).length, { timeout: 5000 }).toBe(0);
  });

  it("stops waiting for connections that do not end, after its timeout", async () => {
    const url = await serve();
    const { port } = new URL(url);
    // A request the server never answers holds the HTTP server's close open for good.
    const hanging = request({ host: "127.0.0.1", port, path: "/slow", agent: false });
    hanging.on("error", () => {});
    hanging.end();
    await new Promise((resolve) => httpServer.once("request", resolve));

    const started = performance.now();
    await closeSocketsInSlices(io, httpServer, { timeoutMs: 300 });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

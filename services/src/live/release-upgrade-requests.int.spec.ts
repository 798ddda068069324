import { createServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Server, type Socket as ServerSocket } from "socket.io";
import { Manager, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { releaseUpgradeRequests } from "./release-upgrade-requests.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** A bare socket.io server with the release in place, the upgrade requests it saw weakly held. */
async function startServer(
  options: { engineMiddleware?: (res: { on(e: "close", f: () => void): void }) => void } = {},
) {
  const httpServer: HttpServer = createServer();
  const io = new Server(httpServer, { serveClient: false });
  io.of("/public");
  io.of("/admin");
  if (options.engineMiddleware) {
    const use = options.engineMiddleware;
    io.engine.use((_req: unknown, res: { on(e: "close", f: () => void): void }, next: () => void) => {
      use(res);
      next();
    });
  }
  releaseUpgradeRequests(io);
  const upgrades: WeakRef<IncomingMessage>[] = [];
  httpServer.on("upgrade", (req: IncomingMessage) => upgrades.push(new WeakRef(req)));
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as { port: number };
  return { io, upgrades, url: `http://127.0.0.1:${port}` };
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

function nextConnection(io: Server, namespace: string): Promise<ServerSocket> {
  return new Promise((resolve) => io.of(namespace).once("connection", resolve));
}

async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
}

describe("a WebSocket connection does not keep its upgrade request", () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  function track(io: Server, manager: Manager) {
    close = async () => {
      manager.engine?.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    };
  }

  it("an open connection's upgrade request is garbage once its socket has connected", async () => {
    const { io, upgrades, url } = await startServer();
    const manager = new Manager(url, { transports: ["websocket"], reconnection: false });
    track(io, manager);
    const serverSide = nextConnection(io, "/public");
    const socket = manager.socket("/public");
    await connected(socket);
    await serverSide;
    await collectGarbage();
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0].deref()).toBeUndefined();
    expect(io.of("/public").sockets.size).toBe(1);
  });

  it("a namespace joined later over the same connection still gets the handshake's headers, url and query", async () => {
    const { io, url } = await startServer();
    const manager = new Manager(url, {
      transports: ["websocket"],
      reconnection: false,
      extraHeaders: { cookie: "cart=abc" },
      query: { from: "test" },
    });
    track(io, manager);
    await connected(manager.socket("/public"));
    await collectGarbage();
    const later = nextConnection(io, "/admin");
    await connected(manager.socket("/admin"));
    const { handshake } = await later;
    expect(handshake.headers.cookie).toBe("cart=abc");
    expect(handshake.query).toMatchObject({ from: "test", EIO: "4", transport: "websocket" });
    expect(handshake.url).toMatch(/^\/socket\.io\/\?/);
    expect(handshake.secure).toBe(false);
  });

  it("both sides still hear the connection close", async () => {
    const { io, url } = await startServer();
    const manager = new Manager(url, { transports: ["websocket"], reconnection: false });
    track(io, manager);
    const first = nextConnection(io, "/public");
    await connected(manager.socket("/public"));
    const serverSide = await first;
    const reason = new Promise((resolve) => serverSide.once("disconnect", resolve));
    manager.engine.close(); // the client's TCP connection ends
    expect(await reason).toBe("transport close");

    const second = new Manager(url, { transports: ["websocket"], reconnection: false });
    track(io, second);
    const next = nextConnection(io, "/public");
    const client = second.socket("/public");
    await connected(client);
    const clientHeard = new Promise((resolve) => client.once("disconnect", resolve));
    (await next).disconnect(true); // the server ends the connection
    expect(await clientHeard).toBe("io server disconnect");
  });

  it("an engine middleware still hears its response close", async () => {
    let closes = 0;
    const { io, url } = await startServer({ engineMiddleware: (res) => res.on("close", () => closes++) });
    const manager = new Manager(url, { transports: ["websocket"], reconnection: false });
    track(io, manager);
    const serverSide = nextConnection(io, "/public");
    await connected(manager.socket("/public"));
    const socket = await serverSide;
    const gone = new Promise((resolve) => socket.once("disconnect", resolve));
    manager.engine.close();
    await gone;
    await expect.poll(() => closes).toBe(1);
  });
});

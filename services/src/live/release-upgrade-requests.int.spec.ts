import { createServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Server, type Socket as ServerSocket } from "socket.io";
import { Manager, type ManagerOptions, type Socket } from "socket.io-client";
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
  let opened: { io: Server; managers: Manager[] }[] = [];
  afterEach(async () => {
    for (const { io, managers } of opened) {
      for (const manager of managers) manager.engine?.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    }
    opened = [];
  });

  async function server(options: Parameters<typeof startServer>[0] = {}) {
    const started = await startServer(options);
    opened.push({ io: started.io, managers: [] });
    return started;
  }

  /** A client connection to `/public` over WebSocket, once both sides have its socket. */
  async function connect(io: Server, url: string, options: Partial<ManagerOptions> = {}) {
    const manager = new Manager(url, { transports: ["websocket"], reconnection: false, ...options });
    opened.find((o) => o.io === io)?.managers.push(manager);
    const serverSide = nextConnection(io, "/public");
    const client = manager.socket("/public");
    await connected(client);
    return { manager, client, serverSide: await serverSide };
  }

  it("an open connection's upgrade request is garbage once its socket has connected", async () => {
    const { io, upgrades, url } = await server();
    await connect(io, url);
    await collectGarbage();
    expect(upgrades).toHaveLength(1);
    expect(upgrades[0].deref()).toBeUndefined();
    expect(io.of("/public").sockets.size).toBe(1);
  });

  it("a namespace joined later over the same connection still gets the handshake's headers, url and query", async () => {
    const { io, url } = await server();
    const { manager } = await connect(io, url, { extraHeaders: { cookie: "cart=abc" }, query: { from: "test" } });
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
    const { io, url } = await server();
    const first = await connect(io, url);
    const reason = new Promise((resolve) => first.serverSide.once("disconnect", resolve));
    first.manager.engine.close(); // the client's TCP connection ends
    expect(await reason).toBe("transport close");

    const second = await connect(io, url);
    const clientHeard = new Promise((resolve) => second.client.once("disconnect", resolve));
    second.serverSide.disconnect(true); // the server ends the connection
    expect(await clientHeard).toBe("io server disconnect");
  });

  it("an engine middleware still hears its response close", async () => {
    let closes = 0;
    const { io, url } = await server({ engineMiddleware: (res) => res.on("close", () => closes++) });
    const { manager, serverSide } = await connect(io, url);
    const gone = new Promise((resolve) => serverSide.once("disconnect", resolve));
    manager.engine.close();
    await gone;
    await expect.poll(() => closes).toBe(1);
  });
});

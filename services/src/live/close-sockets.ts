import type { Server as HttpServer } from "node:http";
import type { Server } from "socket.io";

/** Connections closed in one turn of the event loop at shutdown. */
export const CLOSE_SLICE = 500;
/** How long shutdown waits for the closed connections to end before it stops waiting for them. */
export const CLOSE_TIMEOUT_MS = 5000;

interface EngineConnection {
  close(): void;
}

/**
 * Closes every socket.io connection a slice at a time, the event loop turning between slices, then the
 * server, waiting at most `timeoutMs` for the connections to end. `io.disconnectSockets(true)` closes
 * them all in one loop: 18,500 sockets kept a process busy for over five minutes after SIGTERM, its own
 * 10 s exit timer never getting a turn (bench/README.md, giving-day). Each connection closes all the
 * namespaces it carries; the sockets' `disconnect` handlers (staff presence) run in its slice.
 */
export async function closeSocketsInSlices(
  io: Server,
  httpServer: HttpServer,
  options: { slice?: number; timeoutMs?: number } = {},
): Promise<void> {
  const slice = options.slice ?? CLOSE_SLICE;
  const engine = io.engine as unknown as { clients: Record<string, EngineConnection> };
  const connections = Object.values(engine.clients);
  for (let start = 0; start < connections.length; start += slice) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const connection of connections.slice(start, start + slice)) connection.close();
  }
  // Closes what connected meanwhile, stops the engine, and closes the HTTP server, whose callback waits
  // for every connection to end: a peer that never answers the WebSocket's close would hold it for 30 s.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      httpServer.closeAllConnections();
      resolve();
    }, options.timeoutMs ?? CLOSE_TIMEOUT_MS);
    timer.unref();
    void io.close(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

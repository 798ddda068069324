import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Server } from "socket.io";

/** What socket.io reads of a connection's request after its handshake, for a namespace joined later. */
interface HandshakeRequest {
  headers: IncomingMessage["headers"];
  url: string | undefined;
  _query: Record<string, string>;
  connection: { encrypted: boolean };
}

interface EngineConnection {
  request: IncomingMessage & { _query?: Record<string, string> };
}

interface Engine {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  on(event: "connection", listener: (conn: EngineConnection) => void): void;
  /** engine.io's own middlewares (`io.engine.use`); protected in its types. */
  middlewares?: unknown[];
}

/**
 * engine.io keeps each connection's upgrade request (the IncomingMessage: raw headers, stream state,
 * parsed query) for as long as the connection lives, and holds it twice: as `conn.request`, and through
 * a `close` listener that the stand-in response it builds for engine middlewares leaves on the TCP
 * socket. That is about 1.4 KB a socket: 7 MB of the server's peak when 5,000 visitors watch a
 * thermometer. ws dropped its `upgradeReq` for the same reason (websockets/ws#1104).
 *
 * Once a connection is open, this keeps only what socket.io reads of its request later (the handshake
 * of a namespace the client joins over the same connection: headers, url, query, TLS or not), and
 * drops the stand-in response's listener when no engine middleware could be waiting for it.
 */
export function releaseUpgradeRequests(io: Server): void {
  const engine = io.engine as unknown as Engine;
  const handleUpgrade = engine.handleUpgrade;
  engine.handleUpgrade = function (req, socket, head) {
    const before = socket.rawListeners("close");
    handleUpgrade.call(this, req, socket, head);
    if (engine.middlewares?.length) return;
    // The stand-in response's listener is the one `once` listener the upgrade added: a wrapper that
    // carries the function it wraps (ws's own listeners are plain `on` ones, and must stay).
    for (const listener of socket.rawListeners("close"))
      if (!before.includes(listener) && "listener" in listener)
        socket.removeListener("close", listener as unknown as (...args: unknown[]) => void);
  };
  engine.on("connection", (conn) => {
    conn.request = handshakeRequestOf(conn.request) as unknown as EngineConnection["request"];
  });
}

function handshakeRequestOf(req: EngineConnection["request"]): HandshakeRequest {
  return {
    headers: req.headers,
    url: req.url,
    _query: req._query ?? {},
    connection: { encrypted: Boolean((req.socket as { encrypted?: boolean } | null)?.encrypted) },
  };
}

/**
 * How every browser socket (storefront and back office) connects and reconnects; the giving-day bench's
 * sockets use the same, so what it measures after a process dies is what a visitor sees.
 *
 * - WebSocket first, long-polling only when the WebSocket fails (a proxy that blocks upgrades): one
 *   request per connect instead of a poll handshake, a poll and an upgrade, so a process that takes
 *   over the sockets of a dead one answers a third of the requests.
 * - First reconnect 0.5–1.5 s after the loss (spread, so thousands of sockets of a dead process do not
 *   all knock at once), then doubling up to 5 s: a process killed mid-run is replaced within the 5 s
 *   the giving day allows, without a storm of retries on the survivors.
 */
export function liveSocketOptions(): LiveSocketOptions {
  return {
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    reconnectionDelay: 1000,
    randomizationFactor: 0.5,
    reconnectionDelayMax: 5000,
  };
}

export interface LiveSocketOptions {
  transports: Array<"websocket" | "polling">;
  tryAllTransports: boolean;
  reconnectionDelay: number;
  randomizationFactor: number;
  reconnectionDelayMax: number;
}

/**
 * After a reconnect the page waits this long for the state the server sends a socket joining a room (a
 * campaign's thermometer) before it asks for the state with a request (pushes sent while it was away are
 * lost): the server that answers the handshake sends it at once, unless it could not read it.
 */
export const STATE_WAIT_MS = 2000;

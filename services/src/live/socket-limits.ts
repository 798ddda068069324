import type { Socket } from "socket.io";
import { campaignRoom } from "@shop/shared";
import type { Logger } from "../platform/logger.ts";

/** Messages a socket may send: `burst` at once, refilled at `perSecond`. */
export interface MessageRate {
  perSecond: number;
  burst: number;
}

/** A storefront tab sends a `join` per live widget at connection and little else. */
export const PUBLIC_MESSAGE_RATE: MessageRate = { perSecond: 20, burst: 40 };
/** A back-office tab watches every record it shows at connection (at most MAX_WATCHED_RECORDS). */
export const ADMIN_MESSAGE_RATE: MessageRate = { perSecond: 100, burst: 1000 };
/** Campaign rooms one `/public` socket may be in (each widget opens a socket of its own: one is usual). */
export const MAX_CAMPAIGN_ROOMS = 8;

/**
 * Disconnects a socket that sends faster than `rate` (times RATE_LIMIT_MULTIPLIER): its messages
 * past the limit are dropped unread, and its connection closed, so a flood of joins or watches
 * costs no more than `burst` handler calls. A token bucket of its own per socket rather than
 * rate-limiter-flexible: it is checked synchronously on every message (no promise per packet
 * during a flood of 200,000), holds two numbers and goes away with the socket.
 */
export function limitMessageRate(
  socket: Socket,
  rate: MessageRate,
  deps: { log: Logger; multiplier?: number; now?: () => number },
): void {
  const now = deps.now ?? (() => performance.now());
  const perSecond = rate.perSecond * (deps.multiplier ?? 1);
  const burst = rate.burst * (deps.multiplier ?? 1);
  let tokens = burst;
  let last = now();
  socket.use((_packet, next) => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
    last = at;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    if (!socket.connected) return;
    deps.log.warn(
      { namespace: socket.nsp.name, address: socket.handshake.address, perSecond, burst },
      "socket disconnected: too many messages",
    );
    socket.disconnect(true);
  });
}

/**
 * `join {campaign}` on a `/public` socket: the campaign's room (thermometer, giveaway draws), at
 * most `MAX_CAMPAIGN_ROOMS` (times RATE_LIMIT_MULTIPLIER) different ones per socket; joins past
 * that are ignored, so the rooms one socket holds stay bounded whatever it sends.
 */
export function handleCampaignJoins(socket: Socket, multiplier = 1): void {
  const joined = new Set<string>();
  const max = MAX_CAMPAIGN_ROOMS * multiplier;
  socket.on("join", (msg: { campaign?: unknown }) => {
    if (typeof msg?.campaign !== "string" || !/^[\w-]{1,100}$/.test(msg.campaign)) return;
    const room = campaignRoom(msg.campaign);
    if (!joined.has(room) && joined.size >= max) return;
    joined.add(room);
    socket.join(room);
  });
}

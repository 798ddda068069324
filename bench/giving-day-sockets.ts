// The giving-day bench's watchers: `count` socket.io clients on `/public` through the proxy, each joined to
// the campaign's room, connecting and reconnecting with the storefront's own options (LIVE_SOCKET_OPTIONS),
// and after a reconnect taking the current total as the storefront does: the thermometer the server sends
// to a socket joining the room, or, when none came within STATE_WAIT_MS, `GET /api/store/campaign-status/`. In a process of its own, driven by bench/giving-day.ts over IPC:
//   { connect: { url, count, campaign, sampleEvery } } → { ready: count }
//   { report: true } → { report: Report } (and forgets the samples reported)
//   { close: true }  → disconnects and exits.
import { randomBytes } from "node:crypto";
import { io as connect, type Socket } from "socket.io-client";
import { liveSocketOptions, STATE_WAIT_MS } from "@shop/shared/live/socket-options";

const now = () => performance.timeOrigin + performance.now();
const answer = (message: unknown) => {
  if (process.connected) process.send?.(message);
};

export interface Reconnect {
  /** Wall-clock ms: the socket saw its server go, came back (through the proxy, to another process), and the total it then read. */
  down: number;
  up: number;
  statusAt: number | null;
  statusRaised: number | null;
  /** How the total came: pushed on joining the room, or read with a request after STATE_WAIT_MS. */
  via: "push" | "status" | null;
}

export interface Report {
  connected: number;
  /** [raised_cents, wall-clock ms] of every push the sampled sockets received. */
  samples: Array<[number, number]>;
  /** The lowest total any socket last saw (every socket has seen the final total when it equals it). */
  lowestLastRaised: number;
  reconnects: Reconnect[];
  /** Why reconnect attempts failed, with how many times. */
  connectErrors: Record<string, number>;
}

let sockets: Socket[] = [];
const lastRaised: number[] = [];
let samples: Array<[number, number]> = [];
let reconnects: Reconnect[] = [];
let connectErrors: Record<string, number> = {};
/** Status reads after reconnects, a few at a time, as browsers spread over the world would. */
let statusReads = 0;
const statusQueue: Array<() => void> = [];

async function readStatus(url: string, campaign: string): Promise<number | null> {
  if (statusReads >= 16) await new Promise<void>((resolve) => statusQueue.push(resolve));
  statusReads++;
  try {
    for (let tries = 0; tries < 20; tries++) {
      const res = await fetch(`${url}/api/store/campaign-status/?campaign=${campaign}`).catch(() => null);
      if (res?.ok) return ((await res.json()) as { raised_cents: number }).raised_cents;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  } finally {
    statusReads--;
    statusQueue.shift()?.();
  }
}

process.once("disconnect", () => process.exit(0));
process.on(
  "message",
  async (m: {
    connect?: { url: string; count: number; campaign: string; sampleEvery: number };
    report?: boolean;
    close?: boolean;
  }) => {
    if (m.connect) {
      const { url, count, campaign, sampleEvery } = m.connect;
      for (let i = 0; i < count; i += 50) {
        const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) => {
          const n = sockets.length + k;
          const sampled = n % sampleEvery === 0;
          // `client` picks the process in the proxy's hash (every bench socket comes from 127.0.0.1).
          const s = connect(`${url}/public`, {
            ...liveSocketOptions(),
            forceNew: true,
            query: { client: randomBytes(6).toString("hex") },
          });
          let down: number | null = null;
          /** A reconnect still waiting for its total. */
          let waiting: { r: Reconnect; timer: NodeJS.Timeout } | null = null;
          lastRaised[n] = 0;
          s.on("connect", () => {
            s.emit("join", { campaign });
            if (down === null) return;
            const r: Reconnect = { down, up: now(), statusAt: null, statusRaised: null, via: null };
            down = null;
            reconnects.push(r);
            if (waiting) clearTimeout(waiting.timer);
            waiting = {
              r,
              timer: setTimeout(() => {
                waiting = null;
                void readStatus(url, campaign).then((raised) => {
                  r.statusAt = now();
                  r.statusRaised = raised;
                  r.via = "status";
                  if (raised !== null && raised > lastRaised[n]) lastRaised[n] = raised;
                });
              }, STATE_WAIT_MS),
            };
          });
          s.io.on("reconnect_error", (error) => {
            connectErrors[error.message] = (connectErrors[error.message] ?? 0) + 1;
          });
          s.on("disconnect", () => {
            down ??= now();
          });
          s.on("thermometer", (msg: { raised_cents: number }) => {
            if (waiting) {
              clearTimeout(waiting.timer);
              Object.assign(waiting.r, { statusAt: now(), statusRaised: msg.raised_cents, via: "push" });
              waiting = null;
            }
            if (msg.raised_cents > lastRaised[n]) lastRaised[n] = msg.raised_cents;
            if (sampled) samples.push([msg.raised_cents, now()]);
          });
          return s;
        });
        // A connect that fails (the proxy timed out on a busy process's full accept queue) is tried again
        // by the socket itself, as a browser's is; the watcher waits for all.
        await Promise.all(batch.map((s) => new Promise<void>((resolve) => s.once("connect", () => resolve()))));
        sockets.push(...batch);
      }
      answer({ ready: sockets.length });
    }
    if (m.report) {
      const report: Report = {
        connected: sockets.filter((s) => s.connected).length,
        samples,
        lowestLastRaised: Math.min(...lastRaised),
        reconnects: reconnects.filter((r) => r.statusAt !== null),
        connectErrors,
      };
      connectErrors = {};
      samples = [];
      reconnects = reconnects.filter((r) => r.statusAt === null);
      answer({ report });
    }
    if (m.close) {
      for (const s of sockets) s.disconnect();
      sockets = [];
      process.exit(0);
    }
  },
);

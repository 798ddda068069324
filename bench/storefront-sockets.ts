// The storefront bench's watchers: `count` socket.io clients (websocket transport) on `/public`, each
// joined to one campaign's room, in a process of its own so their decoding does not share the
// server's or the bench's event loop. Driven by bench/storefront.ts over IPC:
//   { connect: { url, count, campaign } }  → { ready: count }
//   { arm: { raised } }                    → { arrivals: number[] } (wall-clock ms of each socket's
//                                            `thermometer` with that raised_cents; NaN when none in 10 s)
//   { close: true }                        → disconnects and exits.
import { io as connect, type Socket } from "socket.io-client";

const now = () => performance.timeOrigin + performance.now();
/** The parent may be gone (it failed and is cleaning up): then there is nobody to answer. */
const answer = (message: unknown) => {
  if (process.connected) process.send?.(message);
};
let sockets: Socket[] = [];

process.once("disconnect", () => process.exit(0));
process.on(
  "message",
  async (m: {
    connect?: { url: string; count: number; campaign: string };
    arm?: { raised: number };
    close?: boolean;
  }) => {
    if (m.connect) {
      const { url, count, campaign } = m.connect;
      for (let i = 0; i < count; i += 100) {
        const batch = Array.from({ length: Math.min(100, count - i) }, () =>
          connect(`${url}/public`, { transports: ["websocket"], reconnection: false, forceNew: true }),
        );
        await Promise.all(
          batch.map(
            (s) =>
              new Promise<void>((resolve, reject) => {
                s.once("connect", () => {
                  s.emit("join", { campaign });
                  resolve();
                });
                s.once("connect_error", reject);
              }),
          ),
        );
        sockets.push(...batch);
      }
      answer({ ready: sockets.length });
    }
    if (m.arm) {
      const raised = m.arm.raised;
      const arrivals = await Promise.all(
        sockets.map(
          (s) =>
            new Promise<number>((resolve) => {
              const timer = setTimeout(() => {
                s.off("thermometer", listener);
                resolve(Number.NaN);
              }, 10_000);
              const listener = (msg: { raised_cents: number }) => {
                if (msg.raised_cents !== raised) return;
                clearTimeout(timer);
                s.off("thermometer", listener);
                resolve(now());
              };
              s.on("thermometer", listener);
            }),
        ),
      ).then((times) => times);
      answer({ arrivals });
    }
    if (m.close) {
      for (const s of sockets) s.disconnect();
      sockets = [];
      process.exit(0);
    }
  },
);

// The parent arms, then sends the command: the listeners must be in place first.
process.on("message", (m: { arm?: unknown }) => {
  if (m.arm) answer({ armed: true });
});

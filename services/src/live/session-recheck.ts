import type { Kysely } from "kysely";
import type { Namespace } from "socket.io";
import type { SessionEndedMessage, SessionEndReason } from "@shop/shared/live/messages";
import { findSessionStates } from "@shop/projections";
import type { Logger } from "../platform/logger.ts";
import type { Database } from "@shop/projections";

/**
 * Looks at every open admin socket's session again, every `everyMs`: one that expired, was revoked
 * (its row gone, whatever this process's tail of the log missed) or lost staff is told
 * `session:ended` and closed. Pushes close sockets at once; this is the backstop, and the only way
 * an expiry (no event marks it) reaches an open tab.
 */
export function startSessionRecheck(deps: {
  admin: Namespace;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  everyMs: number;
}) {
  let running: Promise<void> | null = null;

  async function recheck() {
    const sockets = [...deps.admin.sockets.values()];
    if (sockets.length === 0) return;
    const now = deps.clock();
    const states = await findSessionStates(
      deps.db,
      [...new Set(sockets.map((s) => s.data.sessionHash as string))],
      now,
    );
    for (const socket of sockets) {
      const state = states.get(socket.data.sessionHash);
      const reason: SessionEndReason | null = !state
        ? "logged_out"
        : !state.live
          ? "expired"
          : !state.isStaff
            ? "staff_revoked"
            : null;
      if (!reason) continue;
      socket.emit("session:ended", { reason } satisfies SessionEndedMessage);
      socket.disconnect();
    }
  }

  const timer = setInterval(() => {
    running ??= recheck()
      .catch((err) => deps.log.warn({ err }, "admin sockets' sessions not re-checked; trying again next time"))
      .finally(() => (running = null));
  }, deps.everyMs);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

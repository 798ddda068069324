import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirBusyError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite does not lock its folder, and two writers would corrupt it: the server and the CLI each hold
 * `DATA_DIR/.lock` (pid and role) and refuse a folder another live process holds. A lock left by a
 * dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string, role: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, role, since: new Date().toISOString() }), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (JSON.parse(readFileSync(file, "utf8")).pid === process.pid) rmSync(file);
        } catch {}
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid?: number; role?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, "utf8"));
      } catch {}
      if (holder.pid && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirBusyError(
          `The data folder ${dataDir} is in use by another process (pid ${holder.pid}, ${holder.role ?? "unknown"}). ` +
            `Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not lock the data folder ${dataDir}.`);
}

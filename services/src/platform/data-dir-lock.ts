import { randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirBusyError extends Error {}

interface Holder {
  pid: number;
  role: string;
  since: string;
  /** Tells this acquisition from any other, even of the same process. */
  nonce: string;
}

/** An unreadable lock this young may be one an older version is still writing: wait rather than take it over. */
const UNREADABLE_GRACE_MS = 2000;
/** A takeover guard this old was left by a process that died in the few microseconds it is held. */
const STALE_GUARD_MS = 10_000;
const RETRY_PAUSE_MS = 25;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function readRaw(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function parse(raw: string): Partial<Holder> | null {
  try {
    const holder = JSON.parse(raw);
    return typeof holder?.pid === "number" ? holder : null;
  } catch {
    return null;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Creates `file` holding `me` only if it does not exist. Written to a temp file first, then linked: never seen empty or half-written. */
function tryCreate(file: string, me: Holder): boolean {
  const temp = `${file}.${me.nonce}.tmp`;
  writeFileSync(temp, JSON.stringify(me));
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Replaces a stale lock, one process at a time: under an exclusive guard file, and only if the lock
 * still holds exactly what was judged stale. Without this, two processes finding the same stale lock
 * could each delete it, and the slower one would delete the faster one's fresh lock.
 */
function takeOver(file: string, staleRaw: string, me: Holder): void {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (ageMs(guard) > STALE_GUARD_MS) rmSync(guard, { force: true });
    return; // someone else is taking over right now: look again
  }
  try {
    if (readRaw(file) === staleRaw) {
      rmSync(file, { force: true });
      tryCreate(file, me);
    }
  } finally {
    rmSync(guard, { force: true });
  }
}

function busy(dataDir: string, holder: Partial<Holder>): DataDirBusyError {
  return new DataDirBusyError(
    `The data folder ${dataDir} is in use by another process (pid ${holder.pid}, ${holder.role ?? "unknown"}). ` +
      `Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
  );
}

/**
 * PGlite does not lock its folder, and two writers would corrupt it: the server and the CLI each hold
 * `DATA_DIR/.lock` (pid, role and a nonce) and refuse a folder another live process holds. A lock
 * left by a dead process is taken over; ownership is checked again afterwards, by nonce.
 */
export function acquireDataDirLock(dataDir: string, role: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ".lock");
  const me: Holder = { pid: process.pid, role, since: new Date().toISOString(), nonce: randomUUID() };
  const deadline = Date.now() + UNREADABLE_GRACE_MS + 1000;
  while (Date.now() < deadline) {
    if (tryCreate(file, me)) return held(file, me);
    const raw = readRaw(file);
    if (raw === null) continue; // released in between: try again at once
    const holder = parse(raw);
    if (!holder && ageMs(file) < UNREADABLE_GRACE_MS) {
      pause(RETRY_PAUSE_MS);
      continue;
    }
    // A lock of our own pid is a previous run of this process (a restart in-process), not a live rival.
    if (holder && holder.pid !== process.pid && isAlive(holder.pid!)) throw busy(dataDir, holder);
    takeOver(file, raw, me);
    if (parse(readRaw(file) ?? "")?.nonce === me.nonce) return held(file, me);
    pause(RETRY_PAUSE_MS);
  }
  throw new DataDirBusyError(
    `Could not lock the data folder ${dataDir}: its .lock file stays unreadable or keeps changing.`,
  );
}

function held(file: string, me: Holder): { release(): void } {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (parse(readRaw(file) ?? "")?.nonce === me.nonce) rmSync(file, { force: true });
  };
  process.once("exit", release);
  return { release };
}

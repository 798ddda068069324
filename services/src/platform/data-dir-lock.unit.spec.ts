import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.ts";

const DEAD_PID = 2 ** 22 + 12345;
const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

/** A process that holds nothing but stays alive, to stand for another server. */
function liveProcess(script = "setTimeout(() => {}, 20000)") {
  return spawn(process.execPath, ["-e", script]);
}

/**
 * Starts `count` processes that all try to lock `dir` at the same instant `startAt`; each prints
 * 'won' (and keeps the lock 2 s) or 'busy'.
 */
function contenders(dir: string, count: number, startAt: number): Promise<string[]> {
  const script = `
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    await new Promise((r) => setTimeout(r, ${startAt} - 30 - Date.now()));
    while (Date.now() < ${startAt}) {} // the last few ms spinning, so all start within a millisecond
    try { acquireDataDirLock(${JSON.stringify(dir)}, "contender"); console.log("won"); setTimeout(() => {}, 2000); }
    catch (e) { console.log(e.constructor.name === "DataDirBusyError" ? "busy" : "error " + e.message); }`;
  return Promise.all(
    Array.from({ length: count }, () => {
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      return new Promise<string>((resolve) => child.on("exit", () => resolve(out.trim())));
    }),
  );
}

describe("data folder lock", () => {
  it("refuses a folder that another live process holds, naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const other = liveProcess();
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: other.pid, role: "server" }));
    try {
      expect(() => acquireDataDirLock(dir, "ops CLI")).toThrow(DataDirBusyError);
      expect(() => acquireDataDirLock(dir, "ops CLI")).toThrow(`in use by another process (pid ${other.pid}, server)`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a dead process, and frees it on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: DEAD_PID, role: "server" }));
    const lock = acquireDataDirLock(dir, "server");
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8"))).toMatchObject({ pid: process.pid, role: "server" });
    lock.release();
    expect(readdirSync(dir)).toEqual([]); // no lock, no temp file, no takeover guard left behind
    acquireDataDirLock(dir, "server").release();
  });

  it("a lock file still empty (its writer between create and write) is waited for, not taken for stale", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const file = join(dir, ".lock");
    writeFileSync(file, "");
    // The other process fills in its lock a moment later, as a non-atomic writer would.
    const writer = liveProcess(
      `setTimeout(() => require("fs").writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, role: "server" })), 300); setTimeout(() => {}, 20000)`,
    );
    await new Promise((r) => writer.once("spawn", r));
    try {
      expect(() => acquireDataDirLock(dir, "ops CLI")).toThrow(`in use by another process (pid ${writer.pid}, server)`);
    } finally {
      writer.kill();
    }
  });

  it("of several processes taking over one stale lock at the same instant, exactly one wins", {
    timeout: 60_000,
  }, async () => {
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), "lock-"));
      writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: DEAD_PID, role: "server" }));
      const outcomes = await contenders(dir, 6, Date.now() + 4000);
      expect(outcomes.sort()).toEqual(["busy", "busy", "busy", "busy", "busy", "won"]);
    }
  });
});

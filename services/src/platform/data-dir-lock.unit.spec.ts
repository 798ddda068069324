import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.ts";

const DEAD_PID = 2 ** 22 + 12345;

/** A process that holds nothing but stays alive, to stand for another server. */
function liveProcess(script = "setTimeout(() => {}, 20000)") {
  return spawn(process.execPath, ["-e", script]);
}

/**
 * The lock module as plain JavaScript, for contender processes: the same source, stripped of its
 * types by esbuild (what tsx would do), so a contender starts as plain node in a fraction of the time.
 */
function lockModuleAsJavaScript(): string {
  const source = readFileSync(fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url)), "utf8");
  const file = join(mkdtempSync(join(tmpdir(), "lock-module-")), "data-dir-lock.mjs");
  writeFileSync(file, transformSync(source, { loader: "ts", format: "esm" }).code);
  return file;
}

/**
 * `count` processes that try, at one instant, to lock a folder: `round(dir)` sends them the folder
 * and the instant (a moment ahead, once all are ready), and answers what each printed: 'won' (it
 * keeps that lock until the end) or 'busy'. The same processes take part in every round, each round
 * on a new folder: a process start costs seconds on a loaded machine, a round a few milliseconds.
 */
async function contenders(lockModule: string, count: number) {
  const script = `
    import { createInterface } from "node:readline";
    const { acquireDataDirLock } = await import(${JSON.stringify(lockModule)});
    console.log("ready");
    for await (const line of createInterface({ input: process.stdin })) {
      const { dir, startAt } = JSON.parse(line);
      await new Promise((r) => setTimeout(r, startAt - 30 - Date.now()));
      while (Date.now() < startAt) {} // the last few ms spinning, so all start within a millisecond
      try { acquireDataDirLock(dir, "contender"); console.log("won"); }
      catch (e) { console.log(e.constructor.name === "DataDirBusyError" ? "busy" : "error " + e.message); }
    }`;
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const nextLine = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error(`a contender ended without answering: ${stderr}`);
      return value.trim();
    };
    return { child, exited, nextLine };
  });
  const ready = Promise.all(children.map((c) => c.nextLine()));
  return {
    async round(dir: string): Promise<string[]> {
      expect(await ready).toEqual(Array(count).fill("ready"));
      const order = JSON.stringify({ dir, startAt: Date.now() + 200 });
      for (const { child } of children) child.stdin.write(`${order}\n`);
      return Promise.all(children.map((c) => c.nextLine()));
    },
    async stop() {
      for (const { child } of children) child.kill();
      await Promise.all(children.map((c) => c.exited));
    },
  };
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
    // The other process creates its lock empty and fills it in 300 ms later, as a non-atomic writer
    // would. The empty file is made once that process runs (a start can take seconds on a loaded
    // machine), so the 300 ms count from the file's creation, well inside the 2 s grace.
    const writer = liveProcess(
      `console.log("ready"); process.stdin.once("data", () => setTimeout(() => require("fs").writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, role: "server" })), 300)); setTimeout(() => {}, 20000)`,
    );
    await new Promise((r) => writer.stdout.once("data", r));
    writeFileSync(file, "");
    writer.stdin.write("go\n");
    try {
      expect(() => acquireDataDirLock(dir, "ops CLI")).toThrow(`in use by another process (pid ${writer.pid}, server)`);
    } finally {
      writer.kill();
    }
  });

  it("of several processes taking over one stale lock at the same instant, exactly one wins", {
    timeout: 60_000,
  }, async () => {
    const six = await contenders(lockModuleAsJavaScript(), 6);
    try {
      for (let round = 0; round < 3; round++) {
        const dir = mkdtempSync(join(tmpdir(), "lock-"));
        writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: DEAD_PID, role: "server" }));
        const outcomes = await six.round(dir);
        expect(outcomes.sort()).toEqual(["busy", "busy", "busy", "busy", "busy", "won"]);
      }
    } finally {
      await six.stop();
    }
  });
});

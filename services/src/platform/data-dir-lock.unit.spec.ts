import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirBusyError } from "./data-dir-lock.ts";

describe("data folder lock", () => {
  it("refuses a folder that another live process holds, naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"]);
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
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: 2 ** 22 + 12345, role: "server" }));
    const lock = acquireDataDirLock(dir, "server");
    lock.release();
    acquireDataDirLock(dir, "server").release();
  });
});

import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seedPgliteFolder } from "../testing/test-server.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { spawnServer, type ServerProcess } from "./server-process-kit.ts";

const running: ServerProcess[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) await p.stop("SIGKILL");
});

describe("graceful shutdown", () => {
  it("on SIGTERM the server exits 0 within a few seconds and frees its data folder", { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "shutdown-"));
    await seedPgliteFolder(join(dataDir, "pglite")); // initdb is not what this measures (it took 30 s on a busy machine)
    const server = await spawnServer({ DATA_DIR: dataDir });
    running.push(server);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(existsSync(join(dataDir, ".lock"))).toBe(true);

    const { code, ms } = await server.stop("SIGTERM");
    expect({ code, output: code === 0 ? "" : server.output() }).toEqual({ code: 0, output: "" });
    expect(ms).toBeLessThan(5000);
    expect(existsSync(join(dataDir, ".lock"))).toBe(false);
    acquireDataDirLock(dataDir, "test").release();
  });
});

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { DEMO_LOGIN } from "../demo/demo-data.ts";
import { TestClient } from "../testing/http-client.ts";
import { spawnServer, type ServerProcess } from "./server-process-kit.ts";

const dataDir = mkdtempSync(join(tmpdir(), "pglite-memory-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The resident memory of a server process once /readyz says it is ready and it has idled 2 s. */
async function idleRssMiB(server: ServerProcess): Promise<number> {
  for (;;) {
    const answer = await fetch(`${server.url}/readyz`);
    if (answer.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

it("code health 10: a server started on a new PGlite folder holds under 450 MiB once ready, and restarts on it", async () => {
  // `npm start` with its defaults (demo data on); before the change this was about 900 MiB (bench/memory.ts).
  const first = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: "true" }, 120_000);
  try {
    // glibc's setting as `npm start` and the image give it (server-process-kit.ts, SERVER_PROCESS_ENV).
    expect(readFileSync(`/proc/${first.child.pid}/environ`, "utf8").split("\0")).toContain(
      "MALLOC_MMAP_THRESHOLD_=65536",
    );
    expect(await idleRssMiB(first)).toBeLessThan(450);
  } finally {
    await first.stop();
  }
  // The cluster made by the initdb child is an ordinary PGlite folder: a restart (no seeding) opens it
  // with its data, so the demo user seeded on the first start signs in.
  const second = await spawnServer({ DATA_DIR: dataDir, DEMO_DATA: "false" }, 120_000);
  try {
    expect(await idleRssMiB(second)).toBeLessThan(450);
    const login = await new TestClient(second.url).post("/api/account/login/", {
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
    });
    expect(login.status).toBe(200);
  } finally {
    await second.stop();
  }
}, 300_000);

import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTEN_BACKLOG, type RunningServer } from "../server.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";

describe("the server's listen backlog", () => {
  let place: TestServerPlace;
  let server: RunningServer;

  beforeAll(async () => {
    place = newTestPlace();
    server = await startTestServer(place);
  });
  afterAll(async () => {
    await server?.close();
    await removeTestPlace(place);
  });

  it("holds the connects of a dead process's sockets reconnecting at once (4096, not node's 511)", () => {
    // For a listening socket `ss` shows the backlog as its Send-Q (Linux caps it at net.core.somaxconn).
    const line = execFileSync("ss", ["-ltnH", `sport = :${server.port}`])
      .toString()
      .trim();
    const backlog = Number(line.split(/\s+/)[2]);
    const cap = Number(execFileSync("cat", ["/proc/sys/net/core/somaxconn"]).toString());
    expect(LISTEN_BACKLOG).toBe(4096);
    expect(backlog).toBe(Math.min(LISTEN_BACKLOG, cap));
  });
});

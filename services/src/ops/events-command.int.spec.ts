import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentNodeStream, type NewEvent } from "@shop/shared";
import { eachAuditPage } from "../audit/audit-log.ts";
import { signedInClient } from "../testing/server-kit.ts";
import { testBackends } from "../testing/backends.ts";
import { newTestPlace, removeTestPlace, startTestServer, type TestServerPlace } from "../testing/test-server.ts";
import { opsEnv, runOps, runOpsInProcess } from "./ops-cli-kit.ts";

const LINKS = 150; // keyword links and unlinks after the node's creation: well past the default limit of 100

describe.each(testBackends())("ops events on $name", ({ pglite }) => {
  let place: TestServerPlace;
  let env: NodeJS.ProcessEnv;
  let stream: string;
  let streamLength: number;
  let logLength: number;
  let pages: number[][];

  /** The CLI in this process (runCli, what the bundle's entry runs), or with `inItsOwnProcess` as `npm run ops`. */
  async function ops(...args: string[]) {
    return checked(args, await runOpsInProcess(env, args));
  }
  async function inItsOwnProcess(...args: string[]) {
    return checked(args, await runOps(env, args));
  }
  function checked(args: string[], { code, stdout, stderr }: { code: number; stdout: string; stderr: string }) {
    if (code !== 0) throw new Error(`ops ${args.join(" ")} exited ${code}: ${stderr}`);
    return { stdout: stdout.trimEnd().split("\n"), stderr: stderr.trim() };
  }

  beforeAll(async () => {
    place = newTestPlace({ pglite });
    env = opsEnv(place);
    const server = await startTestServer(place);
    try {
      const { client } = await signedInClient(server, "ops@example.org", "Olive Ops");
      const nodeId = (
        await client.post("/admin/api/content/contentnode/", { name: "Long History", ignore_warnings: true })
      ).json.id;
      const keyword = (await client.post("/admin/api/content/keyword/", { name: "Flood" })).json.id;
      stream = contentNodeStream(nodeId);
      const links: NewEvent[] = Array.from({ length: LINKS }, (_, i) => ({
        type: i % 2 ? "ContentNodeKeywordUnlinked" : "ContentNodeKeywordLinked",
        data: { id: nodeId, keywordId: keyword },
      }));
      await server.store.append(stream, links, { expectedVersion: "any" });
      streamLength = (await server.store.readStream(stream)).length;
      // Counted in the table: a log read stops before a transaction still in flight (the demo data's
      // read models may be applying), and `ops events` runs once everything has committed.
      const counted = await server.database.db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      logLength = Number(counted.n);
      pages = [];
      for await (const page of eachAuditPage({ db: server.database.db, store: server.store }, { stream }, 40))
        pages.push(page.map((e) => e.position));
    } finally {
      await server.close();
    }
  }, 120_000);
  afterAll(async () => {
    await removeTestPlace(place);
  });

  it("--stream without --limit prints the stream's whole history, oldest first, and nothing else", {
    timeout: 60_000,
  }, async () => {
    // The longest output of this file, through a real process's pipe on PostgreSQL: written whole before the exit.
    const { stdout, stderr } = await (pglite ? ops : inItsOwnProcess)("events", "--stream", stream);
    expect(streamLength).toBeGreaterThan(LINKS);
    expect(stdout).toHaveLength(streamLength);
    expect(stdout[0]).toMatch(new RegExp(`^ +\\d+  \\S+  ${stream}  ContentNodeCreated  user=[0-9a-f-]{36}  \\{`));
    expect(
      stdout
        .slice(-LINKS)
        .every((l, i) =>
          l.includes(`  ${stream}  ${i % 2 ? "ContentNodeKeywordUnlinked" : "ContentNodeKeywordLinked"}  `),
        ),
    ).toBe(true);
    const positions = stdout.map((l) => Number(l.trim().split(" ")[0]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(stderr).toBe("");
  });

  it("a history longer than a page is read page after page, each event once, in order", () => {
    expect(pages.map((p) => p.length)).toEqual([40, 40, 40, streamLength - 120]);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(streamLength);
    expect(flat).toEqual([...flat].sort((a, b) => a - b));
  });

  it("--stream with --limit prints that many and says how many more there are and how to see them", {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await ops("events", "--stream", stream, "--limit", "10");
    expect(stdout).toHaveLength(11);
    expect(stdout[10]).toBe(
      `${streamLength - 10} more events match (10 shown). See them with --limit ${streamLength} or without --limit.`,
    );
  });

  it("without --stream the first 100 events are printed, then how many more match and how to see them", {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await ops("events");
    expect(stdout).toHaveLength(101);
    expect(stdout[100]).toBe(
      `${logLength - 100} more events match (100 shown). See them with --limit ${logLength}, or narrow with --stream, --type, --user or --since.`,
    );
    const all = await ops("events", "--limit", String(logLength));
    expect(all.stdout).toHaveLength(logLength);
  });

  it("with --json stdout stays one event per line and the remark goes to stderr", { timeout: 60_000 }, async () => {
    const { stdout, stderr } = await ops("events", "--json", "--type", "ContentNodeKeywordLinked", "--limit", "5");
    expect(stdout.map((l) => JSON.parse(l).type)).toEqual(Array(5).fill("ContentNodeKeywordLinked"));
    expect(stderr).toBe(
      `${LINKS / 2 - 5} more events match (5 shown). See them with --limit ${LINKS / 2}, or narrow with --stream, --type, --user or --since.`,
    );
  });
});

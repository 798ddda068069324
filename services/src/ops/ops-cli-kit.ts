import { spawn } from "node:child_process";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { REPO_ROOT } from "../server.ts";
import type { TestServerPlace } from "../testing/test-server.ts";
import { runCli } from "./run-cli.ts";

export interface OpsResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** What `npm run ops` runs: the CLI's bundle, rebuilt first when a source changed. */
const OPS_SCRIPT = join(REPO_ROOT, "scripts", "ops.mjs");

/** Runs `npm run ops -- ...args` as an operator would (a child process), with `stdin` piped in. */
export function runOps(env: NodeJS.ProcessEnv, args: string[], stdin = ""): Promise<OpsResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [OPS_SCRIPT, ...args], {
      env,
      cwd: REPO_ROOT,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr, ms: performance.now() - started }));
    child.stdin.end(stdin);
  });
}

/** The environment `npm run ops` gets to work on a test server's place (its database and data folder). */
export function opsEnv(place: TestServerPlace): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: place.url,
    DATABASE_SCHEMA: place.url ? place.schema : "public",
    DATA_DIR: place.dataDir,
    LOG_LEVEL: "silent",
  };
}

/**
 * Runs `npm run ops -- ...args` in this process: the CLI's own `runCli` (what the bundle's entry
 * calls) on the given environment, with `stdin` piped in and stdout and stderr collected. The same
 * commands, checks and outputs as `runOps`, without a process start per call; `runOps` stays for the
 * CLI's own wiring (exit codes, the pipes, the data folder of a real process).
 */
export async function runOpsInProcess(env: NodeJS.ProcessEnv, args: string[], stdin = ""): Promise<OpsResult> {
  const started = performance.now();
  const stdout = collector();
  const stderr = collector();
  const code = await runCli(args, {
    env,
    stdin: Readable.from(stdin ? [Buffer.from(stdin)] : []),
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text(), ms: performance.now() - started };
}

function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

// For tests: the server as users run it, from its bundle (`node scripts/serve.mjs`, which `npm start`
// runs after building the front ends), in a child process.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves with the exit code (null if killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code and how long the exit took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/**
 * What the production image's environment (Dockerfile `ENV`) and `npm start` set for the process beyond
 * the server's config: glibc hands large freed blocks back to the system at once (mmap above 64 KiB,
 * with no dynamic threshold) instead of keeping them in its heaps, where an import's or PGlite's large
 * buffers otherwise stay resident. Servers started here run the same way, so benches measure it.
 */
export const SERVER_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: "65536" } as const;

/**
 * Starts a server process on a free port with `env` over quiet defaults and resolves once it printed
 * its address. The caller's DATABASE_URL is not inherited: pass one to run on PostgreSQL.
 */
export async function spawnServer(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...SERVER_PROCESS_ENV,
      DATABASE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DEMO_DATA: "false",
      // Required with DATABASE_URL in production mode; no test follows a link to it.
      SITE_URL: "http://127.0.0.1",
      // Cards are refused on PostgreSQL unless a gateway is named: the tests pay with the test cards.
      PAYMENT_GATEWAY: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no address within ${timeoutMs} ms`), timeoutMs);
    const onData = () => {
      const found = /Storefront:\s+(http:\/\/\S+?)\/\s/.exec(output);
      if (found && !listening) {
        listening = true;
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    function fail(why: string) {
      if (listening) return;
      child.kill("SIGKILL");
      reject(new Error(`server process: ${why}\n${output}`));
    }
    child.stdout!.on("data", onData);
    void exited.then((code) => fail(`exited with ${code} before listening`));
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}

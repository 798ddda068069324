import { spawn } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../server.ts";

export interface OpsResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

const tsx = join(REPO_ROOT, "node_modules", ".bin", "tsx");
const cli = join(REPO_ROOT, "services", "src", "ops", "cli.ts");

/** Runs `npm run ops -- ...args` as an operator would (a child process), with `stdin` piped in. */
export function runOps(env: NodeJS.ProcessEnv, args: string[], stdin = ""): Promise<OpsResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [cli, ...args], { env, cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr, ms: performance.now() - started }));
    child.stdin.end(stdin);
  });
}

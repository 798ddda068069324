// `npm start`: builds the storefront and the back office if their sources changed, then runs the
// server (PGlite in ./data unless DATABASE_URL is set).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildFrontEnds } from "./build-front-ends.mjs";

const root = new URL("..", import.meta.url).pathname;
buildFrontEnds();
const server = spawn(process.execPath, ["--import", "tsx", join(root, "services/src/main.ts")], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

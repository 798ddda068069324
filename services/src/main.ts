import { setFlagsFromString } from "node:v8";
import { type Config, ConfigError, checkDeploymentSettings, loadConfig } from "./platform/config.ts";
import { DataDirBusyError } from "./platform/data-dir-lock.ts";
import { DEMO_LOGIN, DEMO_LOGIN_2 } from "./demo/demo-data.ts";
import { paymentsBannerLine } from "./payments/gateway-for-config.ts";
import { type RunningServer, startServer } from "./server.ts";

// V8 lets the old generation grow to 4× what survived the last full GC on a machine with 16 GB or
// more, and requests in flight under load (64 at once) are promoted there and die soon after: the
// server held 100 MiB of such garbage on a 35 MiB live heap. 1.5× keeps it near what is live, for a
// few more full GCs of 10–20 ms (bench/README.md, storefront RSS). Read at every GC, so set here.
// An operator's own value (node --heap-growing-percent=N …) wins.
if (!process.execArgv.some((flag) => flag.startsWith("--heap-growing-percent")))
  setFlagsFromString("--heap-growing-percent=50");

/** `npm start`: one process serving the storefront, the back office, the API and live pushes. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
    checkDeploymentSettings();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let server: RunningServer;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const where = config.DATABASE_URL
    ? `PostgreSQL (${new URL(config.DATABASE_URL).host})`
    : `PGlite in ${config.DATA_DIR}`;
  console.log(
    [
      "",
      `  Storefront:   ${server.url}/`,
      `  Back office:  ${server.url}/admin/`,
      `  Health:       ${server.url}/healthz`,
      `  API docs:     ${server.url}/api/docs/`,
      ...(server.metricsUrl ? [`  Metrics:      ${server.metricsUrl}`] : []),
      `  Data:         ${where}`,
      `  Payments:     ${paymentsBannerLine(config)}`,
      ...(config.DEMO_DATA
        ? [
            `  Demo login:   ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`,
            `  A colleague:  ${DEMO_LOGIN_2.email} / ${DEMO_LOGIN_2.password} (to try locks and kick-offs)`,
          ]
        : []),
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// The server from its bundle (services/dist/main.js), bundled again first when its sources changed.
// Runs in this process, so SIGTERM and SIGINT reach the server's own graceful shutdown.
import { pathToFileURL } from "node:url";
import { buildServices, SERVICE_BUNDLES } from "./build-services.mjs";

await buildServices();
process.setSourceMapsEnabled(true); // stack traces in the log name services/src/*.ts lines
await import(pathToFileURL(SERVICE_BUNDLES.main).href);

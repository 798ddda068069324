// `npm run ops -- <command>`: the operator CLI from its bundle (services/dist/ops.js), rebuilt first
// when its sources changed. Plain JavaScript starts in a fraction of the time TypeScript through tsx took.
import { pathToFileURL } from "node:url";
import { buildServices, SERVICE_BUNDLES } from "./build-services.mjs";

await buildServices();
await import(pathToFileURL(SERVICE_BUNDLES.ops).href);

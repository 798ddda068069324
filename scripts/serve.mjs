// The server from its bundle (services/dist/main.js), bundled again first when its sources changed.
// Runs in this process, so SIGTERM and SIGINT reach the server's own graceful shutdown.
import { pathToFileURL } from "node:url";
import { buildServices, SERVICE_BUNDLES } from "./build-services.mjs";

// The server's libraries in their production mode unless told otherwise: the renderer of the
// storefront's pages loads React's server code as it is, and its development build is the bigger and
// slower one (the Dockerfile sets the same).
process.env.NODE_ENV ??= "production";
await buildServices();
// No source maps by default: they cost the server about 3 MB of heap (the maps, and each one decoded
// for good the first time a stack trace is formatted). A stack trace names lines of the bundle, where
// each module's code follows a `// services/src/…` comment; `NODE_OPTIONS=--enable-source-maps` maps
// them to the TypeScript sources.
await import(pathToFileURL(SERVICE_BUNDLES.main).href);

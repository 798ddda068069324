// `npm start`: builds the storefront and the back office when their sources changed, then runs the
// server as plain JavaScript from its bundle (PGlite in ./data unless DATABASE_URL is set).
import { buildFrontEnds } from "./build-front-ends.mjs";

buildFrontEnds();
await import("./serve.mjs");

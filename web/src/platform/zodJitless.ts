// Every `import … from "zod"` in the storefront's bundles resolves here (the alias in vite.config.ts).
// zod 4 probes `new Function("")` to decide whether it may compile fast parsers; under our CSP
// (script-src 'self', no eval) that probe is reported as a violation. Its plain parsers are enough
// here. This module's body runs before any module that imports "zod" builds a schema, whichever
// chunk (initial or on demand) loads zod first.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { z, z as default } from "zod/v4";

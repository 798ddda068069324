import { config } from "zod";

// zod 4 probes `new Function("")` to decide whether it may compile fast parsers; under our CSP
// (script-src 'self', no eval) that probe is reported as a violation. Its plain parsers are enough here,
// and this module is imported first so no schema is built before it.
config({ jitless: true });

// Runs before the app's modules: the CSP allows no eval, and zod probes for it with Function('')
// the first time it parses, which can happen while a chunk loads, before any app code runs.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

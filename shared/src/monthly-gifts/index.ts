export * from "./events.ts";
export * from "./api.ts";
export * from "./errors.ts";

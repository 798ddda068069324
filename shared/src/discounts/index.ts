export * from "./events.ts";
export * from "./messages.ts";
export * from "./rules.ts";
export * from "./api.ts";
export * from "./errors.ts";

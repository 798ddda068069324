export * from "./api.ts";
export * from "./events.ts";
export * from "./errors.ts";
export * from "./us-states.ts";

export * from "./events.ts";
export * from "./api.ts";

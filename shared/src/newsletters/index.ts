export * from "./api.ts";
export * from "./errors.ts";
export * from "./events.ts";
export * from "./admin-models.ts";

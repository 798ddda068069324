export * from "./events.ts";
export * from "./api.ts";
export * from "./view.ts";
export * from "./errors.ts";
export * from "./order-state.ts";
export * from "./order-status.ts";
export * from "./admin-api.ts";

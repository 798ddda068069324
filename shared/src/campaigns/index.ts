export * from "./events.ts";
export * from "./thermometer.ts";
export * from "./api.ts";
export * from "./errors.ts";

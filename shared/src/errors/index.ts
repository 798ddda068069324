export * from "./domain-error.ts";
export * from "./request-errors.ts";
export * from "./codes.ts";

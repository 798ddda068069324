// Pure domain helpers shared by the server and both front ends: no framework, no I/O, no clock.
export * from "./constants.ts";
export * from "./messages.ts";
export * from "./date-time-format.ts";
export * from "./text-format.ts";
export * from "./slug.ts";
export * from "./currency.ts";
export * from "./number-field.ts";
export * from "./form-field.ts";
export * from "./form-validation.ts";
export * from "./server-errors.ts";
export * from "./pagination.ts";
export * from "./internal-link.ts";
export * from "./email.ts";

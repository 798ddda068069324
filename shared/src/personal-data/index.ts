export * from "./sealed.ts";
export * from "./events.ts";

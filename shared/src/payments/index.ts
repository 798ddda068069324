export * from "./card.ts";
export * from "./card-type.ts";
export * from "./card-swipe.ts";
export * from "./events.ts";

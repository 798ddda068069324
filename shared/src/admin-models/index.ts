export * from "./model-description.ts";
export * from "./models.ts";
export * from "./picker-config.ts";
export * from "./store-models.ts";
export * from "./site-models.ts";

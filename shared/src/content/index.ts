export * from "./events.ts";
export * from "./api.ts";
export * from "./page-fields.ts";
export * from "./template-tags.ts";
export * from "./embed-media.ts";
export * from "./body-html.ts";
export * from "./status-actions.ts";
export * from "./view.ts";

import type { ComponentType } from "react";
import type { AppStore } from "./store";

/** What a page tells search engines and link previews (title, description, canonical URL, Open Graph). */
export type Head = { title: string; description: string; path: string; image?: string | null; type?: string };
export type Loaded = { status: number; head: Head; redirect?: string };
export type Params = Record<string, string>;
export type LoadContext = { store: AppStore; params: Params; pathname: string; search: string };

export type Route = {
  path: string;
  Page: ComponentType<{ params: Params }>;
  /** Server only: fills the store with what the page shows, and says its status and head. */
  load(ctx: LoadContext): Promise<Loaded>;
};

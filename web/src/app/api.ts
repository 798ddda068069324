import { createAction } from "@reduxjs/toolkit";
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from "@reduxjs/toolkit/query/react";
import { CSRF_HEADER, csrfHeaderFor } from "@shop/shared/http/csrf";

/** What the server renderer hands its store: where to reach the API and the visitor's cookies. */
export type ServerContext = { origin: string; cookie: string; notice?: string };

/** Hands the server-rendered cache to the browser's store (its payload is the server's whole state). */
export const hydrate = createAction<Record<string, unknown>>("storefront/hydrate");

function baseQueryFor(server: ServerContext | undefined) {
  return fetchBaseQuery({
    baseUrl: server ? server.origin : "/",
    credentials: "same-origin",
    // A page rendered on the server waits for its data at most this long, then renders what it has.
    timeout: server ? 5000 : undefined,
    prepareHeaders: (headers, { arg }) => {
      if (server) {
        // The server asks on the visitor's behalf: the same session and cart, nothing to forge.
        if (server.cookie) headers.set("cookie", server.cookie);
        return headers;
      }
      const method = typeof arg === "string" ? "GET" : (arg.method ?? "GET");
      const token = csrfHeaderFor(method, document.cookie);
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  });
}

const browserQuery = baseQueryFor(undefined);
const serverQueries = new WeakMap<ServerContext, ReturnType<typeof baseQueryFor>>();

/** In the browser relative to this origin; on the server to the app itself, with the visitor's cookies. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, api, extra) => {
  const server = api.extra as ServerContext | undefined;
  if (!server) return browserQuery(args, api, extra);
  const query = serverQueries.get(server) ?? baseQueryFor(server);
  serverQueries.set(server, query);
  return query(args, api, extra);
};

/** The one API of this origin; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: "api",
  baseQuery,
  // The server renderer fills the cache; the browser takes it over before hydrating (entry-client.tsx).
  extractRehydrationInfo: (action, { reducerPath }) =>
    hydrate.match(action) ? (action.payload[reducerPath] as never) : undefined,
  tagTypes: ["Me", "CampaignStatus", "Cart", "MiniCart", "Wishlist", "Giveaway"],
  endpoints: () => ({}),
});

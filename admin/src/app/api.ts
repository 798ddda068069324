import { createApi, fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { CSRF_HEADER, csrfHeaderFor } from "@shop/shared/http/csrf";

/** The one API of this origin; features add their endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: "api",
  baseQuery: fetchBaseQuery({
    baseUrl: "/",
    credentials: "same-origin",
    prepareHeaders: (headers, { arg }) => {
      const method = typeof arg === "string" ? "GET" : (arg.method ?? "GET");
      const token = csrfHeaderFor(method, document.cookie);
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  }),
  tagTypes: ["Me", "Activity", "RecordLock", "ContentNode", "NodeList", "NodeHistory", "AdminRecord"],
  endpoints: () => ({}),
});

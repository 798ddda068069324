import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./shop-api.ts";

export type { paths } from "./shop-api.ts";

/** The typed client of the shop's API: every path, parameter and answer from /api/openapi.json. */
export type ShopClient = Client<paths>;

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A client for scripts (README "Scripting the shop", the bench kit): typed by the API document
 * (`npm run api:client` regenerates shop-api.ts from it), and a browser's cookie jar, so a cart, a
 * session and the CSRF token carry from call to call. Writes echo the `csrftoken` cookie in
 * `X-CSRFToken`; before the first write it reads /api/account/me/ once to be given one.
 */
export function createShopClient(baseUrl: string, options: { fetch?: typeof fetch } = {}): ShopClient {
  const send = options.fetch ?? fetch;
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\b|expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const jar: Middleware = {
    async onRequest({ request }) {
      if (!SAFE.has(request.method) && !cookies.has("csrftoken"))
        keep(await send(`${baseUrl}/api/account/me/`, { headers: { cookie: header() } }));
      if (cookies.size) request.headers.set("cookie", header());
      if (!SAFE.has(request.method)) request.headers.set("X-CSRFToken", cookies.get("csrftoken") ?? "");
      return request;
    },
    onResponse({ response }) {
      keep(response);
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl, fetch: send });
  client.use(jar);
  return client;
}

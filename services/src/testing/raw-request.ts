import { type IncomingHttpHeaders, request } from "node:http";

const CSRF_TOKEN = "raw-request-csrf-token-0001";

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
}

/**
 * One request with exactly the headers given, Host included: fetch always sends the URL's own host,
 * so a test of what a forged Host or X-Forwarded-Host does needs this. A body goes as JSON with a
 * matching csrftoken cookie and X-CSRFToken header, as a browser of the site would send it.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    headers.cookie = [headers.cookie, `csrftoken=${CSRF_TOKEN}`].filter(Boolean).join("; ");
    headers["x-csrftoken"] = CSRF_TOKEN;
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

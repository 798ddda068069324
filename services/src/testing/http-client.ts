/**
 * A browser-like HTTP client for tests: keeps cookies, and sends the csrftoken cookie back as
 * X-CSRFToken on non-safe requests, as the front ends do.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly options: { csrf?: boolean } = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    if (method !== "GET" && !this.cookies.has("csrftoken") && this.options.csrf !== false)
      await this.request("GET", "/api/account/me/");
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    const raw = body instanceof Uint8Array;
    if (body !== undefined && !raw) h["content-type"] = "application/json";
    if (method !== "GET" && this.options.csrf !== false && this.cookies.has("csrftoken"))
      h["x-csrftoken"] ??= this.cookies.get("csrftoken")!;
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      // A Node Buffer's backing store is an ArrayBuffer; the DOM typing wants it said.
      body: body === undefined ? undefined : raw ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, value] = pair.split("=");
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text, headers: res.headers };
  }

  get(path: string) {
    return this.request("GET", path);
  }
  /** A POST of raw bytes (a file upload), sent with the given Content-Type. */
  upload(path: string, bytes: Uint8Array, contentType: string) {
    return this.request("POST", path, bytes, { "content-type": contentType });
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }
}

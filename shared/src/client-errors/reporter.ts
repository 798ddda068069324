import { CLIENT_ERRORS_PATH, CLIENT_ERRORS_PER_PAGE } from "./constants.ts";
import type { ClientErrorReport } from "./api.ts";
import { CSRF_HEADER, readCsrfCookie } from "../http/csrf.ts";

/** A report as the page builds it; the page address is added when it is sent. */
type Report = Omit<ClientErrorReport, "page">;

/**
 * Which reports a page sends: each different message once, at most CLIENT_ERRORS_PER_PAGE, so a
 * loop that throws does not flood the server (which rate-limits too).
 */
export function reportFilter(limit = CLIENT_ERRORS_PER_PAGE) {
  const seen = new Set<string>();
  return (report: Report): boolean => {
    const key = `${report.kind}|${report.message}|${report.source ?? ""}`;
    if (seen.has(key) || seen.size >= limit) return false;
    seen.add(key);
    return true;
  };
}

/** A request counts as failed when it got no answer or a server error; a 4xx is an answer (a refusal). */
export function isFailedRequest(status: number): boolean {
  return status === 0 || status >= 500;
}

/** The path and query of an address on this origin; another origin's address whole. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : parsed.href;
  } catch {
    return url;
  }
}

/**
 * Reports browser script errors, unhandled promise rejections and failed requests of this page to
 * POST /api/client-errors/, so operators notice a broken page (`npm run ops -- client-errors`). The old
 * site sent them to analytics; a report of our own needs no third party.
 */
export function installClientErrorReporting(): void {
  const pass = reportFilter();
  const originalFetch = window.fetch.bind(window);
  const send = (report: Report) => {
    if (!pass(report)) return;
    const body: ClientErrorReport = { ...report, page: window.location.pathname + window.location.search };
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    const token = readCsrfCookie(document.cookie);
    if (token) headers[CSRF_HEADER] = token;
    // keepalive: a report sent as the page unloads still arrives. Its own failure is not reported.
    originalFetch(CLIENT_ERRORS_PATH, { method: "POST", headers, body: JSON.stringify(body), keepalive: true }).catch(
      () => undefined,
    );
  };

  window.addEventListener("error", (event) => {
    send({
      kind: "script",
      message: event.message || String(event.error ?? "Script error"),
      source: event.filename ? shortUrl(event.filename) : undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
      stack: event.error instanceof Error ? event.error.stack : undefined,
    });
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    send({
      kind: "script",
      message:
        reason instanceof Error ? `Unhandled rejection: ${reason.message}` : `Unhandled rejection: ${String(reason)}`,
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  });

  // Every request of the page goes through fetch (RTK Query, the forms): watch it for failures.
  window.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    try {
      const response = await originalFetch(input, init);
      if (isFailedRequest(response.status))
        send({
          kind: "request",
          message: `${method} ${shortUrl(url)} failed with ${response.status}`,
          source: shortUrl(url),
          method,
          status: response.status,
        });
      return response;
    } catch (error) {
      // An aborted request (a page left, a superseded query) is not a failure of the site.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        send({
          kind: "request",
          message: `${method} ${shortUrl(url)} got no answer`,
          source: shortUrl(url),
          method,
          status: 0,
        });
      throw error;
    }
  };
}

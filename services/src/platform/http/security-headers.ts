import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/**
 * Security headers on every answer (helmet's defaults) with a Content-Security-Policy that runs
 * only the site's own script files: no inline script, no `on*` attributes, no eval, no plugins.
 * A script that slipped into a page body could not run. Styles come from the built CSS files
 * and from CodeMirror's run-time <style> elements (page bodies carry no style: their sanitiser drops it);
 * images and media may also come over https (page bodies link them), and data: images (Vite
 * inlines small assets). No upgrade-insecure-requests: the embedded default serves plain http.
 * With Stripe as the gateway (and only then), Stripe.js and its Payment Element's frames and calls
 * are allowed, as Stripe's CSP guide lists them.
 */
export function securityHeaders(options: SecurityOptions = {}) {
  const headers = headersSetBy(helmetFor(options));
  // One header list set on every answer: helmet's own chain of a dozen middleware per request cost
  // the busiest routes (add-to-cart) about 2 % of their CPU for headers that never change.
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * What the middleware sets, run once against a recording answer. Our options make every header a
 * constant (no nonce or other per-request directive), so the list holds for every request.
 */
function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({} as never, recorder as never, () => (done = true));
  if (!done) throw new Error("helmet did not finish synchronously: its headers cannot be set as a list");
  return [...headers];
}

/** Stripe's sources when it is the gateway; an analytics service's hosts when ANALYTICS names one. */
export interface SecurityOptions {
  stripe?: boolean;
  analytics?: { script: string[]; connect: string[] };
}

/** helmet with our options (exported for the test that compares its answers with the list). */
export function helmetFor(options: SecurityOptions) {
  const stripe = (...sources: string[]) => (options.stripe ? sources : []);
  const analytics = options.analytics ?? { script: [], connect: [] };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...stripe("https://js.stripe.com"), ...analytics.script],
        "script-src-attr": ["'none'"],
        // CodeMirror (the back office's code editor) adds its theme as <style> elements: styles may be inline, scripts never.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "media-src": ["'self'", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...stripe("https://api.stripe.com"), ...analytics.connect],
        // The overlay widget shows a cross-domain page in a sandboxed frame it makes itself (a body
        // holds no iframe: its sanitiser drops them), so any https frame; Stripe's stay listed by name.
        "frame-src": ["'self'", ...stripe("https://js.stripe.com", "https://hooks.stripe.com"), "https:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
      },
    },
    // The browsers' default rather than helmet's no-referrer, under which a form post's Origin header reads "null".
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

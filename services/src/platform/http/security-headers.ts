import helmet from "helmet";

/**
 * Security headers on every answer (helmet's defaults) with a Content-Security-Policy that runs
 * only the site's own script files: no inline script, no `on*` attributes, no eval, no plugins.
 * A script that slipped into a page body could not run. Styles come from the built CSS files;
 * images and media may also come over https (page bodies link them), and data: images (Vite
 * inlines small assets). No upgrade-insecure-requests: the embedded default serves plain http.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "https:"],
        "media-src": ["'self'", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
      },
    },
  });
}

import { z } from "zod";

// The site's Content-Security-Policy allows no eval (services/src/platform/http/security-headers.ts).
// zod would probe for it with `Function('')` and the browser reports each probe as a violation:
// tell zod up front to use its plain (non-compiled) parsers.
z.config({ jitless: true });

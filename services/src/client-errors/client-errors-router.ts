import { Router } from "express";
import type { Kysely } from "kysely";
import { RateLimiterMemory, RateLimiterRes } from "../platform/rate-limiters.ts";
import type { Database } from "@shop/projections";
import {
  CLIENT_ERROR_MAX_BYTES,
  CLIENT_ERROR_RATE,
  CLIENT_ERRORS_PATH,
  ClientErrorReport,
} from "@shop/shared/client-errors/api";
import { parseRequest } from "../platform/http/validate.ts";
import { clientErrorLog } from "./client-error-log.ts";

export const TOO_MANY_REPORTS = "Too many error reports; try again later.";
export const REPORT_TOO_LARGE = `An error report may be at most ${CLIENT_ERROR_MAX_BYTES} bytes.`;

/**
 * POST /api/client-errors/: a browser reports a script error or a failed request. Rate-limited per
 * address in each process's memory: a report is cheap to refuse, and a limit per process (a few
 * times the limit behind a load balancer) still keeps one address from filling the table.
 */
export function makeClientErrorsRouter(deps: { db: Kysely<Database>; clock: () => Date }): Router {
  const router = Router();
  const log = clientErrorLog(deps.db);
  const limiter = new RateLimiterMemory({
    points: CLIENT_ERROR_RATE.points,
    duration: CLIENT_ERROR_RATE.windowSeconds,
  });

  router.post(CLIENT_ERRORS_PATH, async (req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (
      declared > CLIENT_ERROR_MAX_BYTES ||
      Buffer.byteLength(JSON.stringify(req.body ?? {})) > CLIENT_ERROR_MAX_BYTES
    ) {
      res.status(413).json({
        metadata: {
          success: false,
          code: "REQUEST_TOO_LARGE",
          message: REPORT_TOO_LARGE,
          errors: [`__all__: ${REPORT_TOO_LARGE}`],
        },
      });
      return;
    }
    const ip = req.ip ?? "unknown";
    try {
      await limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
      res.status(429).json({
        metadata: {
          success: false,
          code: "TOO_MANY_REQUESTS",
          message: TOO_MANY_REPORTS,
          errors: [`__all__: ${TOO_MANY_REPORTS}`],
        },
      });
      return;
    }
    const report = parseRequest(ClientErrorReport, req.body);
    await log.record(report, { ip, userAgent: req.headers["user-agent"] ?? "", at: deps.clock() });
    res.status(201).json({ metadata: { success: true } });
  });

  return router;
}

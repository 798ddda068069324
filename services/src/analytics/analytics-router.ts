import { Router } from "express";
import {
  ANALYTICS_MAX_BYTES,
  ANALYTICS_PATH,
  ANALYTICS_RATE,
  AnalyticsBatch,
  AnalyticsSummaryQuery,
} from "@shop/shared/analytics/api";
import type { FeatureDeps } from "../app-deps.ts";
import { errorAnswer } from "../platform/http/error-answers.ts";
import { parseQuery, parseRequest } from "../platform/http/validate.ts";
import { RateLimiterMemory, RateLimiterRes } from "../platform/rate-limiters.ts";
import { siteSecret } from "../platform/site-secrets.ts";
import { analyticsLog, dailyVisitor } from "./analytics-log.ts";

export const ANALYTICS_SUMMARY_PATH = "/admin/api/analytics/summary/";
export const TOO_MANY_EVENTS = "Too many analytics events; try again later.";
export const EVENTS_TOO_LARGE = `An analytics batch may be at most ${ANALYTICS_MAX_BYTES} bytes.`;
const HOUR_MS = 3_600_000;

/**
 * POST /api/analytics/ (any page, no cookie set or read for it) and the staff summary. The limit is
 * per address in each process's memory, as for error reports: a batch is cheap to refuse.
 */
export function makeAnalyticsRouter(deps: FeatureDeps): Router {
  const router = Router();
  const log = analyticsLog(deps.db);
  const key = siteSecret(deps, "analytics-visitor");
  const limiter = new RateLimiterMemory({
    points: ANALYTICS_RATE.points * (deps.rateLimitMultiplier ?? 1),
    duration: ANALYTICS_RATE.windowSeconds,
  });
  let prunedAt = 0;

  router.post(ANALYTICS_PATH, async (req, res) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > ANALYTICS_MAX_BYTES || Buffer.byteLength(JSON.stringify(req.body ?? {})) > ANALYTICS_MAX_BYTES) {
      const { status, body } = errorAnswer("REQUEST_TOO_LARGE", EVENTS_TOO_LARGE);
      return void res.status(status).json(body);
    }
    const ip = req.ip ?? "unknown";
    try {
      await limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      res.setHeader("Retry-After", String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
      const { status, body } = errorAnswer("TOO_MANY_REQUESTS", TOO_MANY_EVENTS);
      return void res.status(status).json(body);
    }
    const batch = parseRequest(AnalyticsBatch, req.body);
    const at = deps.clock();
    const visitor = dailyVisitor(await key(), at.toISOString().slice(0, 10), ip, req.headers["user-agent"] ?? "");
    await log.record(batch.events, { visitor, at });
    if (at.getTime() - prunedAt > HOUR_MS) {
      prunedAt = at.getTime();
      await log.prune(at);
    }
    res.status(201).json({ metadata: { success: true } });
  });

  router.get(ANALYTICS_SUMMARY_PATH, async (req, res) => {
    const { days } = parseQuery(AnalyticsSummaryQuery, req.query);
    res.set("Cache-Control", "no-store");
    res.json({ metadata: { success: true }, ...(await log.summary(days, deps.clock())) });
  });

  return router;
}

import type { Request, Response } from "express";
import { GAMIFY_MESSAGES, GamifyRefusedError } from "@shop/shared";
import { RateLimiterMemory, RateLimiterRes } from "../platform/rate-limiters.ts";

/** New anonymous players one client address may start in an hour (times RATE_LIMIT_MULTIPLIER). */
export const NEW_PLAYERS_PER_ADDRESS = { points: 10, windowSeconds: 60 * 60 };

/**
 * Counts the visitor players an address starts (ordinary requests of a known player or an account are
 * not counted), so fresh cookies cannot farm entries. Per process: a restart or a second process lets
 * an address start a few more, which the confirmed-email rule of the draw makes worthless anyway.
 */
export function newPlayerLimit(multiplier = 1) {
  const limiter = new RateLimiterMemory({
    keyPrefix: "gamify-new-player",
    points: NEW_PLAYERS_PER_ADDRESS.points * multiplier,
    duration: NEW_PLAYERS_PER_ADDRESS.windowSeconds,
  });
  /** Takes one new player from the address's allowance, or answers 429 with Retry-After. */
  return async function countNewPlayer(req: Request, res: Response): Promise<void> {
    try {
      await limiter.consume(req.ip ?? "unknown");
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      res.set("Retry-After", String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))));
      req.log?.warn("gamify: too many new players from one address");
      throw new GamifyRefusedError("GAMIFY_TOO_MANY_PLAYERS", GAMIFY_MESSAGES.tooManyPlayers);
    }
  };
}

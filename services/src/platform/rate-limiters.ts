import { createRequire } from "node:module";
import type * as RateLimiterFlexible from "rate-limiter-flexible";

// rate-limiter-flexible's index loads every store it supports (Redis, Mongo, MySQL, DynamoDB, Prisma,
// Drizzle, etcd, the cluster master, ...), about 1 MB of heap for the two we use: the classes are
// loaded from their own files. The types are the package's own.
const require = createRequire(import.meta.url);

export const RateLimiterMemory: typeof RateLimiterFlexible.RateLimiterMemory = require("rate-limiter-flexible/lib/RateLimiterMemory");
export const RateLimiterPostgres: typeof RateLimiterFlexible.RateLimiterPostgres = require("rate-limiter-flexible/lib/RateLimiterPostgres");
export const RateLimiterRes: typeof RateLimiterFlexible.RateLimiterRes = require("rate-limiter-flexible/lib/RateLimiterRes");
export type RateLimiterPostgres = RateLimiterFlexible.RateLimiterPostgres;
export type RateLimiterRes = RateLimiterFlexible.RateLimiterRes;

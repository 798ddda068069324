import type { NextFunction, Request, Response } from "express";
import { NotFoundError } from "@shop/shared";
import { INT_MAX } from "./validate.ts";

/**
 * In the API every path segment of digits is a record id, and ids are PostgreSQL `integer`s: one
 * past 2^31-1 names no record, so it is a 404 here rather than a database error in the route.
 */
export function refuseOutOfRangePathIds() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const tooBig = req.path.split("/").some((segment) => /^\d+$/.test(segment) && Number(segment) > INT_MAX);
    next(tooBig ? new NotFoundError() : undefined);
  };
}

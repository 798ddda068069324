import type { NextFunction, Request, RequestHandler, Response } from "express";

/**
 * Middleware run in turn as one express layer, as express would run them one layer each (each one's
 * `next()` starts the following one; an error, thrown, rejected or passed to `next`, skips the rest
 * and goes to the app's error handlers; one that answers without calling `next` ends the request).
 * Every request passes a dozen platform middleware before its route: as a layer each, express's
 * router matched, wrapped and trimmed each one (closures per layer and request), the busiest routes'
 * largest share of allocations after their own work.
 */
export function inTurn(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let at = 0;
    const next = (error?: unknown): void => {
      if (error) {
        done(error);
        return;
      }
      const handler = handlers[at++];
      if (!handler) {
        done();
        return;
      }
      try {
        const returned = handler(req, res, next) as unknown;
        // As express 5 does with a handler's promise: its rejection is the request's error.
        if (typeof (returned as PromiseLike<unknown> | undefined)?.then === "function")
          (returned as PromiseLike<unknown>).then(undefined, (reason: unknown) =>
            done(reason || new Error("Rejected promise")),
          );
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

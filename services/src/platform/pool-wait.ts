import type pg from "pg";

/**
 * Times the pool's waiters: wraps `pool.connect` (which `pool.query` and kysely both call) and answers
 * how long, in milliseconds, the longest-waiting caller has been waiting for a connection (0 when none
 * waits). The pool serves its waiters first come first served, so that one is the head of the queue:
 * its age says how far behind the database is, where a count of waiters would not (sixty-four
 * shoppers on a pool of twenty queue for a few milliseconds each and are served well).
 */
export function timePoolWaits(pool: pg.Pool): () => number {
  // Start times of the callers still waiting, in arrival order (a Set keeps insertion order).
  const waiting = new Set<{ since: number }>();
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const waiter = { since: performance.now() };
    waiting.add(waiter);
    const served = () => waiting.delete(waiter);
    if (callback)
      return connect((error, client, done) => {
        served();
        callback(error, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        served();
        return client;
      },
      (error: unknown) => {
        served();
        throw error;
      },
    );
  };
  pool.connect = timed as typeof pool.connect;
  return () => {
    for (const oldest of waiting) return performance.now() - oldest.since;
    return 0;
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

import type { Kysely } from "kysely";
import { comparePositions, START, type EventStore, type LogPosition, type RecordedEvent, type Subscription } from "@shop/shared";
import { applyBatch, handlesAny, isCurrentVersion, migrateProjection, rebuildProjection } from "./apply.ts";
import { migrateCheckpoints, readCheckpoint, readCheckpoints, saveCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

export interface LeaderLock {
  release(): Promise<void>;
}

export interface ProjectionRunnerOptions {
  db: Kysely<any>;
  store: EventStore;
  projections: Projection[];
  /** Resolves to the lock when this process may project, null when another process does. */
  tryLeadership: () => Promise<LeaderLock | null>;
  log?: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** How often a follower tries to take over a dead leader's lock. */
  followerRetryMs?: number;
}

const LEADER_RETRY_MS = 1000;
/** How soon a read model's checkpoint is written after batches it did not handle. */
const FLUSH_MS = 200;
const FOLLOWER_POLL_MS = 10;

/**
 * Keeps every read model up to date. Exactly one process projects (the leader, by advisory lock);
 * the others wait and take over when it dies. Every process can wait for a position (read-your-writes).
 */
export class ProjectionRunner {
  private lock: LeaderLock | null = null;
  private subscriptions: Subscription[] = [];
  private positions = new Map<string, LogPosition>();
  private waiters = new Set<() => void>();
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private tracks: Array<{ projection: Projection; position: LogPosition; unsaved: number }> = [];
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ProjectionRunnerOptions) {}

  get isLeader(): boolean {
    return this.lock !== null;
  }

  /** Creates every table (all processes need them to answer queries) and starts projecting if leader. */
  async start(): Promise<void> {
    await migrateCheckpoints(this.options.db);
    for (const p of this.options.projections) await migrateProjection(this.options.db, p);
    await this.tryToLead();
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    const lock = await this.options.tryLeadership().catch(() => null);
    if (!lock) {
      this.retryTimer = setTimeout(() => void this.tryToLead(), this.options.followerRetryMs ?? LEADER_RETRY_MS);
      return;
    }
    if (this.stopped) return void (await lock.release());
    this.lock = lock;
    this.options.log?.info({}, "projection leader: projecting read models");
    await this.startProjecting();
  }

  /**
   * One subscription feeds every read model (from the oldest checkpoint); each takes only the events
   * past its own. A batch a read model does not handle moves its checkpoint later, in one write
   * every FLUSH_MS, instead of a transaction per batch.
   */
  private async startProjecting(): Promise<void> {
    const { db, store } = this.options;
    this.tracks = [];
    for (const projection of this.options.projections) {
      if (!(await isCurrentVersion(db, projection))) {
        this.options.log?.info({ projection: projection.name }, "projection version changed: rebuilding");
        await rebuildProjection({ db, store, projection });
      }
      const position = (await readCheckpoint(db, projection.name))?.position ?? START;
      this.tracks.push({ projection, position, unsaved: 0 });
      this.advance(projection.name, position);
    }
    if (this.tracks.length === 0) return;
    const from = this.tracks.map((t) => t.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    this.subscriptions.push(
      store.subscribe({
        from,
        onEvents: (events) => this.project(events),
        onError: (error) => this.options.log?.error({ err: error }, "projection failed; retrying"),
      }),
    );
  }

  private async project(events: RecordedEvent[]): Promise<void> {
    for (const track of this.tracks) {
      const fresh = events.filter((e) => comparePositions(e.position, track.position) > 0);
      if (fresh.length === 0) continue;
      const last = fresh[fresh.length - 1].position;
      if (handlesAny(track.projection, fresh)) {
        await applyBatch(this.options.db, track.projection, fresh, track.unsaved);
        track.unsaved = 0;
      } else {
        track.unsaved += fresh.length;
        this.scheduleFlush();
      }
      track.position = last;
      this.advance(track.projection.name, last);
    }
  }

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.flushCheckpoints().catch((error) => this.options.log?.error({ err: error }, "checkpoint flush failed"));
    }, FLUSH_MS);
  }

  /** Writes the checkpoints of read models that only skipped events since their last write. */
  private async flushCheckpoints(): Promise<void> {
    for (const track of this.tracks) {
      if (track.unsaved === 0) continue;
      const count = track.unsaved;
      track.unsaved = 0;
      await saveCheckpoint(this.options.db, track.projection.name, track.projection.version, track.position, count);
    }
  }

  private advance(name: string, position: LogPosition): void {
    this.positions.set(name, position);
    for (const wake of this.waiters) wake();
  }

  private async reached(position: LogPosition, names: string[]): Promise<boolean> {
    if (this.isLeader) {
      return names.every((n) => {
        const p = this.positions.get(n);
        return p !== undefined && comparePositions(p, position) >= 0;
      });
    }
    const checkpoints = await readCheckpoints(this.options.db);
    return names.every((n) => {
      const c = checkpoints.find((x) => x.name === n);
      return c !== undefined && comparePositions(c.position, position) >= 0;
    });
  }

  /**
   * Read-your-writes: resolves true once the named projections (all by default) have applied
   * `position`, false after `timeoutMs`.
   */
  async waitFor(position: LogPosition, names = this.options.projections.map((p) => p.name), timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.reached(position, names))) {
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, this.isLeader ? left : Math.min(left, FOLLOWER_POLL_MS));
        this.waiters.add(done);
      });
    }
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await Promise.all(this.subscriptions.map((s) => s.stop()));
    this.subscriptions = [];
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.lock) await this.flushCheckpoints().catch(() => {});
    for (const wake of this.waiters) wake();
    await this.lock?.release();
    this.lock = null;
  }

  /** Waits until every projection has applied everything committed so far (tests, CLI). */
  async catchUp(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.caughtUp()));
  }
}

import type { Kysely } from "kysely";
import { comparePositions, START, type EventStore, type LogPosition, type RecordedEvent, type Subscription } from "@shop/shared";
import { applyBatch, handlesAny, isCurrentVersion, migrateProjection, rebuildProjection } from "./apply.ts";
import { CheckpointMovedError, migrateCheckpoints, readCheckpoint, readCheckpoints, saveCheckpoint } from "./checkpoints.ts";
import type { Projection } from "./projection.ts";

export interface LeaderLock {
  release(): Promise<void>;
  /** Calls back once if the lock goes without `release()` (its connection died): another process may take it. */
  onLost?(onLost: () => void): void;
}

export interface ProjectionRunnerOptions {
  db: Kysely<any>;
  store: EventStore;
  projections: Projection[];
  /** Resolves to the lock when this process may project, null when another process does. */
  tryLeadership: () => Promise<LeaderLock | null>;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** How often a follower tries to take over a dead leader's lock. */
  followerRetryMs?: number;
}

const LEADER_RETRY_MS = 1000;
/** How soon a read model's checkpoint is written after batches it did not handle. */
const FLUSH_MS = 200;
const FOLLOWER_POLL_MS = 10;

/** One read model as the leader drives it: `position` is how far it has read, `saved` what its stored checkpoint says. */
interface Track {
  projection: Projection;
  position: LogPosition;
  saved: LogPosition;
  /** Events skipped (not handled) since `saved`, written with the next checkpoint. */
  unsaved: number;
}

/**
 * Keeps every read model up to date. Exactly one process projects (the leader, by advisory lock);
 * the others wait and take over when it dies. A leader whose lock goes stops projecting at once and
 * tries to lead again later; and because every checkpoint write is a compare-and-set, a projector
 * that has not noticed yet cannot apply an event the new leader already applied.
 * Every process can wait for a position (read-your-writes).
 */
export class ProjectionRunner {
  private lock: LeaderLock | null = null;
  /** Bumped whenever leadership is taken or lost: work started in an older term stops. */
  private term = 0;
  private subscriptions: Subscription[] = [];
  private positions = new Map<string, LogPosition>();
  private waiters = new Set<() => void>();
  /** Counts advance() calls, so a waiter sees one that happened while it was checking. */
  private advances = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private tracks: Track[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** Batches and checkpoint flushes run one at a time: each compares against the `saved` the other wrote. */
  private queue: Promise<unknown> = Promise.resolve();

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

  private retryLeadershipLater(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.tryToLead(), this.options.followerRetryMs ?? LEADER_RETRY_MS);
  }

  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    const lock = await this.options.tryLeadership().catch(() => null);
    if (!lock) return this.retryLeadershipLater();
    if (this.stopped) return void (await lock.release());
    this.lock = lock;
    const term = ++this.term;
    lock.onLost?.(() => void this.loseLeadership(lock));
    this.options.log?.info({}, "projection leader: projecting read models");
    await this.startProjecting(term);
  }

  private async loseLeadership(lock: LeaderLock): Promise<void> {
    if (this.lock !== lock) return;
    this.lock = null;
    this.term++;
    this.options.log?.error({}, "projection leader lost its lock: stopped projecting, will try to lead again");
    await this.stopProjecting({ flush: false });
    this.retryLeadershipLater();
  }

  /**
   * One subscription feeds every read model (from the oldest checkpoint); each takes only the events
   * past its own. A batch a read model does not handle moves its checkpoint later, in one write
   * every FLUSH_MS, instead of a transaction per batch.
   */
  private async startProjecting(term: number): Promise<void> {
    const { db, store } = this.options;
    const tracks: Track[] = [];
    for (const projection of this.options.projections) {
      if (term !== this.term) return;
      if (!(await isCurrentVersion(db, projection))) {
        this.options.log?.info({ projection: projection.name }, "projection version changed: rebuilding");
        await rebuildProjection({ db, store, projection });
      }
      const position = (await readCheckpoint(db, projection.name))?.position ?? START;
      tracks.push({ projection, position, saved: position, unsaved: 0 });
      this.advance(projection.name, position);
    }
    if (tracks.length === 0 || term !== this.term) return;
    this.tracks = tracks;
    const from = tracks.map((t) => t.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    this.subscriptions.push(
      store.subscribe({
        from,
        onEvents: (events) => this.serially(() => this.project(term, events)),
        onError: (error) => this.options.log?.error({ err: error }, "projection failed; retrying"),
      }),
    );
  }

  /** Stops the subscription; a leader still holding its lock first writes the checkpoints of skipped events. */
  private async stopProjecting(options: { flush: boolean }): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.stop()));
    const term = this.term;
    if (options.flush) await this.serially(() => this.flushCheckpoints(term)).catch(() => {});
    this.tracks = [];
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => {});
    return next;
  }

  private async project(term: number, events: RecordedEvent[]): Promise<void> {
    for (const track of this.tracks) {
      if (term !== this.term) return; // leadership lost: not one more batch
      await this.projectInto(track, events);
    }
  }

  private async projectInto(track: Track, events: RecordedEvent[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const fresh = events.filter((e) => comparePositions(e.position, track.position) > 0);
      if (fresh.length === 0) return;
      const last = fresh[fresh.length - 1].position;
      if (!handlesAny(track.projection, fresh)) {
        track.unsaved += fresh.length;
        this.scheduleFlush();
      } else {
        try {
          await applyBatch(this.options.db, track.projection, fresh, { after: track.saved, alsoSeen: track.unsaved });
        } catch (error) {
          if (!(error instanceof CheckpointMovedError) || attempt > 0) throw error;
          await this.resync(track);
          continue;
        }
        track.saved = last;
        track.unsaved = 0;
      }
      track.position = last;
      this.advance(track.projection.name, last);
      return;
    }
  }

  /** Another projector moved the checkpoint (it was leader a moment ago): go on from where it left the read model. */
  private async resync(track: Track): Promise<void> {
    const stored = (await readCheckpoint(this.options.db, track.projection.name))?.position ?? START;
    this.options.log?.warn({ projection: track.projection.name }, "checkpoint moved by another projector: continuing from it");
    track.saved = stored;
    track.unsaved = 0;
    if (comparePositions(stored, track.position) > 0) {
      track.position = stored;
      this.advance(track.projection.name, stored);
    }
  }

  private scheduleFlush(): void {
    const term = this.term;
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.serially(() => this.flushCheckpoints(term)).catch((error) => this.options.log?.error({ err: error }, "checkpoint flush failed"));
    }, FLUSH_MS);
  }

  /** Writes the checkpoints of read models that only skipped events since their last write. */
  private async flushCheckpoints(term: number): Promise<void> {
    for (const track of this.tracks) {
      if (track.unsaved === 0 || term !== this.term) continue;
      try {
        await saveCheckpoint(this.options.db, track.projection.name, track.projection.version, { from: track.saved, to: track.position, seen: track.unsaved });
        track.saved = track.position;
        track.unsaved = 0;
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
        await this.resync(track);
      }
    }
  }

  private advance(name: string, position: LogPosition): void {
    this.positions.set(name, position);
    this.advances++;
    for (const wake of this.waiters) wake();
  }

  private async reached(position: LogPosition, names: string[]): Promise<boolean> {
    if (comparePositions(position, START) <= 0) return true; // an empty log: a fresh leader has written no checkpoint yet
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
    for (;;) {
      const seen = this.advances;
      if (await this.reached(position, names)) return true;
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return false;
      if (this.advances !== seen) continue;
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
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.stopProjecting({ flush: this.lock !== null });
    for (const wake of this.waiters) wake();
    const lock = this.lock;
    this.lock = null;
    this.term++;
    await lock?.release();
  }

  /** Waits until every projection has applied everything committed so far (tests, CLI). */
  async catchUp(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.caughtUp()));
  }
}

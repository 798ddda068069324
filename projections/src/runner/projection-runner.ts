import type { Kysely } from "kysely";
import {
  comparePositions,
  START,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from "@shop/shared";
import { applyBatch, handlesAny, migrateProjection, ProjectorError } from "./apply.ts";
import {
  CheckpointMovedError,
  migrateCheckpoints,
  readCheckpoint,
  readCheckpoints,
  readFailures,
  recordFailure,
  saveCheckpoint,
  type Checkpoint,
  type ProjectionFailure,
} from "./checkpoints.ts";
import type { Projection } from "./projection.ts";
import { rebuildProjections } from "./rebuild.ts";
import type { Database } from "../database.ts";

export interface LeaderLock {
  release(): Promise<void>;
  /** Calls back once if the lock goes without `release()` (its connection died): another process may take it. */
  onLost?(onLost: () => void): void;
}

export interface ProjectionRunnerOptions {
  db: Kysely<Database>;
  store: EventStore;
  projections: Projection[];
  /** Resolves to the lock when this process may project, null when another process does. */
  tryLeadership: () => Promise<LeaderLock | null>;
  log?: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
  /** How often a follower tries to take over a dead leader's lock. */
  followerRetryMs?: number;
  /** Tests: events per batch read from the log (BATCH) and how far behind a catch-up is far (FAR_BEHIND). */
  batchSize?: number;
  farBehind?: number;
}

const LEADER_RETRY_MS = 1000;
/** A leader whose start failed tries again after this long (doubling up to the maximum). */
const START_RETRY_MS = 1000;
const START_RETRY_MAX_MS = 30_000;
/** How often a leader with a stopped read model looks whether a replay has cleared its failure. */
const RESUME_POLL_MS = 1000;
/** Pauses before a projector that threw is tried again on the same batch (a passing fault heals). */
const PROJECTOR_RETRY_MS = [200, 1000];
/** How soon a read model's checkpoint is written after batches it did not handle. */
const FLUSH_MS = 200;
const FOLLOWER_POLL_MS = 10;
/**
 * Events per batch read from the log (the subscription's default is 500). A live log gives smaller
 * batches anyway; a catch-up (after a bulk import, or a restart) pays each batch's fixed statements
 * (transaction, checkpoint, a batched projector's reads and refreshes) four times less often, and a
 * batched projector writes bigger runs of rows: the catalog's catch-up after importing 100,000
 * products took 111 s in batches of 2,000 against 165 s in batches of 500 (bench/README.md).
 */
const BATCH = 2000;
/**
 * A read model this many events or more behind the log head, with batches coming full, is told how
 * far (`BatchContext.behind`): it may put work off to the end of the catch-up (`finishCatchUp`).
 */
export const FAR_BEHIND = 20_000;

/** One read model as the leader drives it: `position` is how far it has read, `saved` what its stored checkpoint says. */
interface Track {
  projection: Projection;
  position: LogPosition;
  saved: LogPosition;
  /** Events skipped (not handled) since `saved`, written with the next checkpoint. */
  unsaved: number;
  /** Set when the projector failed on an event: this read model stops, the others go on. */
  failure?: ProjectionFailure;
  /** Its version changed: new tables are being built; the subscription leaves it alone meanwhile. */
  rebuilding?: boolean;
  /** Its projector has a `finishCatchUp` to run at the next short batch (a catch-up far behind began, or projecting started). */
  finishPending?: boolean;
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
  /** A follower's last read of the stored checkpoints, shared by every request waiting on it. */
  private checkpointRead: { startedAt: number; pending: boolean; rows: Promise<Checkpoint[]> } | null = null;
  /** Counts advance() calls, so a waiter sees one that happened while it was checking. */
  private advances = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private tracks: Track[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** Batches and checkpoint flushes run one at a time: each compares against the `saved` the other wrote. */
  private queue: Promise<unknown> = Promise.resolve();
  private resumeTimer: NodeJS.Timeout | null = null;
  private startFailures = 0;
  /** A version-change rebuild running beside the live projection (awaited by stop()). */
  private rebuilding: Promise<void> | null = null;
  /** Read models whose rebuild failed on an event in this process: not rebuilt again until a restart. */
  private rebuildFailed = new Set<string>();
  private restarting: Promise<void> | null = null;
  /** Per read model: how many times its tables changed in this process's current projecting (see changeStamp). */
  private changes = new Map<string, number>();
  /** Bumped each time projecting (re)starts: tracks and their tables may have moved meanwhile. */
  private starts = 0;

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

  private retryLeadershipLater(delayMs = this.options.followerRetryMs ?? LEADER_RETRY_MS): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => void this.tryToLead(), delayMs);
  }

  /** Never rejects: it runs from timers, where a rejection would end the process. */
  private async tryToLead(): Promise<void> {
    if (this.stopped) return;
    const lock = await this.options.tryLeadership().catch(() => null);
    if (!lock) return this.retryLeadershipLater();
    if (this.stopped) return void (await lock.release().catch(() => {}));
    this.lock = lock;
    const term = ++this.term;
    lock.onLost?.(
      () =>
        void this.loseLeadership(lock).catch((error) =>
          this.options.log?.error({ err: error }, "stopping after a lost lock failed"),
        ),
    );
    this.options.log?.info({}, "projection leader: projecting read models");
    await this.startOrRetry(term);
  }

  /**
   * Starts projecting; if that fails (a database hiccup reading a checkpoint, a rebuild that could
   * not finish), gives the lock back and tries to lead again later, so another process may.
   */
  private async startOrRetry(term: number): Promise<void> {
    try {
      await this.startProjecting(term);
      this.startFailures = 0;
    } catch (error) {
      if (term !== this.term || this.stopped) return;
      const delay = Math.min(START_RETRY_MS * 2 ** this.startFailures++, START_RETRY_MAX_MS);
      this.options.log?.error(
        { err: error, retryInMs: delay },
        "projection leader could not start projecting; will try again",
      );
      const lock = this.lock;
      this.lock = null;
      this.term++;
      await this.stopProjecting({ flush: false }).catch(() => {});
      await lock?.release().catch(() => {});
      this.retryLeadershipLater(delay);
    }
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
    this.starts++;
    const tracks: Track[] = [];
    const changed: Projection[] = [];
    for (const projection of this.options.projections) {
      if (term !== this.term) return;
      const checkpoint = await readCheckpoint(db, projection.name);
      const position = checkpoint?.position ?? START;
      // finishCatchUp is due at the first short batch: a far catch-up may have stopped before its end.
      const track: Track = {
        projection,
        position,
        saved: position,
        unsaved: 0,
        finishPending: !!projection.finishCatchUp,
      };
      if (checkpoint && checkpoint.version !== projection.version) {
        // Its old tables keep serving while new ones are built beside them; it waits meanwhile.
        if (this.rebuildFailed.has(projection.name)) track.failure = checkpoint.failure ?? undefined;
        else changed.push(projection);
        track.rebuilding = true;
      }
      tracks.push(track);
      this.advance(projection.name, position);
    }
    if (tracks.some((t) => t.failure)) this.watchForResume(term);
    if (changed.length > 0) this.rebuilding = this.rebuildInBackground(term, changed);
    if (tracks.length === 0 || term !== this.term) return;
    this.tracks = tracks;
    const from = tracks.map((t) => t.position).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    this.subscriptions.push(
      store.subscribe({
        from,
        batchSize: this.options.batchSize ?? BATCH,
        onEvents: (events) => this.serially(() => this.project(term, events)),
        onError: (error) => this.options.log?.error({ err: error }, "projection failed; retrying"),
      }),
    );
  }

  /** Stops the subscription; a leader still holding its lock first writes the checkpoints of skipped events. */
  private async stopProjecting(options: { flush: boolean }): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.resumeTimer) clearInterval(this.resumeTimer);
    this.resumeTimer = null;
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

  /**
   * Feeds a batch to each read model. One whose projector fails on an event stops there (reported,
   * not retried in a loop); the others go on. Any other error (the database) fails the batch, and the
   * subscription delivers it again: read models that took it already skip it.
   */
  private async project(term: number, events: RecordedEvent[]): Promise<void> {
    // A full batch: more may wait in the log. How many is looked up once per batch, for the first track that asks.
    const full = events.length >= (this.options.batchSize ?? BATCH);
    let behind: number | null | undefined;
    for (const track of this.tracks) {
      if (term !== this.term) return; // leadership lost: not one more batch
      if (track.failure || track.rebuilding) continue;
      const far = track.projection.finishCatchUp && full;
      if (far && behind === undefined) behind = await this.behindHead(events[events.length - 1]);
      const farBehind = this.options.farBehind ?? FAR_BEHIND;
      try {
        await this.projectInto(track, events, far && behind != null && behind >= farBehind ? behind : undefined);
      } catch (error) {
        if (!(error instanceof ProjectorError) || term !== this.term) throw error;
        await this.stopTrack(term, track, events, error);
      }
      // The catch-up is over at a short batch, or at a full one that ends the log (no short one follows).
      if ((!full || behind === 0) && track.finishPending && !track.failure) await this.finishCatchUp(track);
    }
  }

  /**
   * About how many events the log holds after `last`, or null where the store's positions do not
   * count events (PostgreSQL's minor position is the global position: gaps only where appends rolled back).
   */
  private async behindHead(last: RecordedEvent): Promise<number | null> {
    const { store } = this.options;
    if (store.kind !== "postgres" && store.kind !== "pglite") return null;
    return Number((await store.head()).minor) - last.globalPosition;
  }

  /** The end of a catch-up: the projector does what it put off (its failure is logged, and tried at the next short batch). */
  private async finishCatchUp(track: Track): Promise<void> {
    try {
      await track.projection.finishCatchUp?.(this.options.db);
      track.finishPending = false;
      this.changed(track.projection.name); // caches keyed by the stamp (search plans) look again
    } catch (error) {
      this.options.log?.warn(
        { err: error, projection: track.projection.name },
        "could not finish a catch-up; will try again",
      );
    }
  }

  /** Applies what comes before the failing event, then records the failure where every process sees it. */
  private async stopTrack(term: number, track: Track, events: RecordedEvent[], error: ProjectorError): Promise<void> {
    const before = events.filter(
      (e) => comparePositions(e.position, track.position) > 0 && comparePositions(e.position, error.event.position) < 0,
    );
    if (before.length > 0 && handlesAny(track.projection, before)) {
      try {
        await applyBatch(this.options.db, track.projection, before, { after: track.saved, alsoSeen: track.unsaved });
        track.saved = track.position = before[before.length - 1].position;
        track.unsaved = 0;
        this.changed(track.projection.name);
        this.advance(track.projection.name, track.position);
      } catch {
        // The read model stays at its last checkpoint; the failure below still names the event.
      }
    }
    track.failure = await this.report(error);
    this.advance(track.projection.name, track.position); // wakes waiters: they need not wait for it
    this.watchForResume(term);
  }

  private async report(error: ProjectorError): Promise<ProjectionFailure> {
    const failure = error.toFailure();
    const projection = this.options.projections.find((p) => p.name === error.projection)!;
    await recordFailure(this.options.db, projection.version, failure);
    const { projection: name, position, globalPosition, stream, type } = failure;
    this.options.log?.error(
      { projection: name, position, globalPosition, stream, type, err: error.cause },
      `projection ${name} stopped on ${type} at ${stream} (global position ${globalPosition}): ${failure.error}. Fix it, then: npm run ops -- replay --projection ${name}`,
    );
    return failure;
  }

  /**
   * Rebuilds read models whose version changed into new tables while the others go on, then starts
   * projecting again so they follow from where the swap left them. A projector failure is reported
   * (not retried here); any other error is logged and the rebuild tried again later.
   */
  private async rebuildInBackground(term: number, changed: Projection[]): Promise<void> {
    const { db, store, log } = this.options;
    const names = changed.map((p) => p.name);
    const gone = () => term !== this.term || this.stopped;
    log?.info({ projections: names }, "projection version changed: rebuilding into new tables while the others go on");
    try {
      for (const result of await rebuildProjections({ db, store, projections: changed, shouldStop: gone })) {
        if (!result.failure) continue;
        this.rebuildFailed.add(result.projection);
        await this.report(result.failure);
      }
      log?.info({ projections: names }, "rebuilt read models swapped in");
    } catch (error) {
      if (gone()) return;
      const delay = Math.min(START_RETRY_MS * 2 ** this.startFailures++, START_RETRY_MAX_MS);
      log?.error({ err: error, projections: names, retryInMs: delay }, "could not rebuild read models; will try again");
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    if (!gone()) void this.restartProjecting(term);
  }

  /** While a read model is stopped, looks for a replay that cleared its failure, then starts projecting again. */
  private watchForResume(term: number): void {
    this.resumeTimer ??= setInterval(() => {
      void this.serially(async () => {
        if (term !== this.term) return false;
        const stopped = this.tracks.filter((t) => t.failure).map((t) => t.projection.name);
        const checkpoints = await readCheckpoints(this.options.db);
        return stopped.some((name) => !checkpoints.find((c) => c.name === name)?.failure);
      })
        .then((cleared) => {
          if (!cleared) return;
          this.options.log?.info({}, "a stopped read model was replayed: projecting again");
          return this.restartProjecting(term);
        })
        .catch((error) => this.options.log?.warn({ err: error }, "could not check stopped read models"));
    }, RESUME_POLL_MS);
    this.resumeTimer.unref?.();
  }

  /** Stops and starts projecting in the same term (one restart at a time); never rejects. */
  private restartProjecting(term: number): Promise<void> {
    this.restarting ??= (async () => {
      if (term !== this.term || this.stopped) return;
      await this.stopProjecting({ flush: true });
      if (term !== this.term || this.stopped) return;
      await this.startOrRetry(term);
    })()
      .catch((error) => this.options.log?.error({ err: error }, "could not restart projecting"))
      .finally(() => (this.restarting = null));
    return this.restarting;
  }

  private async projectInto(track: Track, events: RecordedEvent[], behind?: number): Promise<void> {
    for (let attempt = 0, faults = 0; ; attempt++) {
      const fresh = events.filter((e) => comparePositions(e.position, track.position) > 0);
      if (fresh.length === 0) return;
      const last = fresh[fresh.length - 1].position;
      if (!handlesAny(track.projection, fresh)) {
        track.unsaved += fresh.length;
        this.scheduleFlush();
      } else {
        try {
          await applyBatch(this.options.db, track.projection, fresh, {
            after: track.saved,
            alsoSeen: track.unsaved,
            behind,
          });
          if (behind !== undefined) track.finishPending = true;
        } catch (error) {
          if (error instanceof ProjectorError && !error.deterministic && faults < PROJECTOR_RETRY_MS.length) {
            await new Promise((resolve) => setTimeout(resolve, PROJECTOR_RETRY_MS[faults++]));
            continue;
          }
          if (!(error instanceof CheckpointMovedError) || attempt > 3) throw error;
          await this.resync(track);
          continue;
        }
        track.saved = last;
        track.unsaved = 0;
        this.changed(track.projection.name);
      }
      track.position = last;
      this.advance(track.projection.name, last);
      return;
    }
  }

  /** Another projector moved the checkpoint (it was leader a moment ago): go on from where it left the read model. */
  private async resync(track: Track): Promise<void> {
    const stored = (await readCheckpoint(this.options.db, track.projection.name))?.position ?? START;
    this.options.log?.warn(
      { projection: track.projection.name },
      "checkpoint moved by another projector: continuing from it",
    );
    track.saved = stored;
    track.unsaved = 0;
    this.changed(track.projection.name); // another projector wrote its tables
    if (comparePositions(stored, track.position) > 0) {
      track.position = stored;
      this.advance(track.projection.name, stored);
    }
  }

  private scheduleFlush(): void {
    const term = this.term;
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.serially(() => this.flushCheckpoints(term)).catch((error) =>
        this.options.log?.error({ err: error }, "checkpoint flush failed"),
      );
    }, FLUSH_MS);
  }

  /** Writes the checkpoints of read models that only skipped events since their last write. */
  private async flushCheckpoints(term: number): Promise<void> {
    for (const track of this.tracks) {
      if (track.unsaved === 0 || track.failure || track.rebuilding || term !== this.term) continue;
      try {
        await saveCheckpoint(this.options.db, track.projection.name, track.projection.version, {
          from: track.saved,
          to: track.position,
          seen: track.unsaved,
        });
        track.saved = track.position;
        track.unsaved = 0;
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) throw error;
        await this.resync(track);
      }
    }
  }

  private changed(name: string): void {
    this.changes.set(name, (this.changes.get(name) ?? 0) + 1);
  }

  /**
   * A stamp that stays the same for as long as the named read model's tables hold the same rows, as
   * far as this process can tell: it changes after every batch applied to them (before waiters are
   * told), on every start of projecting (a rebuild swapped them in, leadership came back) and when
   * another projector moved them. Null when this process cannot tell: it does not project (another
   * process leads), or that read model is stopped or rebuilding. A cache of the read model's rows,
   * each kept with the stamp read before it was queried, is current while the stamp is the same.
   */
  changeStamp(name: string): string | null {
    if (!this.isLeader) return null;
    const track = this.tracks.find((t) => t.projection.name === name);
    if (!track || track.failure || track.rebuilding) return null;
    return `${this.term}.${this.starts}.${this.changes.get(name) ?? 0}`;
  }

  private advance(name: string, position: LogPosition): void {
    this.positions.set(name, position);
    this.advances++;
    for (const wake of this.waiters) wake();
  }

  /** Whether the named read models have `position`; "failed" when one of them is stopped short of it. */
  private async reached(position: LogPosition, names: string[]): Promise<boolean | "failed"> {
    if (comparePositions(position, START) <= 0) return true; // an empty log: a fresh leader has written no checkpoint yet
    const at = (p: LogPosition | undefined) => p !== undefined && comparePositions(p, position) >= 0;
    if (this.isLeader) {
      if (names.every((n) => at(this.positions.get(n)))) return true;
      const stopped = this.tracks
        .filter((t) => t.failure && names.includes(t.projection.name) && !at(t.position))
        .map((t) => t.projection.name);
      if (stopped.length === 0) return false;
      // Still stopped as stored? A replay may have cleared it: then it resumes shortly, worth waiting for.
      const stored = await readCheckpoints(this.options.db);
      return stopped.some((n) => stored.find((c) => c.name === n)?.failure) ? "failed" : false;
    }
    const checkpoints = await this.sharedCheckpoints();
    const of = (n: string) => checkpoints.find((x) => x.name === n);
    if (names.every((n) => at(of(n)?.position))) return true;
    return names.some((n) => of(n)?.failure && !at(of(n)?.position)) ? "failed" : false;
  }

  /**
   * A follower's waiters share one read of the checkpoints at a time, at most one per FOLLOWER_POLL_MS:
   * two hundred requests waiting for their writes on a giving day poll the database once every 10 ms,
   * not two hundred times (which took the pool and PostgreSQL from the writes they were waiting on).
   * A read begun before a waiter's write committed may miss it; the waiter then polls again.
   */
  private sharedCheckpoints(): Promise<Checkpoint[]> {
    const last = this.checkpointRead;
    if (last && (last.pending || Date.now() - last.startedAt < FOLLOWER_POLL_MS)) return last.rows;
    const read = { startedAt: Date.now(), pending: true, rows: readCheckpoints(this.options.db) };
    read.rows.then(
      () => (read.pending = false),
      () => (read.pending = false),
    );
    this.checkpointRead = read;
    return read.rows;
  }

  /**
   * Read-your-writes: resolves true once the named projections (all by default) have applied
   * `position`, false after `timeoutMs`, or at once when one of them is stopped on a failure.
   */
  async waitFor(
    position: LogPosition,
    names = this.options.projections.map((p) => p.name),
    timeoutMs = 5000,
  ): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = this.advances;
      const reached = await this.reached(position, names);
      if (reached === "failed") return false;
      if (reached) return true;
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
    await this.rebuilding; // it stops at its next batch; never rejects
    for (const wake of this.waiters) wake();
    const lock = this.lock;
    this.lock = null;
    this.term++;
    await lock?.release();
  }

  /** Read models stopped on an event, as stored (every process sees the same). */
  failures(): Promise<ProjectionFailure[]> {
    return readFailures(this.options.db);
  }

  /** Waits until every projection has applied everything committed so far (tests, CLI). */
  async catchUp(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.caughtUp()));
  }
}

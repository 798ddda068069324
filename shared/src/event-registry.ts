import type { z } from "zod";

/** One event type: its zod schema (the only source of its TS type), its schema version and an upcaster. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schema: Schema;
  /** The schema version new events are written with. */
  version: number;
  /** Turns data written with an older schema version into the current shape. */
  upcast?: (data: unknown, fromVersion: number) => unknown;
}

/**
 * The `{ type, data }` union of a feature's event definitions, derived from their schemas:
 * `export const lockEvents = [LockTaken, LockReleased] as const; type LockEvent = EventOf<typeof lockEvents>`.
 */
export type EventOf<Definitions extends readonly EventDefinition[]> = {
  [K in keyof Definitions]: Definitions[K] extends EventDefinition<infer Type, infer Schema>
    ? { type: Type; data: z.infer<Schema> }
    : never;
}[number];

/**
 * Whether a recorded event is one of a feature's events, narrowing it to their union. Only the type
 * is compared: a store reads events back through the `EventRegistry`, which checked the data against
 * its schema (an event that failed is marked `invalid` and never matches).
 */
export function isEventOf<
  const Definitions extends readonly EventDefinition[],
  E extends { type: string; data: unknown },
>(definitions: Definitions, event: E): event is E & EventOf<Definitions> {
  if ("invalid" in event && event.invalid) return false;
  return definitions.some((d) => d.type === event.type);
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcast?: (data: unknown, fromVersion: number) => unknown } = {},
): EventDefinition<Type, Schema> {
  return { type, schema, version: options.version ?? 1, upcast: options.upcast };
}

/**
 * Raised when an event read back does not match its schema: the log and the code disagree. The
 * message names the event, where it is in the log (when the store knows) and each bad field.
 */
export class InvalidEventError extends Error {
  readonly code = "INVALID_EVENT";
  constructor(
    readonly type: string,
    /** 'field: problem' lines. */
    readonly issues: string[],
    /** Where the event sits, e.g. 'user-7 #0 (global position 12)'. */
    readonly location?: string,
  ) {
    super(`Event ${type}${location ? ` at ${location}` : ""} does not match its schema: ${issues.join("; ")}`);
    this.name = "InvalidEventError";
  }

  /** The same error, told where the event sits in the log. */
  at(location: string): InvalidEventError {
    return new InvalidEventError(this.type, this.issues, location);
  }
}

/** Validates events read back from a store, upcasting old versions first. */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  register(...definitions: EventDefinition[]): this {
    for (const d of definitions) this.definitions.set(d.type, d);
    return this;
  }

  has(type: string): boolean {
    return this.definitions.has(type);
  }

  versionOf(type: string): number {
    return this.definitions.get(type)?.version ?? 1;
  }

  /** Unknown types pass through untouched so an old log with retired events still replays. */
  decode(type: string, schemaVersion: number, data: unknown): unknown {
    const definition = this.definitions.get(type);
    if (!definition) return data;
    const current =
      schemaVersion < definition.version && definition.upcast ? definition.upcast(data, schemaVersion) : data;
    const parsed = definition.schema.safeParse(current);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `${i.path.length ? i.path.join(".") : "(data)"}: ${i.message}`);
      throw new InvalidEventError(
        type,
        schemaVersion === definition.version ? lines : [`(written as version ${schemaVersion})`, ...lines],
      );
    }
    return parsed.data;
  }
}

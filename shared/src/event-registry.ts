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

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcast?: (data: unknown, fromVersion: number) => unknown } = {},
): EventDefinition<Type, Schema> {
  return { type, schema, version: options.version ?? 1, upcast: options.upcast };
}

/** Raised when an event read back does not match its schema: the log and the code disagree. */
export class InvalidEventError extends Error {
  readonly code = "INVALID_EVENT";
  constructor(
    readonly type: string,
    readonly detail: string,
  ) {
    super(`Event ${type} does not match its schema: ${detail}`);
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
    const current = schemaVersion < definition.version && definition.upcast ? definition.upcast(data, schemaVersion) : data;
    const parsed = definition.schema.safeParse(current);
    if (!parsed.success) throw new InvalidEventError(type, parsed.error.message);
    return parsed.data;
  }
}

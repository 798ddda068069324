import { sql, type Kysely } from "kysely";
import { START, type LogPosition } from "@shop/shared";

export interface Checkpoint {
  name: string;
  version: number;
  position: LogPosition;
  eventsApplied: number;
  updatedAt: Date;
}

export async function migrateCheckpoints(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    version integer NOT NULL,
    position_major numeric(20) NOT NULL,
    position_minor numeric(20) NOT NULL,
    events_applied bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

function toCheckpoint(row: any): Checkpoint {
  return {
    name: row.name,
    version: Number(row.version),
    position: { major: BigInt(row.major), minor: BigInt(row.minor) },
    eventsApplied: Number(row.events_applied),
    updatedAt: new Date(row.updated_at),
  };
}

const columns = sql`name, version, position_major::text AS major, position_minor::text AS minor, events_applied, updated_at`;

export async function readCheckpoints(db: Kysely<any>): Promise<Checkpoint[]> {
  const { rows } = await sql`SELECT ${columns} FROM projection_checkpoints ORDER BY name`.execute(db);
  return rows.map(toCheckpoint);
}

export async function readCheckpoint(db: Kysely<any>, name: string): Promise<Checkpoint | null> {
  const { rows } = await sql`SELECT ${columns} FROM projection_checkpoints WHERE name = ${name}`.execute(db);
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

export async function saveCheckpoint(db: Kysely<any>, name: string, version: number, position: LogPosition, applied: number): Promise<void> {
  await sql`INSERT INTO projection_checkpoints (name, version, position_major, position_minor, events_applied, updated_at)
    VALUES (${name}, ${version}, ${position.major.toString()}, ${position.minor.toString()}, ${applied}, now())
    ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, position_major = EXCLUDED.position_major,
      position_minor = EXCLUDED.position_minor, events_applied = projection_checkpoints.events_applied + EXCLUDED.events_applied,
      updated_at = now()`.execute(db);
}

export async function resetCheckpoint(db: Kysely<any>, name: string, version: number): Promise<void> {
  await sql`DELETE FROM projection_checkpoints WHERE name = ${name}`.execute(db);
  await saveCheckpoint(db, name, version, START, 0);
}

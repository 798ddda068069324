import type { Router } from "express";
import type { Kysely } from "kysely";
import type { Socket } from "socket.io";
import type { EventDefinition, EventStore } from "@shop/shared";
import type { Database } from "@shop/projections";
import type { LiveMessageMapper } from "../live/live-messages.ts";
import type { RoomStateReader } from "../live/live-states.ts";
import type { Logger } from "./logger.ts";
import type { RouteDoc } from "./openapi/route-doc.ts";

/** What a feature's room joining gets from the live gateway, once per gateway. */
export interface RoomDeps {
  store: EventStore;
  db: Kysely<Database>;
  clock: () => Date;
  log: Logger;
  sessionSecret?: string;
}

/** Joins a new socket to the feature's rooms (or listens for its watch messages); set up once per gateway. */
export type RoomJoining = (deps: RoomDeps) => (socket: Socket) => void | Promise<void>;

/**
 * One feature of the shop, as the app, the event store, the API document and the live gateway see it
 * (Vendure's plugin object). Each `services/src/<feature>/index.ts` exports one; `services/src/features.ts`
 * lists them in mount order and everything central is derived from that list. Everything that loads
 * the feature's code is a lazy factory (a dynamic import), so the list stays cheap to import: the
 * operator CLI reads the events from it and nothing else.
 */
export interface Feature<Deps = never, Code extends string = string> {
  /** The feature's one name, its folder's in every layer. */
  name: string;
  /** Definitions of every event the feature writes (shared/src/<feature>/events.ts): read back through them. */
  events: readonly EventDefinition[];
  /** The HTTP status of each of its error codes (shared/src/<feature>/errors.ts): every code, no other. */
  errorStatus: Readonly<Record<Code, number>>;
  /** The read models (projections' names) its routes wait for. */
  projections: readonly string[];
  /**
   * Its routers, in mount order (express tries them in order). Mounted before the staff check of
   * /admin/** when `beforeStaffCheck` (sign-in must answer a visitor there).
   */
  routers?: (deps: Deps) => Promise<Router[]>;
  beforeStaffCheck?: true;
  /**
   * Its routes signed by their sender (a gateway's webhooks): mounted before the CSRF check, the body
   * parsers and the session, so they read the body as signed; the signature is their only check.
   */
  webhooks?: (deps: Deps) => Promise<Router[]>;
  /** Its routes for /api/openapi.json (`*-route-docs.ts`). */
  routeDocs?: () => Promise<readonly RouteDoc[]>;
  /** Its socket pushes, derived from its events. */
  liveMappers?: () => Promise<readonly LiveMessageMapper[]>;
  /** Reads the state of its rooms for a socket joining one (its pushes that carry state): live/live-states.ts. */
  roomStates?: () => Promise<(deps: RoomDeps) => RoomStateReader>;
  /** The rooms its sockets join, per namespace. */
  rooms?: { admin?: () => Promise<RoomJoining>; public?: () => Promise<RoomJoining> };
}

/** Every event definition of the features, for the event registry. */
export const eventsOf = (features: readonly Feature<never>[]): EventDefinition[] => features.flatMap((f) => f.events);

/** Every feature's code → status, one map. */
export function errorStatusOf(features: readonly Feature<never>[]): Record<string, number> {
  return Object.assign({}, ...features.map((f) => f.errorStatus));
}

/** The error codes a list of features gives a status, as a type (features.ts checks it covers ERROR_CODES). */
export type StatusCodesOf<Features extends readonly { errorStatus: object }[]> = Features[number] extends infer F
  ? F extends { errorStatus: infer S }
    ? keyof S & string
    : never
  : never;

/** The features' routers, each feature's in its order, the features in theirs. */
export async function routersOf<Deps>(
  features: readonly Feature<Deps>[],
  deps: Deps,
): Promise<{ webhooks: Router[]; beforeStaffCheck: Router[]; afterStaffCheck: Router[] }> {
  const loaded = await Promise.all(
    features.map(async (f) => ({
      early: f.beforeStaffCheck === true,
      routers: (await f.routers?.(deps)) ?? [],
      webhooks: (await f.webhooks?.(deps)) ?? [],
    })),
  );
  return {
    webhooks: loaded.flatMap((l) => l.webhooks),
    beforeStaffCheck: loaded.filter((l) => l.early).flatMap((l) => l.routers),
    afterStaffCheck: loaded.filter((l) => !l.early).flatMap((l) => l.routers),
  };
}

/** The features' route docs, in the features' order. */
export async function routeDocsOf(features: readonly Feature<never>[]): Promise<RouteDoc[]> {
  const docs = await Promise.all(
    features.map(async (f) => ((await f.routeDocs?.()) ?? []).map((route) => ({ feature: f.name, ...route }))),
  );
  return docs.flat();
}

/** The features' live mappers, in the features' order. */
export async function liveMappersOf(features: readonly Feature<never>[]): Promise<LiveMessageMapper[]> {
  return (await Promise.all(features.map(async (f) => (await f.liveMappers?.()) ?? []))).flat();
}

/** The features' readers of their rooms' states. */
export async function roomStatesOf(
  features: readonly Feature<never>[],
): Promise<Array<(deps: RoomDeps) => RoomStateReader>> {
  return (await Promise.all(features.map((f) => f.roomStates?.()))).filter(
    (r): r is (deps: RoomDeps) => RoomStateReader => r !== undefined,
  );
}

/** The features' room joining for each namespace. */
export async function roomsOf(
  features: readonly Feature<never>[],
): Promise<{ admin: RoomJoining[]; public: RoomJoining[] }> {
  const load = async (pick: (f: Feature<never>) => (() => Promise<RoomJoining>) | undefined) =>
    (await Promise.all(features.map((f) => pick(f)?.()))).filter((r): r is RoomJoining => r !== undefined);
  return { admin: await load((f) => f.rooms?.admin), public: await load((f) => f.rooms?.public) };
}

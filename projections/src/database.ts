import type { Generated } from "kysely";
import type { EventMetadata } from "@shop/shared";
import type { CampaignsTables } from "./campaigns/campaigns-tables.ts";
import type { GamifyTables } from "./gamify/gamify-tables.ts";
import type { DashboardTables } from "./dashboard/dashboard-tables.ts";
import type { PaymentAttemptsTables } from "./payment-attempts/payment-attempts-tables.ts";
import type { RadioStationsTables } from "./radio/radio-stations-tables.ts";
import type { AdsTables } from "./ads/ads-tables.ts";
import type { NewsletterTables } from "./newsletters/newsletters-tables.ts";
import type { CatalogTables } from "./catalog/catalog-tables.ts";
import type { DiscountsTables } from "./discounts/discounts-tables.ts";
import type { MailboxTables } from "./mail/mailbox-tables.ts";
import type { AddressesTables } from "./addresses/addresses-tables.ts";
import type { MonthlyGiftsTables } from "./monthly-gifts/monthly-gifts-tables.ts";
import type { OrdersTables } from "./orders/orders-tables.ts";
import type { ContentNodesTables } from "./content/content-nodes-tables.ts";
import type { ContentPagesTables } from "./content/content-pages-tables.ts";
import type { ContributorRolesTables } from "./contributors/contributor-roles-tables.ts";
import type { KeywordsTables } from "./keywords/keywords-tables.ts";
import type { LookupCatalogTables } from "./lookups/lookup-catalog-tables.ts";
import type { MenuNodesTables } from "./nav/menu-nodes-tables.ts";
import type { PendingRewriteBatchesTables } from "./content/pending-rewrite-batches/pending-rewrite-batches-tables.ts";
import type { RecordLocksTables } from "./locks/record-locks-tables.ts";
import type { CheckpointTables } from "./runner/checkpoint-tables.ts";
import type { ScheduledActionsTables } from "./scheduled-actions/scheduled-actions-tables.ts";
import type { SessionsTables } from "./accounts/sessions-tables.ts";
import type { UsersTables } from "./accounts/users-tables.ts";

// The tables below are created by the services package (its event store, id allocator, presence and
// login throttle). They are named here because services depends on projections, not the reverse,
// and the one Database type must list them all. bigint columns come back as text (pg) or a number (PGlite).

/** events: the log itself (services/src/eventstore/postgres-schema.ts). */
export interface EventsTable {
  global_position: Generated<string | number>;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: Generated<number>;
  data: unknown;
  metadata: Generated<EventMetadata>;
  transaction_id: Generated<string>;
  created_at: Generated<Date | string>;
}

/** streams: each stream's last position, the row appends lock on. */
export interface StreamsTable {
  stream_id: string;
  version: number;
}

export interface EventLogTables {
  events: EventsTable;
  streams: StreamsTable;
}

/** Tables of the services' infrastructure: not derived from events, untouched by a replay. */
export interface ServiceTables {
  /** Numeric id counters (services/src/platform/id-allocator.ts). */
  id_counters: { kind: string; last_id: string | number };
  /** Staff users with an admin socket open, per server process (services/src/presence/staff-presence.ts). */
  staff_presence: { user_id: string; process_id: string; last_seen: Date | string };
  /** Login attempt counters of rate-limiter-flexible (services/src/accounts/login-throttle.ts). */
  login_attempts: { key: string; points: Generated<number>; expire: string | number | null };
  /**
   * One AES-256-GCM key per person, outside the log (projections/src/personal-data/): the personal
   * data in events is sealed with it; deleting the row erases the person everywhere, replays included.
   */
  person_keys: { person_id: string; key: Buffer | Uint8Array; created_at: Generated<Date | string> };
  /**
   * A guest shopper's person id per keyed hash of the normalised email, outside the log (the events hold only the id):
   * their checkout data is sealed with that person's key; erasing the guest deletes both rows.
   */
  guest_persons: { email_hash: string; person_id: string; created_at: Generated<Date | string> };
  /** The site's own keys (projections/src/personal-data/email-hash.ts): the email hashes' HMAC key. */
  site_keys: { name: string; key: Buffer | Uint8Array; created_at: Generated<Date | string> };
  /** The shop's own analytics: page events without cookies or personal data (services/src/analytics/). */
  analytics_events: {
    id: Generated<string | number>;
    at: Date | string;
    day: string;
    visitor: string;
    name: string;
    path: string;
    sku: string | null;
    value_cents: number | null;
    step: number | null;
    target: string | null;
  };
  /** Images staff uploaded, by SHA-256 of the bytes sent, outside the log (services/src/media/). */
  media: {
    hash: string;
    width: number;
    height: number;
    source_type: string;
    source_bytes: number;
    created_at: Date | string;
  };
  /** Each stored width of an uploaded image, as WebP: what /media/{hash}-{width}.webp serves. */
  media_variants: { hash: string; width: number; height: number; body: Buffer | Uint8Array };
  /** Browser script errors and failed requests reported by the storefront (services/src/client-errors/). */
  client_errors: {
    id: Generated<string | number>;
    received_at: Date | string;
    ip: string;
    user_agent: string;
    kind: string;
    message: string;
    page: string;
    source: string | null;
    line: number | null;
    col: number | null;
    stack: string | null;
    method: string | null;
    status: number | null;
  };
}

/**
 * Every table of the app's one database, for typed queries (`Kysely<Database>`). A feature adds its
 * read model by exporting a `...Tables` interface from its folder's `*-tables.ts` and naming it here.
 * Those files import nothing of this package, so the projectors can use `Database` without a circle.
 */
export interface Database
  extends EventLogTables,
    ServiceTables,
    CheckpointTables,
    UsersTables,
    SessionsTables,
    RecordLocksTables,
    LookupCatalogTables,
    CatalogTables,
    ScheduledActionsTables,
    ContentNodesTables,
    MenuNodesTables,
    KeywordsTables,
    ContributorRolesTables,
    PendingRewriteBatchesTables,
    CampaignsTables,
    DiscountsTables,
    RadioStationsTables,
    AdsTables,
    GamifyTables,
    DashboardTables,
    NewsletterTables,
    MailboxTables,
    AddressesTables,
    MonthlyGiftsTables,
    OrdersTables,
    PaymentAttemptsTables,
    ContentPagesTables {}

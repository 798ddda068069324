/** newsletter_lists: the lists staff define, for the form and the admin list. */
export interface NewsletterListsTable {
  id: number;
  slug: string;
  name: string;
  description: string;
  requires_postal_code: boolean;
  active: boolean;
  /** The stream version: the admin form's expected_version. */
  version: number;
}

/** newsletter_subscribers: one row per address, for the admin list, the CSV export and the links' tokens. */
export interface NewsletterSubscribersTable {
  /** The subscriber's stream (named by the email's keyed hash; by the address for subscriptions before it). */
  subscriber: string;
  /** Opened from the sealed events; ERASED once the person is. */
  email: string;
  /** Whose key sealed the address and postal code; null for events in clear. */
  person: string | null;
  /** pending until the mail's link is followed; unsubscribed after the unsubscribe link. */
  status: "pending" | "confirmed" | "unsubscribed";
  /** The confirmed lists' ids, comma-separated in id order ("" for none). */
  list_ids: string;
  /** The lists waiting for confirmation. */
  pending_list_ids: string;
  postal_code: string;
  uk: boolean;
  confirm_token: string | null;
  unsubscribe_token: string;
  requested_at: string;
  confirmed_at: string | null;
}

export interface NewsletterTables {
  newsletter_lists: NewsletterListsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
}

/** sessions: the open sign-ins, keyed by a keyed hash of the cookie's session id. */
export interface SessionsTable {
  session_hash: string;
  user_id: string;
  logged_in_at: string;
  expires_at: string;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface SessionsTables {
  sessions: SessionsTable;
}

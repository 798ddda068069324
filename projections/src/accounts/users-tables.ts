/** users: one row per account, for login and for showing who did what. */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  is_staff: boolean;
  password_hash: string;
  registered_at: string;
}

/** The tables of this read model, as the app's one `Database` type lists them. */
export interface UsersTables {
  users: UsersTable;
}

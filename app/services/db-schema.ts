/**
 * The database tables as Kysely sees them. Times are ISO-8601 UTC strings, which sort and compare
 * the same way in SQLite and PostgreSQL (docs/decisions/003-database.md).
 */
export interface Database {
  subscribers: SubscribersTable;
}

export interface SubscribersTable {
  /** UUID made by the application. */
  id: string;
  email: string;
  unsubscribe_token: string;
  created_at: string;
}

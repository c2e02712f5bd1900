import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { FileStore } from "./files/file-store.ts";
import type { SheetReader } from "./files/sheets/reader.ts";
import type { Mailer } from "./mail/mailer.ts";

/** What the API handlers need: configuration, database, mailer, file store, sheet reader and a log. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  files: FileStore;
  /** Reads uploaded spreadsheets off the request thread, a few at once (files/sheets/reader.ts). */
  sheets: SheetReader;
  log: (line: string) => void;
  /** Clock, replaceable in tests (milliseconds since the epoch). */
  now: () => number;
};

/** The signed-in user: id from the access token; name, email and current roles from the database (auth/sessions.ts). */
export type SessionUser = { id: string; name: string; email: string; roles: string[] };

/** Hono variables set by the auth middleware. */
export type AppEnv = {
  Variables: { user: SessionUser };
};

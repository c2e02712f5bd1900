import { bigint, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Answers of reads kept warm (the exam dashboard), shared between the portal processes on one
 * PostgreSQL database: the process that recomputed a key after a write stores its answer here with
 * the change counter it was computed under, and the others read it instead of computing it again
 * (db/read-model-sharing.ts, docs/performance.md "Kept warm across processes"). One row per key,
 * replaced by newer counters; rows not renewed for two days are removed when another answer is stored.
 * Unused on the embedded database, which only one process opens.
 */
export const readModelAnswer = pgTable("read_model_answer", {
  /** `<read model>|<the read's own key>`, as the in-memory cache names it. */
  key: text("key").primaryKey(),
  /** The read model's change counter (read_model_version) the answer was computed under. */
  version: bigint("version", { mode: "number" }).notNull(),
  /** The answer as JSON text. */
  answer: text("answer").notNull(),
  keptAt: timestamp("kept_at", { withTimezone: true }).defaultNow().notNull(),
});

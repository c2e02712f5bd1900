/**
 * The database schema drizzle-kit reads and the server imports: the core entities (schema-core.ts)
 * and the areas kept in their own files, which build on the core without importing this file, so the
 * schema has no import cycle. Migrations are generated from this file (drizzle.config.ts).
 */
export * from "./schema-contracts.ts";
export * from "./schema-core.ts";
export * from "./schema-documents.ts";
export * from "./schema-etl.ts";
export * from "./schema-events.ts";
export * from "./schema-feedback.ts";
export * from "./schema-grading-settings.ts";
export * from "./schema-notifications.ts";
export * from "./schema-profiles.ts";
export * from "./schema-read-models.ts";
export * from "./schema-timetabling.ts";

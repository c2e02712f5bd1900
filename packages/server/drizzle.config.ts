import { defineConfig } from "drizzle-kit";

/** drizzle-kit: generates SQL migrations from the schema (`pnpm --filter @portal/server db:generate`). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./src/db/migrations",
});

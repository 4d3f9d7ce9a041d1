import { defineConfig } from "drizzle-kit";

/** `npx drizzle-kit generate` writes the SQL migrations that the server applies at start. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/platform/db/schema.server.ts",
  out: "./app/platform/db/migrations",
  strict: true,
});

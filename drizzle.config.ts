import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (`npm run db:generate`); the app applies them itself at start-up.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});

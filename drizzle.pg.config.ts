import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations: `npx drizzle-kit generate --config drizzle.pg.config.ts --name <name>`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema.pg.ts',
  out: './api/db/migrations-pg',
});

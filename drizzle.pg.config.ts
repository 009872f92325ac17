import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations (issue #16): `npx drizzle-kit generate --config drizzle.pg.config.ts --name <name>`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './api/db/schema.pg.ts',
  out: './api/db/migrations-pg',
});

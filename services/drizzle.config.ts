// drizzle-kit settings: `pnpm --filter @oj/services db:generate` writes SQL migrations from the schema.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});

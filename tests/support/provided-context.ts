// What the vitest global setup hands to the test files (`inject('pgAdminUrl')`).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the maintenance database of the run's PostgreSQL (set by global-setup.ts). */
    pgAdminUrl: string;
    /** Name of a database with every migration applied, cloned by unit tests (services/src/testing/test-db.ts). */
    pgTemplateDb: string;
  }
}

// The drizzle schema of the services (snake_case tables), one file per area. Migrations under `services/drizzle/`
// are generated from this folder with `pnpm --filter @oj/services db:generate`; keep it free of workspace imports
// for drizzle-kit.
export * from './accounts';
export * from './problems';
export * from './submissions';
export * from './push';
export * from './home';
export * from './discuss';
export * from './contests';
export * from './site';
export * from './user-admin';
export * from './rate-limit';
export * from './groups';
export * from './trainings';
export * from './remote-judge';
export * from './education';

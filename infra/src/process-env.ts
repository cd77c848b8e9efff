// Shared start-up of the scale-out processes: the two URLs every one of them needs, validated once.
import { loadInfraConfig } from './config';

export function requireUrls(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string; natsUrl: string; natsReplicas?: number } {
  const cfg = loadInfraConfig(env);
  if (!cfg.databaseUrl) throw new Error('Bad configuration: DATABASE_URL is required for this process');
  if (!cfg.natsUrl) throw new Error('Bad configuration: NATS_URL is required for this process');
  return { databaseUrl: cfg.databaseUrl, natsUrl: cfg.natsUrl, natsReplicas: cfg.natsReplicas };
}

/** How long a stop may take before the process exits anyway (a database or NATS that does not answer). */
const STOP_DEADLINE_MS = 20_000;

/** Runs `stop` on SIGINT / SIGTERM, in any state: a stop that fails or hangs still ends the process. */
export function onStop(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${sig}: stopping…`);
    setTimeout(() => {
      console.error(`stop did not finish in ${STOP_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(`unclean stop: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

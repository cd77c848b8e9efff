// Shared start-up of the scale-out processes: the two URLs every one of them needs, validated once.
import { loadInfraConfig } from './config';

export function requireUrls(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string; natsUrl: string } {
  const cfg = loadInfraConfig(env);
  if (!cfg.databaseUrl) throw new Error('Bad configuration: DATABASE_URL is required for this process');
  if (!cfg.natsUrl) throw new Error('Bad configuration: NATS_URL is required for this process');
  return { databaseUrl: cfg.databaseUrl, natsUrl: cfg.natsUrl };
}

export function onStop(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${sig}: stopping…`);
    void stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
}

// `pnpm start`: the whole judge on one machine at http://localhost:${PORT:-8080} on its embedded defaults.
import { loadInfraConfig } from './config';
import { startStack } from './stack';

try {
  const cfg = loadInfraConfig();
  const stack = await startStack(cfg);
  const shown = stack.url.replace('0.0.0.0', 'localhost');
  console.log(`\n  Realtime OJ is running at ${shown}`);
  if (stack.adminPasswordGenerated) {
    console.log(`  Super admin: root / ${stack.adminPasswordGenerated}   (shown once; set OJ_ADMIN_PASSWORD to choose it)`);
  }
  console.log('');
  let stopping = false;
  const stop = async (sig: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${sig}: stopping…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (e) {
  console.error(`\nThe judge could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}

// The judges a figure is measured on: this checkout's, and with OJ_BENCH_BEFORE_DIR (another checkout of the project,
// installed) that one's too, started in turn for each figure (the order swapped each round), so that "before" and
// "after" are measured in the same minutes under the same load.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startStackProcess, STACK_ROOT, type StackProcess } from './stack-process';

export interface StackVariant {
  /** Put after the figure's letter: '' without OJ_BENCH_BEFORE_DIR, else ' [before]' or ' [after]'. */
  label: string;
  dir: string;
}

export function stackVariants(round = 0): StackVariant[] {
  const before = process.env.OJ_BENCH_BEFORE_DIR;
  if (!before) return [{ label: '', dir: STACK_ROOT }];
  const pair = [
    { label: ' [before]', dir: path.resolve(before) },
    { label: ' [after]', dir: STACK_ROOT },
  ];
  return round % 2 === 0 ? pair : pair.reverse();
}

/**
 * Starts the variant's judge. A runner builds its compile assets (precompiled headers, javac's archive) in the
 * background once per host: the figure is measured once they are ready, not while they are built.
 */
export async function startVariantStack(v: StackVariant, env: Record<string, string>): Promise<StackProcess> {
  const st = await startStackProcess(env, v.dir);
  if (existsSync(path.join(v.dir, 'judge-runner/src/compile-assets.ts')) && !(await st.waitForLog(/compile assets settled/, 20 * 60_000))) {
    console.log('    (compile assets not settled after 20 min: measured without all of them)');
  }
  return st;
}

import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { mergeExpositions } from './merge-exposition';

/** A registry as a process has it: the NATS counter by client, and a histogram only the runner has. */
async function exposition(client: string, judged: boolean): Promise<string> {
  const r = new Registry();
  const nats = new Counter({ name: 'oj_nats_connection_events_total', help: 'NATS events', labelNames: ['client', 'event'], registers: [r] });
  nats.inc({ client, event: 'reconnect' }, 2);
  new Counter({ name: 'process_cpu_user_seconds_total', help: 'CPU', registers: [r] }).inc(client === 'runner' ? 7 : 3);
  if (judged) new Histogram({ name: 'oj_judge_duration_seconds', help: 'judge', labelNames: ['language'], buckets: [1], registers: [r] }).observe({ language: 'C' }, 0.5);
  return r.metrics();
}

describe('merging a child process exposition into the stack /metrics', () => {
  it('appends the child samples of shared families, adds its own families and leaves out its process figures', async () => {
    const merged = mergeExpositions(await exposition('services', false), [await exposition('runner', true)]);
    const lines = merged.split('\n');
    expect(lines).toContain('oj_nats_connection_events_total{client="services",event="reconnect"} 2');
    expect(lines).toContain('oj_nats_connection_events_total{client="runner",event="reconnect"} 2');
    expect(lines.filter((l) => l.startsWith('# TYPE oj_nats_connection_events_total'))).toHaveLength(1);
    // The family stays in one block: its child sample right after its own.
    const at = lines.indexOf('oj_nats_connection_events_total{client="services",event="reconnect"} 2');
    expect(lines[at + 1]).toBe('oj_nats_connection_events_total{client="runner",event="reconnect"} 2');
    expect(lines).toContain('oj_judge_duration_seconds_count{language="C"} 1');
    expect(lines).toContain('process_cpu_user_seconds_total 3');
    expect(lines).not.toContain('process_cpu_user_seconds_total 7');
  });

  it('keeps this process value where the child has the same sample, and answers the base alone without children', async () => {
    const base = await exposition('services', false);
    expect(mergeExpositions(base, [])).toBe(`${base.trimEnd()}\n`);
    const twice = mergeExpositions(base, [base.replace('} 2', '} 9')]);
    expect(twice).toContain('{client="services",event="reconnect"} 2');
    expect(twice).not.toContain('} 9');
  });
});

// Reads a Prometheus text exposition (what /metrics answers) into samples, for the tests that check counters moved.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** `# TYPE` of each metric family. */
  types: Map<string, string>;
  /** The sum of the samples of `name` whose labels include `labels`; 0 when none. */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether any sample of `name` (with `labels`) is present. */
  has(name: string, labels?: Record<string, string>): boolean;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      types.set(name!, type!);
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_s, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  const matching = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    samples,
    types,
    value: (name, labels) => matching(name, labels).reduce((a, s) => a + s.value, 0),
    has: (name, labels) => matching(name, labels).length > 0,
  };
}

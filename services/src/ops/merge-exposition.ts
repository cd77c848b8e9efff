// One Prometheus text exposition from this process's and its child processes' (the stack's judge runners, each its
// own process: infra/src/runner-child.ts), so the one-machine judge keeps a single /metrics. A family both have gets
// the child's samples appended (a sample this process has already, same name and labels, is kept as it is); a family
// only the child has is added whole. Node's own per-process figures of a child (`process_*`, `nodejs_*`) are left
// out: they would collide with this process's, and the child serves them on its own port.
const PER_PROCESS = /^(process|nodejs)_/;

interface Family {
  name: string;
  lines: string[];
}

/** The exposition's families, in order (a family: its `# HELP` / `# TYPE` lines and its samples). */
function familiesOf(text: string): Family[] {
  const out: Family[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const head = /^# (?:HELP|TYPE) (\S+)/.exec(line);
    const last = out.at(-1);
    if (head && head[1] !== last?.name) out.push({ name: head[1]!, lines: [line] });
    else if (last) last.lines.push(line);
    else out.push({ name: line.split(/[{ ]/)[0]!, lines: [line] });
  }
  return out;
}

/** A sample line's name and labels (the line without its value and timestamp). */
const sampleKey = (line: string): string => line.slice(0, line.lastIndexOf('}') + 1 || line.indexOf(' '));

export function mergeExpositions(base: string, children: readonly string[]): string {
  const families = familiesOf(base);
  const byName = new Map(families.map((f) => [f.name, f]));
  for (const child of children) {
    for (const f of familiesOf(child)) {
      if (PER_PROCESS.test(f.name)) continue;
      const mine = byName.get(f.name);
      if (!mine) {
        families.push(f);
        byName.set(f.name, f);
        continue;
      }
      const have = new Set(mine.lines.filter((l) => !l.startsWith('#')).map(sampleKey));
      mine.lines.push(...f.lines.filter((l) => !l.startsWith('#') && !have.has(sampleKey(l))));
    }
  }
  return `${families.map((f) => f.lines.join('\n')).join('\n\n')}\n`;
}

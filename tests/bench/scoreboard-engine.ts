// Benchmark helper: the scoreboard engine in memory on a 2,000 × 13 contest. Per verdict: the cost of
// `apply` (one cell, one row move, ranks and awards) and of the browser's `applyMoves` on its copy; and a full
// recompute with `build`. Seeded data, so runs are comparable. Prints figures, asserts nothing. Wall-clock
// figures on a busy machine include time the process was not scheduled; the CPU-time figure of `apply` does not.
//   npx tsx tests/bench/scoreboard-engine.ts
import { applyMoves, ScoreboardEngine, type AwardConfig, type BoardConfig, type BoardRow, type ScoreRecord } from '@oj/proto';
import { mulberry32 } from '@oj/proto/testing';

const USERS = 2_000;
const PROBLEMS = 13;
const RECORDS = 30_000;
const DURATION_S = 5 * 3600;
/** Verdicts applied one by one (the rest of the contest is built first). */
const LIVE = 5_000;
const BUILD_RUNS = 15;

const AWARDS: AwardConfig[] = [
  { priority: 1, name: 'Gold', background: '#e6bf25', color: '#fff', num: 10 },
  { priority: 2, name: 'Silver', background: '#b4b4b4', color: '#fff', num: 20 },
  { priority: 3, name: 'Bronze', background: '#c37e44', color: '#fff', num: 30 },
];

/** A plausible contest: stronger users solve more and earlier; verdicts arrive a little out of submission order. */
function contestRecords(type: 0 | 1, seed: number): ScoreRecord[] {
  const rand = mulberry32(seed);
  const skill = Array.from({ length: USERS }, () => rand());
  const records: ScoreRecord[] = [];
  for (let id = 1; id <= RECORDS; id++) {
    const u = Math.floor(rand() * USERS);
    const p = Math.floor(Math.pow(rand(), 1.5) * PROBLEMS);
    const time = Math.floor((id / RECORDS) * DURATION_S + rand() * 120);
    const ok = rand() < skill[u]! * (1 - p / (PROBLEMS + 2));
    const status = ok ? 0 : [-1, -1, -1, 1, 2, 3, -3, -2, 4][Math.floor(rand() * 9)]!;
    records.push({
      id,
      uid: `team${u}`,
      displayId: String.fromCharCode(65 + p),
      time: Math.min(time, DURATION_S - 1),
      status,
      score: ok ? 100 : status === -2 ? null : Math.floor(rand() * 10) * 10,
      useTime: Math.floor(rand() * 1000),
    });
  }
  // Judging order: mostly submission order, with neighbours swapped now and then.
  for (let i = 1; i < records.length; i++) if (rand() < 0.1) [records[i - 1], records[i]] = [records[i]!, records[i - 1]!];
  return records;
}

function percentile(sorted: readonly number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

function benchType(label: string, cfg: BoardConfig, records: ScoreRecord[]): void {
  const displayIds = Array.from({ length: PROBLEMS }, (_, i) => String.fromCharCode(65 + i));

  // Full recompute (warm-up runs first, so the JIT has compiled the engine).
  for (let i = 0; i < 3; i++) ScoreboardEngine.build(cfg, displayIds, records);
  const builds: number[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    const t0 = performance.now();
    ScoreboardEngine.build(cfg, displayIds, records);
    builds.push(performance.now() - t0);
  }
  builds.sort((a, b) => a - b);

  // Live: the contest so far is built, then the remaining verdicts arrive one by one, plus re-judges of old ones.
  const split = records.length - LIVE;
  const engine = ScoreboardEngine.build(cfg, displayIds, records.slice(0, split));
  let client = structuredClone(engine.rows()) as BoardRow[];
  const rand = mulberry32(99);
  const applyTimes: number[] = [];
  const applyCpu: number[] = [];
  const clientTimes: number[] = [];
  let moves = 0;
  for (let i = split; i < records.length; i++) {
    const rec = rand() < 0.05 ? { ...records[Math.floor(rand() * i)]!, status: rand() < 0.5 ? 0 : -1 } : records[i]!;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const delta = engine.apply(rec);
    applyTimes.push(performance.now() - t0);
    const c1 = process.cpuUsage(c0);
    applyCpu.push((c1.user + c1.system) / 1000);
    moves += delta.length;
    const wire = JSON.parse(JSON.stringify(delta)) as typeof delta;
    const t1 = performance.now();
    client = applyMoves(client, wire, cfg);
    clientTimes.push(performance.now() - t1);
  }
  applyTimes.sort((a, b) => a - b);
  applyCpu.sort((a, b) => a - b);
  clientTimes.sort((a, b) => a - b);
  const same = JSON.stringify(client) === JSON.stringify(engine.rows());

  console.log(`(f) scoreboard engine, ${label} ${USERS.toLocaleString('en-US')} × ${PROBLEMS} board (${engine.size} rows):`);
  console.log(`  apply per verdict: p50 ${us(percentile(applyTimes, 50))}, p99 ${us(percentile(applyTimes, 99))}, max ${ms(applyTimes[applyTimes.length - 1]!)} (${LIVE} verdicts, ${moves} row moves); CPU time p50 ${us(percentile(applyCpu, 50))}, p99 ${us(percentile(applyCpu, 99))}`);
  console.log(`  build from ${records.length.toLocaleString('en-US')} records: median ${ms(percentile(builds, 50))}, max ${ms(builds[builds.length - 1]!)}`);
  console.log(`  applyMoves on a client copy: p50 ${us(percentile(clientTimes, 50))}, p99 ${us(percentile(clientTimes, 99))}; copy equals the board: ${same}`);
}

export async function benchScoreboardEngine(): Promise<void> {
  const base = { durationS: DURATION_S, sealS: null, containsEnd: false, oiRankScoreType: 'Recent', awardType: 1, awards: AWARDS } as const;
  const stars = Array.from({ length: 20 }, (_, i) => `team${i * 97}`);
  benchType('ACM', { ...base, type: 0, starUids: stars }, contestRecords(0, 1));
  benchType('OI', { ...base, type: 1, starUids: stars, oiRankScoreType: 'Highest' }, contestRecords(1, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchScoreboardEngine();
}

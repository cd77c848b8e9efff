// The chaos deployment (for the chaos tests and the benchmarks; nothing here needs vitest): PostgreSQL, a 3-node NATS
// cluster and the split deployment (infra/src/split-deployment.ts); an ACM contest of two problems with contestants;
// programs whose true verdict is known; contestants' sockets that move to a surviving gateway when theirs dies (as a
// load balancer would send them) and resubscribe with `since`.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import { isInProgress, JudgeStatus, topics, type ClientToServerEvents, type ServerToClientEvents } from '@oj/proto';
import { createMemoryBus, createServices, silentLogger } from '@oj/services';
import { freePort, startEmbeddedPostgres, startNatsCluster, startSplitDeployment, type NatsCluster, type RunningPostgres, type SplitDeployment } from '@oj/infra/processes';
import { OjClient } from '../support/oj-client';

export const ROOT_PASSWORD = 'chaos-root-pass';
const PASSWORD = 'chaos-pass-1';

/** Programs with their true verdict: A is problem 1000 (a + b, 1 s), B is 1002 (primes ≤ n, 200 ms). */
export const PROGRAMS = {
  'A-AC': { problem: 'A', verdict: JudgeStatus.ACCEPTED, code: '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);return 0;}\n' },
  'A-WA': { problem: 'A', verdict: JudgeStatus.WRONG_ANSWER, code: '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a-b);return 0;}\n' },
  'A-CE': { problem: 'A', verdict: JudgeStatus.COMPILE_ERROR, code: '#include <stdio.h>\nint main(void){ printf("%d\\n", ); }\n' },
  'B-AC': {
    problem: 'B',
    verdict: JudgeStatus.ACCEPTED,
    code: '#include <stdio.h>\n#include <stdlib.h>\nint main(void){int n;scanf("%d",&n);char*c=calloc(n+2,1);int k=0;for(long i=2;i<=n;i++){if(!c[i]){k++;for(long j=i*i;j<=n;j+=i)c[j]=1;}}printf("%d\\n",k);return 0;}\n',
  },
  'B-WA': { problem: 'B', verdict: JudgeStatus.WRONG_ANSWER, code: '#include <stdio.h>\nint main(void){int n;scanf("%d",&n);printf("%d\\n",n);return 0;}\n' },
  'B-TLE': { problem: 'B', verdict: JudgeStatus.TIME_LIMIT_EXCEEDED, code: 'int main(void){volatile unsigned long x=0;for(;;)x++;}\n' },
} as const;
export type ProgramKey = keyof typeof PROGRAMS;
/** The order submissions cycle through: half Accepted, the rest WA, CE and TLE. */
export const MIX: ProgramKey[] = ['A-AC', 'A-WA', 'B-AC', 'A-CE', 'A-AC', 'B-TLE', 'B-WA', 'A-AC'];

export interface ChaosDeployment {
  db: { url: string };
  sql: postgres.Sql;
  cluster: NatsCluster;
  split: SplitDeployment;
  cid: number;
  displayIds: string[];
  contestants: OjClient[];
  root: OjClient;
  /** With a PostgreSQL of its own: stops it for `downMs`, then starts it again on its data. */
  restartPostgres?(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ChaosOptions {
  contestants?: number;
  runnerEnv?: Record<string, string>;
  env?: Record<string, string>;
  runners?: number;
  /** A database on another server (the test suite's shared PostgreSQL); default: a PostgreSQL of its own, restartable. */
  database?: () => Promise<{ url: string; stop(): Promise<void> }>;
}

/** The given database, or a PostgreSQL of our own in `dir` that can be stopped and started. */
async function database(dir: string, given: ChaosOptions['database']): Promise<{ url: string; restart?: (downMs: number) => Promise<void>; stop(): Promise<void> }> {
  if (given) return given();
  const port = await freePort();
  const start = () => startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'chaos-pg', port });
  let pg: RunningPostgres = await start();
  await pg.createDatabase('oj');
  return {
    url: pg.urlFor('oj'),
    async restart(downMs) {
      await pg.stop();
      await new Promise((r) => setTimeout(r, downMs));
      pg = await start();
    },
    stop: () => pg.stop(),
  };
}

export async function startChaosDeployment(opts: ChaosOptions = {}): Promise<ChaosDeployment> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'oj-chaos-'));
  await chmod(dir, 0o755); // the postgres system user must reach its data dir (ownPostgres)
  const db = await database(dir, opts.database);
  const cluster = await startNatsCluster({ storeDir: path.join(dir, 'nats') });
  const split = await startSplitDeployment({
    dir,
    databaseUrl: db.url,
    natsUrl: cluster.url,
    gateways: 2,
    workers: 2,
    runners: opts.runners ?? 2,
    uidBase: 25_000,
    adminPassword: ROOT_PASSWORD,
    env: { OJ_RATE_SUBMIT_PER_MIN: '100000', OJ_SUBMIT_INTERVAL_S: '0', OJ_SOCKET_MAX_PER_IP: '1000', ...opts.env },
    runnerEnv: { OJ_RUNNER_SLOTS: '1', ...opts.runnerEnv },
  });
  const sql = postgres(db.url, { max: 3, onnotice: () => {} });
  // The contestants are made here, as an admin's import would (the services' own code, on the same database).
  const setup = await createServices({ databaseUrl: db.url, transport: createMemoryBus({ logger: silentLogger() }), logger: silentLogger(), config: { submitIntervalS: 0 } });
  const contestants: OjClient[] = [];
  try {
    for (let i = 0; i < (opts.contestants ?? 10); i++) await setup.account.createUser({ username: `chaos${i}`, password: PASSWORD, nickname: null });
  } finally {
    await setup.close();
  }
  const [rootRow] = await sql<{ uuid: string }[]>`select uuid from users where username = 'root'`;
  const start = new Date(Date.now() - 600_000);
  const [c] = await sql<{ id: number }[]>`
    insert into contest (uid, author, title, description, type, auth, start_time, end_time, duration, seal_rank, auto_real_rank, visible, open_rank, rank_show_name)
    values (${rootRow!.uuid}, 'root', 'Chaos Cup', 'd', 0, 0, ${start}, ${new Date(start.getTime() + 5 * 3600_000)}, ${5 * 3600}, false, true, true, false, 'username')
    returning id`;
  const displayIds = ['A', 'B'];
  for (const [d, problemId] of [
    ['A', '1000'],
    ['B', '1002'],
  ] as const) {
    await sql`insert into contest_problem (cid, pid, display_id, display_title, color) select ${c!.id}, id, ${d}, ${`Problem ${d}`}, '#3366ff' from problems where problem_id = ${problemId}`;
  }
  const gateways = split.gateways.map((g) => g.url!);
  for (let i = 0; i < (opts.contestants ?? 10); i++) {
    const client = new OjClient(gateways[i % gateways.length]!);
    await client.login(`chaos${i}`, PASSWORD);
    contestants.push(client);
  }
  const root = new OjClient(gateways[1]!);
  await root.login('root', ROOT_PASSWORD);
  return {
    db,
    sql,
    cluster,
    split,
    cid: c!.id,
    displayIds,
    contestants,
    root,
    restartPostgres: db.restart,
    async stop() {
      await split.stop();
      await cluster.stop();
      await sql.end();
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One contestant's socket on `user:<uid>`: the final status of each of their submissions as pushed. When its gateway
 * goes away it connects to the next one that answers and resubscribes with the last seq it saw, so nothing pushed
 * meanwhile is missed (or it is told to resync, which it counts).
 */
export class VerdictWatcher {
  readonly finals = new Map<number, number>();
  /** When each final verdict arrived (performance.now()). */
  readonly finalAt = new Map<number, number>();
  lastSeq = 0;
  moves = 0;
  resyncs = 0;
  private socket: ClientSocket | null = null;
  private closed = false;

  constructor(
    private readonly client: OjClient,
    private readonly urls: () => string[],
  ) {}

  async open(url = this.client.baseUrl): Promise<void> {
    const s: ClientSocket = io(url, { path: '/socket.io', auth: { token: this.client.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket = s;
    s.on('submission.status', (f) => {
      if (f.topic !== topics.user(this.client.uid)) return;
      this.lastSeq = Math.max(this.lastSeq, f.seq);
      if (isInProgress(f.data.status)) return;
      this.finals.set(f.data.submitId, f.data.status);
      if (!this.finalAt.has(f.data.submitId)) this.finalAt.set(f.data.submitId, performance.now());
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const ack = await s.timeout(10_000).emitWithAck('subscribe', { topic: topics.user(this.client.uid), since: this.lastSeq });
    if (!ack.ok) throw new Error(`subscribe refused: ${ack.code}`);
    if (ack.resync) this.resyncs++;
    s.once('disconnect', () => void this.move(url));
  }

  /** To the next gateway that answers (bounded), as a load balancer with a dead backend does. */
  private async move(from: string): Promise<void> {
    for (let attempt = 0; attempt < 100 && !this.closed; attempt++) {
      const candidates = this.urls().filter((u) => u !== from || attempt > 20);
      for (const url of candidates) {
        try {
          await this.open(url);
          this.moves++;
          return;
        } catch {
          // next one
        }
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}

export interface Submitted {
  submitId: number;
  key: ProgramKey;
  watcher: VerdictWatcher;
}

/** Submits program `key` as `client` to the contest, retrying on another gateway while one is down (bounded). */
export async function submitProgram(d: ChaosDeployment, client: OjClient, key: ProgramKey): Promise<number> {
  const p = PROGRAMS[key];
  const gateways = () => d.split.gateways.filter((g) => g.running()).map((g) => g.url!);
  for (let attempt = 0; attempt < 40; attempt++) {
    const alive = gateways();
    const url = alive.includes(client.baseUrl) ? client.baseUrl : alive[attempt % Math.max(1, alive.length)];
    try {
      const via = Object.assign(new OjClient(url ?? client.baseUrl), { token: client.token, uid: client.uid });
      const r = await via.submit(p.problem, 'C', `${p.code}// ${key} ${Date.now() % 7}\n`, d.cid);
      if (r.status === 200) return r.data.submitId;
      throw new Error(`submit refused: ${r.msg}`);
    } catch (e) {
      if (attempt === 39) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('unreachable');
}

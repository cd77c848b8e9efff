// The production files in deploy/ (docker compose, nginx, systemd, oj.env.example) cannot be run here (no container
// engine, no systemd), so they are checked against the code instead: every process they start is a real script,
// every setting they pass is one the code reads and its value passes that process's own configuration check, the
// NATS cluster's routes are complete, and the proxy points at the gateways' port.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadGatewayConfig } from '@oj/gateway';
import { loadServicesConfig } from '@oj/services';
import { loadRunnerConfig } from '@oj/judge-runner';
import { loadInfraConfig } from './config';
import { requireUrls } from './process-env';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** oj.env.example as a map, the values compose substitutes. */
const example: Record<string, string> = Object.fromEntries(
  read('deploy/oj.env.example')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

/** Compose's ${VAR}, ${VAR:-default} and ${VAR:?message} against oj.env.example. */
function substitute(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const v = example[name];
    if (v !== undefined && v !== '') return v;
    if (op === '-') return arg ?? '';
    if (op === '?') throw new Error(`${name} is required by the compose file but missing from oj.env.example`);
    return '';
  });
}

interface ComposeService {
  command?: string[];
  environment?: Record<string, string | number>;
  build?: { target?: string };
  depends_on?: Record<string, unknown> | string[];
  deploy?: { replicas?: number };
}
const compose = parse(read('deploy/docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const envOf = (s: ComposeService) => Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, substitute(String(v))]));

/** Every source file's text, to find where a setting is read. */
const sources = (() => {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) texts.push(readFileSync(p, 'utf8'));
    }
  };
  for (const pkg of ['gateway', 'services', 'judge-runner', 'infra', 'proto']) walk(path.join(root, pkg, 'src'));
  return texts.join('\n');
})();

function checkSettingsAreRead(env: Record<string, string>): void {
  for (const name of Object.keys(env)) {
    if (name === 'NODE_ENV' || name.startsWith('POSTGRES_')) continue;
    expect(sources.includes(`'${name}'`) || sources.includes(`.${name}`), `${name} is read by the code`).toBe(true);
  }
}

/** The process a `pnpm <script>` command starts, checked with its own configuration loaders. */
function checkProcess(script: string, env: Record<string, string>, own: Record<string, string> = env): void {
  expect(scripts[script], `pnpm ${script} exists`).toBeTruthy();
  checkSettingsAreRead(own);
  if (script === 'gateway') {
    expect(() => loadGatewayConfig(env)).not.toThrow();
    expect(() => loadServicesConfig(env)).not.toThrow();
    expect(() => requireUrls(env)).not.toThrow();
  } else if (script === 'worker') {
    expect(() => loadServicesConfig(env)).not.toThrow();
    expect(() => loadInfraConfig(env)).not.toThrow();
    expect(() => requireUrls(env)).not.toThrow();
  } else if (script === 'runner') {
    const cfg = loadRunnerConfig(env);
    expect(cfg.natsUrl).toBe(env.NATS_URL);
  } else {
    throw new Error(`no check for pnpm ${script}`);
  }
}

describe('deploy/docker-compose.yml', () => {
  const s = compose.services;
  const nats = Object.keys(s).filter((n) => /^nats-\d$/.test(n));

  it('has a 3-node NATS cluster whose every node routes to the others, with JetStream', () => {
    expect(nats).toHaveLength(3);
    for (const n of nats) {
      const cmd = s[n]!.command!;
      expect(cmd).toContain('-js');
      expect(cmd[cmd.indexOf('-n') + 1]).toBe(n);
      expect(cmd[cmd.indexOf('--cluster_name') + 1]).toBe('oj');
      const routes = cmd[cmd.indexOf('--routes') + 1]!.split(',').map((r) => new URL(r).hostname).sort();
      expect(routes).toEqual(nats.filter((o) => o !== n).sort());
    }
  });

  it('starts gateways, workers and runners with scripts that exist and settings their configuration accepts', () => {
    for (const name of ['gateway', 'worker', 'runner']) {
      const svc = s[name]!;
      expect(svc.command?.slice(0, 1)).toEqual(['pnpm']);
      checkProcess(svc.command![1]!, envOf(svc));
      expect(svc.deploy?.replicas ?? 1).toBeGreaterThanOrEqual(name === 'runner' ? 1 : 2);
    }
  });

  it('points every process at every NATS node and at the PostgreSQL service with its password', () => {
    for (const name of ['gateway', 'worker', 'runner']) {
      const urls = envOf(s[name]!).NATS_URL!.split(',').map((u) => new URL(u));
      expect(urls.map((u) => `${u.hostname}:${u.port}`).sort()).toEqual(nats.map((n) => `${n}:4222`).sort());
    }
    const db = new URL(envOf(s.gateway!).DATABASE_URL!);
    const pg = envOf(s.postgres!);
    expect(db.hostname).toBe('postgres');
    expect([decodeURIComponent(db.username), decodeURIComponent(db.password), db.pathname.slice(1)]).toEqual([pg.POSTGRES_USER, pg.POSTGRES_PASSWORD, pg.POSTGRES_DB]);
  });

  it('builds the targets the Dockerfile has', () => {
    const targets = [...read('deploy/Dockerfile').matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);
    for (const svc of Object.values(s)) if (svc.build?.target) expect(targets).toContain(svc.build.target);
  });

  it('proxies to the gateway service on the port a gateway listens on', () => {
    const upstream = /server (\S+):(\d+)/.exec(read('deploy/nginx.conf'))!;
    expect(upstream[1]).toBe('gateway');
    expect(Number(upstream[2])).toBe(loadGatewayConfig(envOf(s.gateway!)).port);
    expect(read('deploy/nginx.conf')).toMatch(/ip_hash;/);
  });
});

describe('deploy/systemd', () => {
  const dir = path.join(root, 'deploy/systemd');
  for (const unit of readdirSync(dir)) {
    it(`${unit} starts a script that exists with settings its configuration accepts`, () => {
      const text = readFileSync(path.join(dir, unit), 'utf8');
      expect(text).toMatch(/^EnvironmentFile=\/etc\/oj\/oj\.env$/m);
      const script = /^ExecStart=\/usr\/bin\/env pnpm (\S+)$/m.exec(text)![1]!;
      const own = Object.fromEntries(
        [...text.matchAll(/^Environment=(.*)$/gm)].flatMap((m) => m[1]!.split(' ').map((kv) => kv.split('=') as [string, string])),
      );
      // %i is the instance: a gateway's port.
      const env = { ...example, ...Object.fromEntries(Object.entries(own).map(([k, v]) => [k, v.replace('%i', '8081')])) };
      checkProcess(script, env, own);
    });
  }
});

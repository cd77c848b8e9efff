// The static part of every nsjail run, as nsjail's text configuration (written once per runner start, read by
// `nsjail --config` before the per-run flags): what its command line cannot say — a fresh, read-only /dev holding
// only the usual nodes, the jail's own /proc — and nsjail's seccomp policy refusing nested user namespaces.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';

/** Character devices bound from the host into the jail's /dev (as bwrap's `--dev` has them). */
export const DEV_NODES: readonly string[] = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom'];
/** Symlinks of the jail's /dev: target → link. */
const DEV_LINKS: readonly (readonly [string, string])[] = [
  ['/proc/self/fd', '/dev/fd'],
  ['/proc/self/fd/0', '/dev/stdin'],
  ['/proc/self/fd/1', '/dev/stdout'],
  ['/proc/self/fd/2', '/dev/stderr'],
];

/**
 * nsjail's seccomp policy (kafel), on top of oj-measure's own filter: no nested user namespace (unshare or clone with
 * CLONE_NEWUSER is EPERM; clone3, whose flags a filter cannot read, is ENOSYS so the C library falls back to clone).
 * nsjail has no knob for the jail's `user.max_user_namespaces`, so this is where it is refused.
 */
export const NSJAIL_SECCOMP_POLICY =
  'ERRNO(1) { clone { (clone_flags & 0x10000000) != 0 }, unshare { (unshare_flags & 0x10000000) != 0 } } ERRNO(38) { clone3 } DEFAULT ALLOW';

const str = (s: string) => JSON.stringify(s);

/** The configuration text (protobuf text format of nsjail's config.proto). */
export function nsjailConfigText(): string {
  const lines = [
    '# Written by the judge runner (judge-runner/src/sandbox/nsjail-config.ts); per-run flags follow on the command line.',
    // No `mount_proc`: /proc is mounted here, read-only, before anything else.
    'mount { dst: "/proc" fstype: "proc" rw: false is_dir: true }',
    // Read-only once every node is bound: a program can leave nothing in /dev for a later run.
    'mount { dst: "/dev" fstype: "tmpfs" options: "size=65536,mode=0755" rw: false is_dir: true }',
    ...DEV_NODES.map((n) => `mount { src: ${str(n)} dst: ${str(n)} is_bind: true rw: true is_dir: false }`),
    ...DEV_LINKS.map(([target, link]) => `mount { src: ${str(target)} dst: ${str(link)} is_symlink: true }`),
    `seccomp_string: ${str(NSJAIL_SECCOMP_POLICY)}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Writes the configuration into `cacheDir` (named by its content, replaced atomically) and returns its path. */
export async function writeNsjailConfig(cacheDir: string): Promise<string> {
  const text = nsjailConfigText();
  const file = path.join(cacheDir, `oj-nsjail-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.cfg`);
  await mkdir(cacheDir, { recursive: true, mode: 0o755 });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text, { mode: 0o644 });
  await rename(tmp, file);
  return file;
}

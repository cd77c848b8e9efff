// nsjail's text configuration (read by `nsjail --config` before the per-run flags): what its command line cannot say —
// a fresh, read-only /dev holding only the usual nodes, the jail's own /proc — and nsjail's seccomp policy refusing
// nested user namespaces; written once per runner start. A step with a writable /w gets a copy of its own, with /w's
// capped tmpfs and the work dir's directories and files in it (`writableWorkDirMounts`).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { WorkDirLayout } from './bwrap';

/** Character devices bound from the host into the jail's /dev (as bwrap's `--dev` has them). */
export const DEV_NODES: readonly string[] = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom', '/dev/tty'];
/** Symlinks of the jail's /dev: target → link. */
const DEV_LINKS: readonly (readonly [string, string])[] = [
  ['/proc/self/fd', '/dev/fd'],
  ['/proc/self/fd/0', '/dev/stdin'],
  ['/proc/self/fd/1', '/dev/stdout'],
  ['/proc/self/fd/2', '/dev/stderr'],
  ['pts/ptmx', '/dev/ptmx'],
];

/**
 * nsjail's seccomp policy (kafel), on top of oj-measure's own filter: no nested user namespace (unshare or clone with
 * CLONE_NEWUSER is EPERM; clone3, whose flags a filter cannot read, is ENOSYS so the C library falls back to clone).
 * nsjail has no knob for the jail's `user.max_user_namespaces`, so this is where it is refused.
 */
export const NSJAIL_SECCOMP_POLICY =
  'ERRNO(1) { clone { (clone_flags & 0x10000000) != 0 }, unshare { (unshare_flags & 0x10000000) != 0 } } ERRNO(38) { clone3 } DEFAULT ALLOW';

const str = (s: string) => JSON.stringify(s);

/**
 * A writable /w: a tmpfs of `bytes` (mode 0755, the slot uid's), the work dir's directories made in it and its files
 * bound read-only. nsjail can only make a directory as the parent of a mount point: each is made as the parent of
 * `<dir>/..`, a symlink that cannot be created (optional, so nothing is left but the directory).
 */
export function writableWorkDirMounts(layout: WorkDirLayout, bytes: number): string[] {
  return [
    `mount { dst: "/w" fstype: "tmpfs" options: "size=${bytes},mode=0755" rw: true is_dir: true }`,
    ...layout.dirs.map((d) => `mount { src: "." dst: ${str(`${d}/..`)} is_symlink: true mandatory: false }`),
    ...layout.files.map((f) => `mount { src: ${str(f.host)} dst: ${str(f.sandbox)} is_bind: true rw: false is_dir: false }`),
  ];
}

/** The configuration text (protobuf text format of nsjail's config.proto), with `extra` mounts after the static ones. */
export function nsjailConfigText(extra: readonly string[] = []): string {
  const lines = [
    '# Written by the judge runner (judge-runner/src/sandbox/nsjail-config.ts); per-run flags follow on the command line.',
    // No `mount_proc`: /proc is mounted here, read-only, before anything else.
    'mount { dst: "/proc" fstype: "proc" rw: false is_dir: true }',
    // Read-only once every node is bound: a program can leave nothing in /dev for a later run.
    'mount { dst: "/dev" fstype: "tmpfs" options: "size=65536,mode=0755" rw: false is_dir: true }',
    ...DEV_NODES.map((n) => `mount { src: ${str(n)} dst: ${str(n)} is_bind: true rw: true is_dir: false }`),
    // A devpts of its own, as bwrap's.
    'mount { dst: "/dev/pts" fstype: "devpts" options: "newinstance,ptmxmode=0666,mode=0620" rw: true is_dir: true }',
    ...DEV_LINKS.map(([target, link]) => `mount { src: ${str(target)} dst: ${str(link)} is_symlink: true }`),
    ...extra,
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

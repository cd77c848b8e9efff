// The runner's one languages table, keyed by the names of `LOCAL_LANGUAGES`: what it writes,
// compiles and runs for each, and the compile limits that end compiler bombs as Compile Error.
import { existsSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import { isCFamily, LOCAL_LANGUAGES } from '@oj/proto';
import { ETC_RUNTIME } from './sandbox/types';

/** Limits of one run as the language sees them (already doubled for non-C/C++). */
export interface RunLimitsView {
  memoryMb: number;
  stackMb: number;
}

export interface CompileLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  outputBytes: number;
  processes: number;
}

export interface LanguageDef {
  name: string;
  sourceFile: string;
  /** argv inside the sandbox (cwd /w), or null when there is no compile step. */
  compile: string[] | null;
  compileLimits: CompileLimits;
  run: (l: RunLimitsView) => string[];
  /** /etc entries the running program needs (compiling gets all of `ETC_TOOLCHAIN`). */
  runEtc: readonly string[];
  /** Host binaries that must exist for this language to be advertised. */
  requires: string[];
  /** Processes/threads the runtime needs for a plain single-threaded program. */
  runProcesses: number;
  /** See RunSpec.addressSpaceLimit. */
  addressSpaceLimit: boolean;
  /**
   * The file the run step starts, checked after a successful compile (compile-step.ts): missing, not a regular file
   * or (`executable`) not an executable ELF file is Compile Error with `missing` as the message.
   */
  artifact?: { file: string; executable: boolean; missing: string };
  /** A line added to a Compile Error message that the compiler's own words leave unclear (Java's class name). */
  compileHint?: (message: string) => string | null;
  env?: Record<string, string>;
  /**
   * What makes the compile cheaper without changing what it makes (compile-step.ts, compile-assets.ts): a failed
   * compile is always compiled again with `compile` alone, so a Compile Error and its message are exactly the plain
   * compiler's.
   */
  savings?: CompileSavings;
}

/** See `LanguageDef.savings` and docs/judge.md#compiling. */
export interface CompileSavings {
  /** Arguments put right after the compiler's path. */
  args?: readonly string[];
  /** Arguments put there when `file` exists on this machine (a faster linker). */
  ifPresent?: readonly { file: string; args: readonly string[] }[];
  /** Precompiled headers of these system headers (`#include <…>` names), built once per runner with `flags`. */
  pch?: { headers: readonly string[]; flags: readonly string[] };
  /** A class-data-sharing archive of the compiler's JVM (javac), built once per runner. */
  jvmCds?: true;
}

const MB = 1024 * 1024;
const SMALL: CompileLimits = { cpuMs: 5000, wallMs: 10_000, memoryMb: 256, outputBytes: 16 * MB, processes: 32 };
const LARGE: CompileLimits = { cpuMs: 10_000, wallMs: 20_000, memoryMb: 512, outputBytes: 64 * MB, processes: 32 };
const JAVA_COMPILE: CompileLimits = { ...LARGE, processes: 128, memoryMb: 1024 };
/** go build and rustc run many threads and need more memory (measured: Go ~0.3 GB, rustc -O ~0.4 GB for A+B). */
const NATIVE_TOOLCHAIN_COMPILE: CompileLimits = { cpuMs: 20_000, wallMs: 30_000, memoryMb: 1024, outputBytes: 16 * MB, processes: 256 };
/** A syntax check only (PHP -l, ruby -c, node --check). */
const SYNTAX_CHECK: CompileLimits = { ...SMALL, memoryMb: 512, processes: 64 };

/** The compiler flags of a C / C++ language: what its precompiled headers are built with too. */
function gccFlags(std: string, o2: boolean): string[] {
  return ['-DONLINE_JUDGE', '-w', '-fmax-errors=1', `-std=${std}`, ...(o2 ? ['-O2'] : [])];
}

function gcc(compiler: 'gcc' | 'g++', std: string, o2: boolean, src: string): string[] {
  return [`/usr/bin/${compiler}`, ...gccFlags(std, o2), src, '-lm', '-o', 'main'];
}

/**
 * gold links a C++ A+B in ~45 ms of CPU against ld.bfd's ~180 ms (C: ~31 against ~43 ms); it is part of binutils.
 * C++ compiles load `bits/stdc++.h` and `iostream` precompiled when the program includes one of them first.
 */
function gccSavings(compiler: 'gcc' | 'g++', std: string, o2: boolean): CompileSavings {
  const gold = { ifPresent: [{ file: '/usr/bin/ld.gold', args: ['-fuse-ld=gold'] }] };
  return compiler === 'g++' ? { ...gold, pch: { headers: ['bits/stdc++.h', 'iostream'], flags: gccFlags(std, o2) } } : gold;
}

/** The compiled program of a native language: /w/main, an executable ELF file. */
const nativeArtifact = (missing: string) => ({ file: 'main', executable: true, missing });

/** Java runs `java -cp /w Main`: the class must be Main, in the default package (javac -d . files a package's classes under it). */
const JAVA_CLASS_RULE = 'Java: the class must be named Main (public class Main, in Main.java) and stand outside any package (no package line).';

function native(name: string, compiler: 'gcc' | 'g++', std: string, o2: boolean): LanguageDef {
  const src = compiler === 'gcc' ? 'main.c' : 'main.cpp';
  return {
    name,
    sourceFile: src,
    compile: gcc(compiler, std, o2, src),
    savings: gccSavings(compiler, std, o2),
    compileLimits: compiler === 'gcc' ? SMALL : LARGE,
    run: () => ['/w/main'],
    runEtc: ETC_RUNTIME,
    requires: [`/usr/bin/${compiler}`],
    runProcesses: 16,
    addressSpaceLimit: true,
    artifact: nativeArtifact('The compiler made no executable program (main).'),
  };
}

export const LANGUAGES: readonly LanguageDef[] = [
  native('C', 'gcc', 'c11', false),
  native('C With O2', 'gcc', 'c11', true),
  native('C++', 'g++', 'c++14', false),
  native('C++ With O2', 'g++', 'c++14', true),
  native('C++ 17', 'g++', 'c++17', false),
  native('C++ 17 With O2', 'g++', 'c++17', true),
  native('C++ 20', 'g++', 'c++20', false),
  native('C++ 20 With O2', 'g++', 'c++20', true),
  {
    name: 'Java',
    sourceFile: 'Main.java',
    // javac is itself a JVM: bound its heap so the compile memory limit means something.
    compile: ['/usr/bin/javac', '-J-Xmx512m', '-J-XX:+UseSerialGC', '-J-XX:-UsePerfData', '-encoding', 'UTF-8', '-d', '.', 'Main.java'],
    // javac's own JIT: C1 only (C2 compiling javac costs more CPU than it saves on one file); with its classes
    // archived (CDS), ~0.8 s of CPU instead of ~1.8 s. Neither changes the class files javac writes.
    savings: { args: ['-J-XX:TieredStopAtLevel=1'], jvmCds: true },
    compileLimits: JAVA_COMPILE,
    run: (l) => [
      '/usr/bin/java',
      `-Xmx${l.memoryMb}m`,
      `-Xss${l.stackMb}m`,
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-XX:TieredStopAtLevel=1',
      '-Dfile.encoding=UTF-8',
      '-cp',
      '/w',
      'Main',
    ],
    // /usr/bin/java resolves through /etc/alternatives; the JVM reads its config from /etc/java-17-openjdk.
    runEtc: [...ETC_RUNTIME, '/etc/alternatives', '/etc/java-17-openjdk'],
    requires: ['/usr/bin/javac', '/usr/bin/java'],
    runProcesses: 64,
    // The JVM reserves far more address space than it uses: limited by cgroup / peak RSS instead.
    addressSpaceLimit: false,
    artifact: { file: 'Main.class', executable: false, missing: `javac wrote no Main.class.\n${JAVA_CLASS_RULE}` },
    compileHint: (message) => (/is public, should be declared in a file named/.test(message) ? JAVA_CLASS_RULE : null),
  },
  {
    name: 'Python3',
    sourceFile: 'main.py',
    compile: ['/usr/bin/python3', '-m', 'py_compile', 'main.py'],
    compileLimits: SMALL,
    run: () => ['/usr/bin/python3', '/w/main.py'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/python3'],
    runProcesses: 16,
    addressSpaceLimit: true,
    env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  },
  {
    name: 'JavaScript Node',
    sourceFile: 'main.js',
    // A syntax check, so a syntax error is Compile Error rather than Runtime Error.
    compile: ['/usr/bin/node', '--check', 'main.js'],
    compileLimits: SYNTAX_CHECK,
    run: (l) => ['/usr/bin/node', `--max-old-space-size=${l.memoryMb}`, `--stack-size=${Math.max(984, Math.floor((l.stackMb * 1024) / 2))}`, '/w/main.js'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/node'],
    runProcesses: 64,
    addressSpaceLimit: false,
  },
  {
    name: 'PyPy3',
    sourceFile: 'main.py',
    compile: ['/usr/bin/pypy3', '-m', 'py_compile', 'main.py'],
    compileLimits: SYNTAX_CHECK,
    run: () => ['/usr/bin/pypy3', '/w/main.py'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/pypy3'],
    runProcesses: 16,
    // PyPy's GC reserves address space beyond what it touches.
    addressSpaceLimit: false,
    env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
  },
  {
    name: 'Golang',
    sourceFile: 'main.go',
    // Its own Go environment: module mode off (a lone file), caches in the compile's private /tmp.
    compile: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    compileLimits: NATIVE_TOOLCHAIN_COMPILE,
    run: () => ['/w/main'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/go'],
    // The Go runtime starts a few threads of its own (GC, sysmon).
    runProcesses: 64,
    // The Go runtime reserves its heap arenas up front.
    addressSpaceLimit: false,
    // go build -o of a package other than main writes an archive, not a program.
    artifact: nativeArtifact('go build made no executable program: the file must be package main with a func main().'),
    env: { GO111MODULE: 'off', GOCACHE: '/tmp/go-cache', GOPATH: '/tmp/go', GOFLAGS: '-buildvcs=false', CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
  },
  {
    name: 'Rust',
    sourceFile: 'main.rs',
    compile: ['/usr/bin/rustc', '-O', '-o', 'main', 'main.rs'],
    compileLimits: NATIVE_TOOLCHAIN_COMPILE,
    run: () => ['/w/main'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/rustc'],
    runProcesses: 16,
    addressSpaceLimit: true,
    // A library crate (#![crate_type = "lib"]) compiles to an rlib, not a program.
    artifact: nativeArtifact('rustc made no executable program: the file must be a binary crate with fn main() (no #![crate_type]).'),
  },
  {
    name: 'C#',
    sourceFile: 'Main.cs',
    // mcs is a shell script running mcs.exe on mono; mono reads /etc/mono.
    compile: ['/usr/bin/mcs', '-optimize+', '-out:main', 'Main.cs'],
    compileLimits: { ...LARGE, memoryMb: 1024, processes: 128 },
    run: () => ['/usr/bin/mono', '/w/main'],
    runEtc: [...ETC_RUNTIME, '/etc/mono'],
    requires: ['/usr/bin/mcs', '/usr/bin/mono'],
    runProcesses: 64,
    // Mono's GC reserves address space up front.
    addressSpaceLimit: false,
    artifact: { file: 'main', executable: false, missing: 'mcs made no program (main).' },
  },
  {
    name: 'PHP',
    sourceFile: 'main.php',
    // Interpreted: `php -l` turns a syntax error into Compile Error. /usr/bin/php is an /etc/alternatives link.
    compile: ['/usr/bin/php8.2', '-l', 'main.php'],
    compileLimits: SYNTAX_CHECK,
    // No php.ini is bound: PHP's own 128 MB memory_limit is lifted so the judge's limit decides (MLE, not RE).
    run: () => ['/usr/bin/php8.2', '-d', 'memory_limit=-1', '/w/main.php'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/php8.2'],
    runProcesses: 16,
    addressSpaceLimit: true,
  },
  {
    name: 'Ruby',
    sourceFile: 'main.rb',
    compile: ['/usr/bin/ruby', '-c', 'main.rb'],
    compileLimits: SYNTAX_CHECK,
    run: () => ['/usr/bin/ruby', '/w/main.rb'],
    runEtc: ETC_RUNTIME,
    requires: ['/usr/bin/ruby'],
    // Ruby starts a timer thread.
    runProcesses: 16,
    addressSpaceLimit: false,
  },
];

const present = new Map<string, boolean>();
/** Whether a file exists, looked at once per runner. */
function isPresent(file: string): boolean {
  let p = present.get(file);
  if (p === undefined) present.set(file, (p = existsSync(file)));
  return p;
}

/**
 * The compile command with the language's savings (and `extra`, its compile assets' arguments) right after the
 * compiler's path; `lang.compile` itself when it has none. Null for a language without a compile step.
 */
export function compileArgv(lang: LanguageDef, extra: readonly string[] = []): string[] | null {
  if (!lang.compile) return null;
  const [bin, ...rest] = lang.compile;
  const s = lang.savings;
  const added = [...(s?.args ?? []), ...(s?.ifPresent ?? []).filter((p) => isPresent(p.file)).flatMap((p) => p.args), ...extra];
  return added.length ? [bin!, ...added, ...rest] : lang.compile;
}

const byName = new Map(LANGUAGES.map((l) => [l.name, l]));

export function findLanguage(name: string): LanguageDef | undefined {
  return byName.get(name);
}

/** Time and memory multiplier of the original product: C and C++ keep the configured limits, the rest get them doubled. */
export function limitFactor(language: string): number {
  return isCFamily(language) ? 1 : 2;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The languages whose toolchains are installed here, in `LOCAL_LANGUAGES` order. */
export async function detectLanguages(table: readonly LanguageDef[] = LANGUAGES): Promise<LanguageDef[]> {
  const known = new Set(LOCAL_LANGUAGES.map((l) => l.name));
  const out: LanguageDef[] = [];
  for (const lang of table) {
    if (!known.has(lang.name)) continue;
    if ((await Promise.all(lang.requires.map(exists))).every(Boolean)) out.push(lang);
  }
  return out;
}

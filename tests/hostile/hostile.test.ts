// Hostile programs through the real sandbox (the driver of OJ_SANDBOX, bwrap by default) and judge(): each ends with
// the verdict decided below, and the host is untouched — no connection, no leaked secret, no file written outside,
// no process left behind. The second part holds the sandbox's promises (docs/judge.md): some programs there are run
// through the sandbox alone, so that what the host kept of them (disk allocated, files) can be looked at after.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeEvent, type JudgeJob } from '@oj/proto';
import { createSandboxFactory, detectLanguages, ETC_RUNTIME, judge, UidInUseError, type CompileAssets, type JudgeDeps, type Limits, type SandboxFactory } from '@oj/judge-runner';
import { TEST_NSJAIL_PATH, TEST_SANDBOX_DRIVER } from '../support/sandbox-driver';
import { ASSETS_TIMEOUT_MS, readyCompileAssets } from './matrix-env';
import { makeJob } from '@oj/judge-runner/testing';

const UID = 22_000; // slot 0 of this suite's own uid range, so no other test's sandbox shares it
let root: string;
let deps: JudgeDeps;
let sandboxes: SandboxFactory;
let assets: CompileAssets | undefined;
let submitId = 100;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-hostile-'));
  await chmod(root, 0o711);
  sandboxes = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir: path.join(root, 'cache'), uidBase: UID });
  const languages = await detectLanguages();
  // Compiles as a runner's: with the compile assets (compiler bombs included).
  assets = await readyCompileAssets(sandboxes, languages);
  deps = { sandbox: sandboxes.forSlot(0), languages, workRoot: path.join(root, 'work'), judger: 'hostile', compileAssets: assets };
}, ASSETS_TIMEOUT_MS);

afterAll(async () => {
  assets?.close();
  await sandboxes.close();
  await rm(root, { recursive: true, force: true });
});

/** Pids of live processes whose real or effective uid is the sandbox's. */
async function sandboxProcesses(): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
    if (uids && (Number(uids[1]) === UID || Number(uids[2]) === UID)) found.push(Number(name));
  }
  return found;
}

afterEach(async () => {
  expect(await sandboxProcesses()).toEqual([]);
});

function job(code: string, input: string, output: string, over: Partial<JudgeJob['problem']> = {}, language = 'C'): JudgeJob {
  const cases = [{ caseId: 1, index: 1, input, output, score: 100, groupNum: null }];
  return makeJob(language, code, { problemId: 'HOSTILE', cases, ...over }, ++submitId);
}

async function verdictOf(j: JudgeJob) {
  const events: JudgeEvent[] = [];
  const final = await judge(j, { publishEvent: async (e) => void events.push(e) }, deps);
  return { status: final.status, case: final.cases[0], errorMessage: final.errorMessage };
}

/** Reads one path per input line; prints LEAK if any of them could be opened and read, else SAFE. */
const READ_PATHS = `#include <stdio.h>
#include <string.h>
#include <dirent.h>
int readable(const char *p) { FILE *f = fopen(p, "r"); if (!f) return 0; char b[64]; size_t n = fread(b, 1, sizeof b, f); fclose(f); return n > 0; }
int main() {
  char line[4096]; int leak = 0;
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\\n")] = 0;
    if (readable(line)) leak = 1;
    DIR *d = opendir(line);
    if (d) { struct dirent *e; char p[8192];
      while ((e = readdir(d))) { snprintf(p, sizeof p, "%s/%s/data/1.out", line, e->d_name); if (readable(p)) leak = 1;
        snprintf(p, sizeof p, "%s/%s/box/secret.txt", line, e->d_name); if (readable(p)) leak = 1; }
      closedir(d); }
  }
  puts(leak ? "LEAK" : "SAFE");
  return 0;
}
`;

describe(`hostile programs (${TEST_SANDBOX_DRIVER})`, () => {
  it('fork bomb: Time Limit Exceeded, nothing left running', async () => {
    const code = '#include <unistd.h>\nint main(){for(;;)fork();return 0;}\n';
    expect((await verdictOf(job(code, '', 'x\n'))).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it('connect to 127.0.0.1: the attempt fails (Wrong Answer) and the host server sees no connection', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const code = `#include <stdio.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <unistd.h>
int main(){int port;scanf("%d",&port);int s=socket(AF_INET,SOCK_STREAM,0);struct sockaddr_in a={0};a.sin_family=AF_INET;a.sin_port=htons(port);
a.sin_addr.s_addr=htonl(0x7f000001);puts(s>=0&&connect(s,(struct sockaddr*)&a,sizeof a)==0?"connected":"blocked");return 0;}
`;
    try {
      const v = await verdictOf(job(code, `${port}\n`, 'connected\n'));
      expect(v.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(v.case?.userOutput).toBe('blocked\n');
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it('read /etc/shadow, the test data, another submission and the runner dir: Wrong Answer (SAFE)', async () => {
    const other = path.join(deps.workRoot, 's999-v1-other', 'box');
    await mkdir(other, { recursive: true });
    await writeFile(path.join(other, 'secret.txt'), 'the other submission\n');
    try {
      const paths = ['/etc/shadow', '/proc/1/root/etc/shadow', deps.workRoot, path.join(other, 'secret.txt'), root, '/proc/1/fd/3'];
      const v = await verdictOf(job(READ_PATHS, `${paths.join('\n')}\n`, 'LEAK\n'));
      expect(v.status).toBe(JudgeStatus.WRONG_ANSWER);
      expect(v.case?.userOutput).toBe('SAFE\n');
    } finally {
      await rm(path.dirname(other), { recursive: true, force: true });
    }
  });

  it('write outside the work dir: Wrong Answer, and no file appears on the host', async () => {
    const marker = `oj-pwned-${process.pid}-${Date.now()}`;
    const targets = [`/usr/${marker}`, `/etc/${marker}`, `/w/${marker}`, path.join(deps.workRoot, marker), path.join(root, marker), `/tmp/${marker}`];
    const code = `#include <stdio.h>
#include <string.h>
int main(){char line[4096];int wrote=0;while(fgets(line,sizeof line,stdin)){line[strcspn(line,"\\n")]=0;FILE*f=fopen(line,"w");
if(f){fputs("pwned",f);fclose(f);if(strncmp(line,"/tmp/",5)!=0)wrote=1;}}puts(wrote?"WROTE":"DENIED");return 0;}
`;
    const v = await verdictOf(job(code, `${targets.join('\n')}\n`, 'WROTE\n'));
    expect(v.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(v.case?.userOutput).toBe('DENIED\n');
    // /tmp inside the sandbox is private: the write there succeeded but must not reach the host's /tmp.
    for (const t of [...targets, path.join(os.tmpdir(), marker)]) expect(existsSync(t), t).toBe(false);
  });

  it('allocate and touch 2 GB: Memory Limit Exceeded', async () => {
    const code = '#include <stdlib.h>\n#include <string.h>\nint main(){size_t n=2048UL<<20;char*p=malloc(n);if(!p)return 1;memset(p,7,n);return p[n-1]==7?0:1;}\n';
    expect((await verdictOf(job(code, '', '\n'))).status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  });

  it('infinite loop: Time Limit Exceeded', async () => {
    expect((await verdictOf(job('int main(){volatile int x=0;for(;;)x++;}\n', '', '\n'))).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it('sleep forever: Time Limit Exceeded (wall clock)', async () => {
    const v = await verdictOf(job('#include <unistd.h>\nint main(){for(;;)sleep(1000);}\n', '', '\n', { timeLimitMs: 200 }));
    expect(v.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(v.case?.time).toBeLessThan(200);
  });

  it('1 GB of output: Runtime Error "Output Limit Exceeded"', async () => {
    const code = '#include <stdio.h>\n#include <string.h>\nint main(){static char b[1<<20];memset(b,65,sizeof b);for(int i=0;i<1024;i++)fwrite(b,1,sizeof b,stdout);return 0;}\n';
    const v = await verdictOf(job(code, '', 'A\n', { timeLimitMs: 3000 }));
    expect(v.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(v.case?.message).toBe('Output Limit Exceeded');
  });

  it('stack overflow: Runtime Error (SIGSEGV)', async () => {
    const code = '#include <stdio.h>\nint f(int n){volatile char pad[4096];pad[0]=(char)n;return f(n+1)+pad[0];}\nint main(){printf("%d\\n",f(0));return 0;}\n';
    const v = await verdictOf(job(code, '', '\n'));
    expect(v.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(v.case?.message).toMatch(/SIGSEGV/);
  });

  it('kill every process it can, then answer: its supervisor survives and the answer is judged (Accepted)', async () => {
    const code = '#include <stdio.h>\n#include <signal.h>\nint main(){kill(-1,SIGKILL);kill(1,SIGKILL);int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}\n';
    expect((await verdictOf(job(code, '1 2\n', '3\n'))).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('escape with setsid and keep running: ends with the run, Accepted, nothing survives', async () => {
    const code = '#include <stdio.h>\n#include <unistd.h>\nint main(){if(fork()==0){setsid();for(;;)sleep(1);}puts("3");return 0;}\n';
    expect((await verdictOf(job(code, '', '3\n'))).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('a Python program reading /etc/shadow and the work root: Runtime Error', async () => {
    const code = `import sys\nfor p in sys.stdin.read().split():\n    print(open(p).read())\n`;
    const v = await verdictOf(job(code, `/etc/shadow ${deps.workRoot}\n`, 'x\n', {}, 'Python3'));
    expect(v.status).toBe(JudgeStatus.RUNTIME_ERROR);
  });
  // ---- widened ----

  it('fork limit: forking 200 children fails past the cap (Accepted: LIMITED), nothing survives', async () => {
    const code = '#include <stdio.h>\n#include <unistd.h>\nint main(){int ok=0;for(int i=0;i<200;i++){int p=fork();if(p==0){sleep(30);_exit(0);}if(p<0)break;ok++;}puts(ok<200?"LIMITED":"UNLIMITED");return 0;}\n';
    expect((await verdictOf(job(code, '', 'LIMITED\n'))).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('CPU time of threads is summed: 4 spinning threads get Time Limit Exceeded at the CPU limit', async () => {
    const code = '#include <pthread.h>\nvoid*spin(void*a){volatile unsigned long x=0;for(;;)x++;return a;}\nint main(){pthread_t t[4];for(int i=0;i<4;i++)pthread_create(&t[i],0,spin,0);pthread_join(t[0],0);return 0;}\n';
    const v = await verdictOf(job(code, '', '\n', { timeLimitMs: 500 }));
    expect(v.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(v.case?.time).toBeGreaterThanOrEqual(500);
  });

  it('double-fork daemon escape: killed with the run (Accepted), nothing left', async () => {
    const code = '#include <stdio.h>\n#include <unistd.h>\nint main(){if(fork()==0){setsid();if(fork()==0){for(;;)pause();}_exit(0);}puts("3");return 0;}\n';
    expect((await verdictOf(job(code, '', '3\n'))).status).toBe(JudgeStatus.ACCEPTED);
  });

  it("signalling the runner by pid: not reachable from the sandbox's pid namespace (Accepted), the runner lives", async () => {
    const code = '#include <stdio.h>\n#include <signal.h>\nint main(){int pid;scanf("%d",&pid);int r=kill(pid,SIGKILL)+kill(pid,SIGTERM);puts("ALIVE");return r>99;}\n';
    expect((await verdictOf(job(code, `${process.pid}\n`, 'ALIVE\n'))).status).toBe(JudgeStatus.ACCEPTED);
    expect(process.pid).toBeGreaterThan(0);
  });

  it('ptrace its supervisor, reboot, mount, unshare, setuid: all refused (Accepted: DENIED)', async () => {
    const code = `#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/reboot.h>
#include <unistd.h>
int main(){int ok=0;
ok+=ptrace(PTRACE_ATTACH,1,0,0)==0; ok+=reboot(RB_POWER_OFF)==0; ok+=mount("none","/tmp","tmpfs",0,0)==0;
ok+=unshare(CLONE_NEWUSER)==0; ok+=unshare(CLONE_NEWNS)==0; ok+=setuid(0)==0; ok+=chroot("/tmp")==0;
puts(ok?"ALLOWED":"DENIED");return 0;}
`;
    const v = await verdictOf(job(code, '', 'DENIED\n'));
    expect(v.status, v.case?.userOutput).toBe(JudgeStatus.ACCEPTED);
  });

  it('/proc shows only the sandbox; the host name is not visible (Accepted: PRIVATE)', async () => {
    const code = `#include <dirent.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(){char host[256];scanf("%255s",host);int n=0;DIR*d=opendir("/proc");struct dirent*e;while(d&&(e=readdir(d)))if(isdigit((unsigned char)e->d_name[0]))n++;
char me[256]="";gethostname(me,sizeof me);puts(n<=4&&strcmp(me,host)!=0?"PRIVATE":"LEAK");return 0;}
`;
    const v = await verdictOf(job(code, `${os.hostname()}\n`, 'PRIVATE\n'));
    expect(v.status, v.case?.userOutput).toBe(JudgeStatus.ACCEPTED);
  });

  it('filling /dev/shm: ends within the memory limit (Memory Limit Exceeded), nothing reaches the host /dev/shm', async () => {
    const marker = `oj-shm-${process.pid}-${Date.now()}`;
    const code = `#include <stdio.h>
#include <string.h>
int main(){static char b[1<<20];memset(b,1,sizeof b);FILE*f=fopen("/dev/shm/${marker}","w");if(!f){puts("NOSHM");return 0;}
for(int i=0;i<2048;i++)if(fwrite(b,1,sizeof b,f)!=sizeof b)break;fclose(f);puts("DONE");return 0;}
`;
    const v = await verdictOf(job(code, '', 'NOSHM\n'));
    expect([JudgeStatus.MEMORY_LIMIT_EXCEEDED, JudgeStatus.ACCEPTED, JudgeStatus.RUNTIME_ERROR]).toContain(v.status);
    expect(existsSync(`/dev/shm/${marker}`)).toBe(false);
  });

  it('file descriptors and files do not leak between cases: case 2 sees nothing of case 1 (Accepted)', async () => {
    const code = `#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(){int k;scanf("%d",&k);if(k==1){open("/w/main",O_RDONLY);FILE*f=fopen("/tmp/note","w");if(f){fputs("hi",f);fclose(f);}
if(fork()==0){setsid();for(;;)pause();}puts("1");return 0;}
int fds=0;for(int fd=3;fd<256;fd++)if(fcntl(fd,F_GETFD)!=-1)fds++;printf("%d %d\\n",fds,access("/tmp/note",F_OK)==0);return 0;}
`;
    const cases = [
      { caseId: 1, index: 1, input: '1\n', output: '1\n', score: 50, groupNum: null },
      { caseId: 2, index: 2, input: '2\n', output: '0 0\n', score: 50, groupNum: null },
    ];
    const final = await judge(makeJob('C', code, { problemId: 'HOSTILE', cases }, ++submitId), { publishEvent: async () => undefined }, deps);
    expect(final.cases.map((c) => c.userOutput)).toEqual(['1\n', '0 0\n']);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
  });

  it('compile bomb: #include "/dev/urandom" is a Compile Error', async () => {
    const v = await verdictOf(job('#include "/dev/urandom"\nint main(){return 0;}\n', '', '\n'));
    expect(v.status).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('compile bomb: template explosion is a Compile Error (limit), quickly', async () => {
    const code = `template<int N, int M> struct E { enum { v = E<N - 1, M>::v + E<N, M - 1>::v }; };
template<int M> struct E<0, M> { enum { v = 1 }; };
template<int N> struct E<N, 0> { enum { v = 1 }; };
int main() { return E<1200, 1200>::v; }
`;
    const v = await verdictOf(job(code, '', '\n', {}, 'C++'));
    expect(v.status).toBe(JudgeStatus.COMPILE_ERROR);
  });

  it('compile bomb: exponential macro expansion is a Compile Error; the message is cut to 4 KiB', async () => {
    const levels = ['#define A0 x x x x x x x x x x'];
    for (let i = 1; i <= 8; i++) levels.push(`#define A${i} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1} A${i - 1}`);
    const code = `${levels.join('\n')}\nint main(){ A8 }\n`;
    const v = await verdictOf(job(code, '', '\n'));
    expect(v.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect((v.errorMessage ?? '').length).toBeLessThanOrEqual(4096 + 100);
  });

  it('huge compiler output (a 4 MB line in a diagnostic): Compile Error with a bounded message', async () => {
    const code = `int main(){ return ${'x'.repeat(4 << 20)}; }\n`;
    const v = await verdictOf(job(code, '', '\n'));
    expect(v.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect((v.errorMessage ?? '').length).toBeLessThanOrEqual(4096 + 100);
  });
});

// ---- the sandbox's promises (issue 14) ----

const execFileP = promisify(execFile);
const MB = 1 << 20;
const DIRECT_LIMITS: Limits = { cpuMs: 2000, wallMs: 6000, memoryKb: 256 * 1024, outputBytes: 32 * MB, processes: 16, stackKb: 8192 };

/** Compiles `code` with the host's gcc into a fresh box and runs it once through the suite's sandbox, outside judge():
 * its stdio files and work dir stay for the test to look at. */
async function runDirect(code: string, over: { limits?: Partial<Limits>; writable?: boolean } = {}) {
  const dir = await mkdtemp(path.join(root, 'direct-'));
  await chmod(dir, 0o711);
  const box = path.join(dir, 'box');
  await mkdir(box);
  await writeFile(path.join(dir, 'prog.c'), code);
  await execFileP('gcc', ['-O2', '-o', path.join(box, 'prog'), path.join(dir, 'prog.c')]);
  const files = { stdout: path.join(dir, 'out'), stderr: path.join(dir, 'err') };
  const limits = { ...DIRECT_LIMITS, ...over.limits };
  const result = await deps.sandbox.run({ argv: ['/w/prog'], workDir: box, writableWorkDir: over.writable ?? false, stdoutFile: files.stdout, stderrFile: files.stderr, limits, etc: ETC_RUNTIME });
  return { result, box, ...files };
}

/** Bytes the host really allocated for a file or a tree (st_blocks, as du counts them). */
async function allocated(p: string): Promise<number> {
  const st = await lstat(p);
  if (!st.isDirectory()) return st.blocks * 512;
  let sum = st.blocks * 512;
  for (const e of await readdir(p)) sum += await allocated(path.join(p, e));
  return sum;
}

/** Runs one program on several cases (a warm sandbox when the driver has one); the outputs, in order. */
async function judgeCases(code: string, inputs: string[], over: Partial<JudgeJob['problem']> = {}) {
  const cases = inputs.map((input, i) => ({ caseId: i + 1, index: i + 1, input, output: 'x\n', score: 10, groupNum: null }));
  const t0 = performance.now();
  const final = await judge(makeJob('C', code, { problemId: 'HOSTILE', type: 1, cases, ...over }, ++submitId), { publishEvent: async () => undefined }, deps);
  return { final, outputs: final.cases.map((c) => c.userOutput), ms: performance.now() - t0 };
}

describe(`the sandbox's promises (${TEST_SANDBOX_DRIVER})`, () => {
  it('output: fallocate (KEEP_SIZE, PUNCH_HOLE), posix_fallocate, ftruncate and sparse seeks on stdout and stderr reserve nothing past the limits on the host', async () => {
    const code = `#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
int main(void) {
  signal(SIGXFSZ, SIG_IGN);
  const long long G = 1LL << 30;
  for (int fd = 1; fd <= 2; fd++) {
    fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, G);
    fallocate(fd, FALLOC_FL_KEEP_SIZE, G, G);
    fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4096);
    fallocate(fd, 0, 0, G);
    posix_fallocate(fd, 0, G);
    ftruncate(fd, 8 * G);
    lseek(fd, 30 << 20, SEEK_SET);
    (void)!write(fd, "x", 1);
  }
  const char *mine[] = {"/tmp/f", "/dev/shm/f", "/w/f"};
  for (int i = 0; i < 3; i++) { int f = open(mine[i], O_CREAT | O_WRONLY, 0600); if (f >= 0) { fallocate(f, FALLOC_FL_KEEP_SIZE, 0, 8 * G); ftruncate(f, 8 * G); close(f); } }
  return 0;
}
`;
    const { result, stdout, stderr } = await runDirect(code);
    expect(result.exitCode, JSON.stringify(result)).toBe(0);
    // stdout: at most the output limit really allocated; stderr: at most its own 1 MiB cap.
    expect(await allocated(stdout)).toBeLessThanOrEqual(DIRECT_LIMITS.outputBytes + MB);
    expect(await allocated(stderr)).toBeLessThanOrEqual(MB + 64 * 1024);
  });

  it('output: a step with a writable /w (compiling, file IO) cannot store more than its cap on the host, however many files it writes', async () => {
    const code = `#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  signal(SIGXFSZ, SIG_IGN);
  static char b[1 << 20];
  memset(b, 'a', sizeof b);
  int files = 0;
  for (int i = 0; i < 32; i++) {
    char name[32]; snprintf(name, sizeof name, "/w/f%d", i);
    int f = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0600), ok = f >= 0;
    for (int j = 0; ok && j < 16; j++) ok = write(f, b, sizeof b) == (ssize_t)sizeof b;
    if (f >= 0) close(f);
    if (!ok) break;
    files++;
  }
  int f = open("/w/big", O_CREAT | O_WRONLY, 0600);
  if (f >= 0) { fallocate(f, FALLOC_FL_KEEP_SIZE, 0, 2LL << 30); close(f); }
  printf("%d\\n", files);
  return 0;
}
`;
    const outputBytes = 16 * MB;
    const { result, box, stdout } = await runDirect(code, { writable: true, limits: { outputBytes } });
    expect(result.signal, JSON.stringify(result)).toBeNull();
    // The step wrote files up to its cap (2 × the per-file limit + 64 MiB), not 512 MiB and a 2 GiB reservation.
    expect(Number(await readFile(stdout, 'utf8'))).toBeGreaterThan(0);
    expect(await allocated(box)).toBeLessThanOrEqual(2 * outputBytes + 64 * MB + 2 * MB);
    // What it did write came back: the first file, whole.
    expect((await stat(path.join(box, 'f0'))).size).toBe(outputBytes);
  });

  it('stderr is capped on its own (1 MiB kept), never counts as output, never ends the run: 40 MB on stderr is still Accepted', async () => {
    const code = '#include <stdio.h>\n#include <string.h>\nint main(){static char b[1<<20];memset(b,69,sizeof b);for(int i=0;i<40;i++)fwrite(b,1,sizeof b,stderr);int a,c;scanf("%d %d",&a,&c);printf("%d\\n",a+c);return 0;}\n';
    const v = await verdictOf(job(code, '1 2\n', '3\n'));
    expect(v.status, v.case?.message).toBe(JudgeStatus.ACCEPTED);
    const { result, stderr } = await runDirect(code.replace('scanf("%d %d",&a,&c)', 'a=1;c=2'));
    expect(result).toMatchObject({ exitCode: 0, outputExceeded: false });
    expect((await stat(stderr)).size).toBe(MB);
  });

  it('/dev: a fresh, read-only set of the usual nodes in every case; nothing can be left there, /dev/shm is fresh too', async () => {
    const code = `#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
  int k; if (scanf("%d", &k) != 1) return 2;
  int seen = access("/dev/oj-note", F_OK) == 0 || access("/dev/oj-dir", F_OK) == 0 || access("/dev/shm/oj-note", F_OK) == 0;
  int made = 0; FILE *f = fopen("/dev/oj-note", "w"); if (f) { made++; fclose(f); }
  made += mkdir("/dev/oj-dir", 0777) == 0; made += mkfifo("/dev/oj-fifo", 0600) == 0; made += symlink("/tmp", "/dev/oj-link") == 0;
  made += chmod("/dev/null", 0600) == 0;
  int nodes = 0; char c = 1;
  int z = open("/dev/zero", O_RDONLY); nodes += z >= 0 && read(z, &c, 1) == 1 && c == 0;
  int n = open("/dev/null", O_WRONLY); nodes += n >= 0 && write(n, "x", 1) == 1;
  int fu = open("/dev/full", O_WRONLY); nodes += fu >= 0 && write(fu, "x", 1) < 0 && errno == ENOSPC;
  int r = open("/dev/urandom", O_RDONLY); nodes += r >= 0 && read(r, &c, 1) == 1;
  int r2 = open("/dev/random", O_RDONLY); nodes += r2 >= 0 && read(r2, &c, 1) == 1;
  nodes += access("/dev/stdin", R_OK) == 0 && access("/dev/stdout", W_OK) == 0 && access("/dev/stderr", W_OK) == 0 && access("/dev/fd/0", F_OK) == 0;
  FILE *s = fopen("/dev/shm/oj-note", "w"); int shm = s != NULL; if (s) fclose(s);
  printf("%d %d %d %d\\n", seen, made, nodes, shm);
  return 0;
}
`;
    const { outputs } = await judgeCases(code, ['1\n', '2\n']);
    expect(outputs).toEqual(['0 0 6 1\n', '0 0 6 1\n']);
  });

  it('/tmp: a 25,000-deep directory chain in one case is gone in the next, at once (a fresh tmpfs, never walked); so are a changed mode and xattr', async () => {
    const code = `#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
int main(void) {
  int k; if (scanf("%d", &k) != 1 || chdir("/tmp") != 0) return 2;
  if (k == 1) { for (int i = 0; i < 25000; i++) if (mkdir("d", 0700) != 0 || chdir("d") != 0) { printf("stopped %d\\n", i); return 0; } chmod(".", 0); puts("deep"); return 0; }
  if (k == 3) { int x = setxattr("/tmp", "user.oj", "x", 1, 0) == 0; printf("%d %d\\n", chmod("/tmp", 0700) == 0, x); return 0; }
  int n = 0; DIR *d = opendir("/tmp"); struct dirent *e;
  while (d && (e = readdir(d))) if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
  struct stat st; stat("/tmp", &st); char v[8];
  printf("%d %o %d\\n", n, (unsigned)(st.st_mode & 07777), getxattr("/tmp", "user.oj", v, sizeof v) > 0);
  return 0;
}
`;
    const { final, outputs, ms } = await judgeCases(code, ['1\n', '2\n', '3\n', '2\n']);
    expect(outputs[0]).toBe('deep\n');
    expect(outputs[1]).toBe('0 1777 0\n');
    expect(outputs[2]).toMatch(/^1 [01]\n$/);
    expect(outputs[3]).toBe('0 1777 0\n');
    expect(final.cases.map((c) => c.status)).not.toContain(JudgeStatus.SYSTEM_ERROR);
    expect(ms).toBeLessThan(8000);
  });

  it.skipIf(process.getuid?.() !== 0)('memory: a program that makes itself no likelier an OOM victim than its supervisor and fills tmpfs past its limit is MLE, never System Error', async () => {
    const code = `#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  FILE *o = fopen("/proc/self/oom_score_adj", "w"); if (o) { fputs("0", o); fclose(o); }
  static char b[1 << 16]; memset(b, 1, sizeof b);
  long long total = 0;
  /* 16 MiB files (under the output limit), in /dev/shm and /tmp: up to 128 MiB of tmpfs, no RSS of its own. */
  for (int i = 0; i < 8; i++) { char name[32]; snprintf(name, sizeof name, "%s/fill%d", i % 2 ? "/tmp" : "/dev/shm", i);
    int f = open(name, O_CREAT | O_WRONLY, 0600); if (f < 0) continue;
    for (int j = 0; j < 256; j++) { if (write(f, b, sizeof b) != (ssize_t)sizeof b) break; total += sizeof b; } close(f); }
  printf("%lld\\n", total >> 20);
  return 0;
}
`;
    for (let i = 0; i < 3; i++) {
      const v = await verdictOf(job(code, '', 'x\n', { memoryLimitMb: 32 }));
      expect(v.status, `${v.errorMessage ?? ''} ${v.case?.message ?? ''} ${v.case?.userOutput ?? ''}`).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
    }
  });

  it('keyrings: add_key and keyctl are refused, and nothing a case puts in a keyring reaches the next', async () => {
    const code = `#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(void) {
  int k; if (scanf("%d", &k) != 1) return 2;
  if (k == 1) {
    long u = syscall(SYS_add_key, "user", "oj-k14", "secret", 6, -4), s = syscall(SYS_add_key, "user", "oj-k14s", "secret", 6, -3);
    long id = syscall(SYS_keyctl, 0, -3, 0);
    puts(u < 0 && s < 0 && id < 0 ? "refused" : "allowed");
    return 0;
  }
  long a = syscall(SYS_request_key, "user", "oj-k14", 0, 0), b = syscall(SYS_request_key, "user", "oj-k14s", 0, 0);
  long c = syscall(SYS_keyctl, 10, -4, "user", "oj-k14", 0);
  puts(a < 0 && b < 0 && c < 0 ? "absent" : "found");
  return 0;
}
`;
    const { outputs } = await judgeCases(code, ['1\n', '2\n']);
    expect(outputs).toEqual(['refused\n', 'absent\n']);
  });

  it("/proc: the host's uptime, load, boot time, counters and free memory are not shown; the CPU count and total memory are", async () => {
    const code = `#include <stdio.h>
#include <string.h>
#include <unistd.h>
static void first_line_with(const char *file, const char *key) {
  char line[512]; FILE *f = fopen(file, "r"); if (!f) { printf("%s -\\n", key); return; }
  while (fgets(line, sizeof line, f)) if (!strncmp(line, key, strlen(key))) { fputs(line, stdout); fclose(f); return; }
  printf("%s -\\n", key); fclose(f);
}
int main(void) {
  char u[128] = "-", l[128] = "-"; FILE *f = fopen("/proc/uptime", "r"); if (f) { fgets(u, sizeof u, f); fclose(f); }
  f = fopen("/proc/loadavg", "r"); if (f) { fgets(l, sizeof l, f); fclose(f); }
  printf("uptime %sloadavg %s", u, l);
  first_line_with("/proc/stat", "btime"); first_line_with("/proc/stat", "ctxt"); first_line_with("/proc/stat", "processes");
  first_line_with("/proc/meminfo", "MemTotal"); first_line_with("/proc/meminfo", "MemFree"); first_line_with("/proc/meminfo", "Cached");
  printf("cpus %ld\\n", sysconf(_SC_NPROCESSORS_ONLN));
  return 0;
}
`;
    const v = await verdictOf(job(code, '', 'x\n'));
    const seen = Object.fromEntries((v.case?.userOutput ?? '').trim().split('\n').map((l) => [l.split(/[\s:]+/)[0], l.split(/[\s:]+/).slice(1)]));
    const host = (file: string, key: string) => Number(new RegExp(`^${key}:?\\s+(\\d+)`, 'm').exec(readFileSync(file, 'utf8'))?.[1]);
    const hostUptime = Number((await readFile('/proc/uptime', 'utf8')).split(' ')[0]);
    expect(Math.abs(Number(seen.uptime?.[0]) - hostUptime), v.case?.userOutput).toBeGreaterThan(5);
    // loadavg's 4th field is running/all of the host's tasks, its 5th the host's last pid.
    expect(Number(seen.loadavg?.[3]?.split('/')[1])).toBeLessThan(10);
    expect(seen.btime?.[0]).not.toBe(String(host('/proc/stat', 'btime')));
    expect(Number(seen.ctxt?.[0])).toBeLessThan(host('/proc/stat', 'ctxt') / 2);
    expect(Number(seen.processes?.[0])).toBeLessThan(host('/proc/stat', 'processes') / 2);
    expect(Number(seen.MemTotal?.[0])).toBe(host('/proc/meminfo', 'MemTotal'));
    expect(Number(seen.MemFree?.[0])).toBe(host('/proc/meminfo', 'MemTotal'));
    expect(Number(seen.Cached?.[0])).toBe(0);
    expect(Number(seen.cpus?.[0])).toBe(os.cpus().length);
  });

  it('CPU: children spinning while the main process waits are stopped at the CPU limit (not the wall), their time counted', async () => {
    const code = '#include <sys/wait.h>\n#include <unistd.h>\nint main(){for(int i=0;i<2;i++)if(fork()==0){volatile unsigned long x=0;for(;;)x++;}for(;;)pause();}\n';
    // A wall limit far past the CPU limit: however loaded the machine, the CPU limit must be what stops it.
    const limits = { cpuMs: 1000, wallMs: 10_000 };
    const { result, box, stdout, stderr } = await runDirect(code, { limits });
    // Stopped when the children's CPU reached the limit (polled every 50 ms), not left to burn until the wall clock.
    expect(result.cpuExceeded, JSON.stringify(result)).toBe(true);
    expect(result.wallExceeded, JSON.stringify(result)).toBe(false);
    expect(result.cpuMs).toBeGreaterThanOrEqual(1000);
    expect(result.cpuMs).toBeLessThan(1500);
    // The same in a warm sandbox (how judge() runs test cases), where the driver has one.
    if (!deps.sandbox.openWarm) return;
    const warm = await deps.sandbox.openWarm({ argv: ['/w/prog'], workDir: box, ioDir: path.join(path.dirname(box), 'warm'), limits: { ...DIRECT_LIMITS, ...limits }, etc: ETC_RUNTIME });
    try {
      const r = await warm.run({ stdoutFile: stdout, stderrFile: stderr, limits: { ...DIRECT_LIMITS, ...limits } });
      expect(r, JSON.stringify(r)).toMatchObject({ cpuExceeded: true, wallExceeded: false });
      expect(r.cpuMs).toBeGreaterThanOrEqual(1000);
      expect(r.cpuMs).toBeLessThan(1500);
    } finally {
      await warm.close();
    }
  });

  it('seccomp: keyrings, bpf, userfaultfd, perf, io_uring, mounts, namespaces, ptrace, other processes, modules, file handles are refused; clone3 is ENOSYS, fallocate EOPNOTSUPP', async () => {
    const code = `#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
static int bad = 0;
static void expect_errno(const char *name, long r, int want) { if (r >= 0 || (want && errno != want)) { printf("%s ", name); bad = 1; } }
int main(void) {
  expect_errno("keyctl", syscall(SYS_keyctl, 0, -3, 0), 0);
  expect_errno("add_key", syscall(SYS_add_key, "user", "k", "v", 1, -3), 0);
  expect_errno("request_key", syscall(SYS_request_key, "user", "k", 0, 0), EPERM);
  union { char b[128]; unsigned u[32]; } attr; memset(&attr, 0, sizeof attr); attr.u[0] = 2; attr.u[1] = 4; attr.u[2] = 4; attr.u[3] = 1;
  expect_errno("bpf", syscall(SYS_bpf, 0, &attr, 72), EPERM);
  expect_errno("userfaultfd", syscall(SYS_userfaultfd, 1), EPERM);
  struct perf_event_attr pe; memset(&pe, 0, sizeof pe); pe.type = PERF_TYPE_SOFTWARE; pe.size = sizeof pe; pe.config = PERF_COUNT_SW_TASK_CLOCK; pe.exclude_kernel = 1;
  expect_errno("perf_event_open", syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0), EPERM);
  char params[120]; memset(params, 0, sizeof params);
  expect_errno("io_uring_setup", syscall(SYS_io_uring_setup, 4, params), EPERM);
  expect_errno("mount", syscall(SYS_mount, "none", "/tmp", "tmpfs", 0, 0), EPERM);
  expect_errno("umount2", syscall(SYS_umount2, "/tmp", 2), EPERM);
  expect_errno("open_tree", syscall(SYS_open_tree, AT_FDCWD, "/tmp", 1), EPERM);
  expect_errno("fsopen", syscall(SYS_fsopen, "tmpfs", 0), EPERM);
  expect_errno("unshare", syscall(SYS_unshare, CLONE_NEWUSER), EPERM);
  expect_errno("setns", syscall(SYS_setns, 0, 0), EPERM);
  expect_errno("clone(NEWNS)", syscall(SYS_clone, CLONE_NEWNS | SIGCHLD, 0, 0, 0, 0), EPERM);
  expect_errno("clone3", syscall(SYS_clone3, 0, 0), ENOSYS);
  expect_errno("ptrace", syscall(SYS_ptrace, 0 /* TRACEME */, 0, 0, 0), EPERM);
  char buf[8] = "abc", dst[8]; struct iovec l = {dst, 3}, r = {buf, 3};
  expect_errno("process_vm_readv", syscall(SYS_process_vm_readv, getpid(), &l, 1, &r, 1, 0), EPERM);
  expect_errno("kcmp", syscall(SYS_kcmp, getpid(), getpid(), 0, 0, 0), EPERM);
  expect_errno("pidfd_getfd", syscall(SYS_pidfd_getfd, 0, 0, 0), EPERM);
  expect_errno("init_module", syscall(SYS_init_module, 0, 0, ""), EPERM);
  expect_errno("kexec_load", syscall(SYS_kexec_load, 0, 0, 0, 0), EPERM);
  expect_errno("reboot", syscall(SYS_reboot, 0, 0, 0, 0), EPERM);
  expect_errno("swapon", syscall(SYS_swapon, "/tmp/x", 0), EPERM);
  expect_errno("acct", syscall(SYS_acct, 0), EPERM);
  char handle[128]; int mount_id; memset(handle, 0, sizeof handle); ((unsigned *)handle)[0] = 120;
  expect_errno("name_to_handle_at", syscall(SYS_name_to_handle_at, AT_FDCWD, "/w", handle, &mount_id, 0), EPERM);
  expect_errno("open_by_handle_at", syscall(SYS_open_by_handle_at, AT_FDCWD, handle, 0), EPERM);
  expect_errno("fanotify_init", syscall(SYS_fanotify_init, 0x200 /* FAN_REPORT_FID */, 0), EPERM);
  expect_errno("personality(ADDR_NO_RANDOMIZE)", syscall(SYS_personality, ADDR_NO_RANDOMIZE), EPERM);
  expect_errno("fallocate", syscall(SYS_fallocate, 1, 1 /* KEEP_SIZE */, 0, 1 << 20), EOPNOTSUPP);
  /* What programs need still works: threads, fork, the personality query. */
  if (personality(0xffffffff) < 0) { printf("personality-query "); bad = 1; }
  pid_t p = fork(); if (p == 0) _exit(0); if (p < 0) { printf("fork "); bad = 1; }
  puts(bad ? "ALLOWED" : "DENIED");
  return 0;
}
`;
    const v = await verdictOf(job(code, '', 'DENIED\n'));
    expect(v.status, v.case?.userOutput).toBe(JudgeStatus.ACCEPTED);
  });

  it('seccomp: a syscall through another ABI (i386 int 0x80, x32) kills the program (Runtime Error), it does not run', async () => {
    const i386 = '#include <stdio.h>\nint main(){long r;__asm__ volatile("int $0x80":"=a"(r):"a"(20L));printf("%ld\\n",r);return 0;}\n';
    const v = await verdictOf(job(i386, '', 'x\n'));
    expect(v.status, v.case?.userOutput).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(v.case?.message).toMatch(/SIGSYS/);
    const x32 = '#include <stdio.h>\n#include <unistd.h>\nint main(){long r=syscall(0x40000000L|39);printf("%ld\\n",r);return 0;}\n';
    const w = await verdictOf(job(x32, '', 'x\n'));
    expect([JudgeStatus.RUNTIME_ERROR, JudgeStatus.WRONG_ANSWER]).toContain(w.status);
    expect(w.case?.userOutput ?? '').not.toMatch(/^[1-9]/);
  });

  it.skipIf(process.getuid?.() !== 0)('uids: a second runner whose range overlaps a live one refuses to start; once the first is gone it may', async () => {
    const cacheDir = path.join(root, 'cache');
    const first = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, uidBase: UID + 70, slots: [0, 1] });
    try {
      const overlapping = createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, uidBase: UID + 71, slots: [0] });
      await expect(overlapping).rejects.toThrow(UidInUseError);
      await expect(overlapping).rejects.toThrow(new RegExp(`uid ${UID + 71} is already used by another runner`));
      // The suite's own uid is taken too, by this file's factory.
      await expect(createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, uidBase: UID - 5, slots: [5] })).rejects.toThrow(UidInUseError);
      // Runners given no range each take a free one: two of them never share a uid.
      const autoA = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, slots: [0, 1, 1000, 1001] });
      const autoB = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, slots: [0, 1, 1000, 1001] });
      const uids = (f: SandboxFactory) => [0, 1, 1000, 1001].map((s) => f.uidOf(s));
      expect(uids(autoA).filter((u) => uids(autoB).includes(u))).toEqual([]);
      await Promise.all([autoA.close(), autoB.close()]);
    } finally {
      await first.close();
    }
    const second = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir, uidBase: UID + 71, slots: [0] });
    await second.close();
  });

  it.skipIf(process.getuid?.() !== 0)("uids: a crashed runner's leftover cgroups are removed by the next runner with its uid", async () => {
    const uid = UID + 80;
    const work = path.join(root, 'crash', 'box');
    await mkdir(work, { recursive: true });
    /** The crashed runner's program: `sleep` as `uid`, anywhere on the host. */
    const sleeper = async () => {
      for (const name of await readdir('/proc')) {
        const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
        if (/^Name:\s+sleep$/m.test(status) && new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(status)) return name;
      }
      return null;
    };
    // The runner crashes in a pid namespace of its own, with its /proc (as in a container; nsjail writes the uid maps
    // through /proc/<pid>): the pid in its groups' names means nothing on the host, where that pid is alive.
    const crashing = spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', path.resolve('node_modules/.bin/tsx'), 'tests/hostile/crashing-runner.ts', path.join(root, 'cache'), work, String(uid)], { stdio: 'ignore' });
    let pid: string | null = null;
    const deadline = Date.now() + 60_000;
    while (!(pid = await sleeper())) {
      if (Date.now() > deadline || crashing.exitCode !== null) throw new Error('the crashing runner never started its run');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The groups its run is in (memory and pids, as the host names them), up to the group the runner made.
    const groups = (await readFile(`/proc/${pid}/cgroup`, 'utf8'))
      .split('\n')
      .map((l) => /^\d+:(memory|pids):(.*\/oj-sandbox\/[^/]+)/.exec(l))
      .flatMap((m) => (m ? [path.join('/sys/fs/cgroup', m[1]!, m[2]!)] : []));
    expect(groups.length).toBe(2);
    crashing.kill('SIGKILL');
    await new Promise((r) => crashing.once('exit', r));
    for (let i = 0; i < 50 && (await sleeper()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(groups.filter((g) => existsSync(g))).toEqual(groups);
    const next = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir: path.join(root, 'cache'), uidBase: uid, slots: [0] });
    try {
      expect(groups.filter((g) => existsSync(g))).toEqual([]);
      expect(await sleeper()).toBeNull();
    } finally {
      await next.close();
    }
  });
});

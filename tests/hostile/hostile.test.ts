// Hostile programs through the real bwrap sandbox and judge(): each ends with the verdict decided below, and
// the host is untouched — no connection, no leaked secret, no file written outside, no process left behind.
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus, type JudgeEvent, type JudgeJob } from '@oj/proto';
import { createSandboxFactory, detectLanguages, judge, type JudgeDeps, type SandboxFactory } from '@oj/judge-runner';
import { TEST_NSJAIL_PATH, TEST_SANDBOX_DRIVER } from '../support/sandbox-driver';
import { makeJob } from '@oj/judge-runner/testing';

const UID = 22_000; // slot 0 of this suite's own uid range, so no other test's sandbox shares it
let root: string;
let deps: JudgeDeps;
let sandboxes: SandboxFactory;
let submitId = 100;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'oj-hostile-'));
  await chmod(root, 0o711);
  sandboxes = await createSandboxFactory({ driver: TEST_SANDBOX_DRIVER, nsjailPath: TEST_NSJAIL_PATH, cacheDir: path.join(root, 'cache'), uidBase: UID });
  deps = { sandbox: sandboxes.forSlot(0), languages: await detectLanguages(), workRoot: path.join(root, 'work'), judger: 'hostile' };
});

afterAll(async () => {
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

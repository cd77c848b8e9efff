/* oj-measure: runs one program inside the sandbox under rlimits and a wall clock, and reports what it used.
 * Compiled once at runner start (see measure-build.ts). Result: one JSON line on --result-fd (never seen by
 * the program: the fd is close-on-exec), e.g.
 * {"ok":true,"exited":true,"exitCode":0,"signal":0,"cpuMs":3,"wallMs":5,"maxRssKb":1200,"wallExceeded":false}
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long opt(int argc, char **argv, const char *name, long long def) {
  for (int i = 1; i + 1 < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], name) == 0) return atoll(argv[i + 1]);
  return def;
}

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void set_limit(int res, long long value) {
  if (value <= 0) return;
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  setrlimit(res, &rl);
}

int main(int argc, char **argv) {
  int sep = -1;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) { sep = i; break; }
  if (sep < 0 || sep + 1 >= argc) {
    fprintf(stderr, "usage: oj-measure [--cpu-ms N] [--wall-ms N] [--as-kb N] [--fsize N] [--nproc N] [--stack-kb N] [--result-fd N] [--kill-all 1] -- prog args\n");
    return 2;
  }
  long long cpu_ms = opt(argc, argv, "--cpu-ms", 0), wall_ms = opt(argc, argv, "--wall-ms", 10000);
  long long as_kb = opt(argc, argv, "--as-kb", 0), fsize = opt(argc, argv, "--fsize", 0);
  long long nproc = opt(argc, argv, "--nproc", 0), stack_kb = opt(argc, argv, "--stack-kb", 0);
  int result_fd = (int)opt(argc, argv, "--result-fd", 3);
  int kill_all = opt(argc, argv, "--kill-all", 0) == 1;
  fcntl(result_fd, F_SETFD, FD_CLOEXEC);
  FILE *out = fdopen(result_fd, "w");
  if (!out) return 3;

  /* Orphans re-parent to us, so every descendant is reaped here and counted in RUSAGE_CHILDREN (the drivers also
   * run us as the pid namespace's init, which the program can neither signal nor outlive). */
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  /* Not dumpable: the program (same uid) can neither ptrace us nor open /proc/<us>/fd/<result fd>. */
  prctl(PR_SET_DUMPABLE, 0);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);

  int errpipe[2];
  if (pipe2(errpipe, O_CLOEXEC) != 0) { fprintf(out, "{\"ok\":false,\"error\":\"pipe\"}\n"); return 3; }
  long long start = now_ms();
  pid_t pid = fork();
  if (pid < 0) { fprintf(out, "{\"ok\":false,\"error\":\"fork: %s\"}\n", strerror(errno)); return 3; }
  if (pid == 0) {
    setpgid(0, 0);
    sigprocmask(SIG_UNBLOCK, &chld, NULL);
    close(errpipe[0]);
    prctl(PR_SET_DUMPABLE, 1);
    /* Make the program the memory cgroup's first OOM victim, not this helper. */
    int oom = open("/proc/self/oom_score_adj", O_WRONLY);
    if (oom >= 0) { (void)!write(oom, "1000", 4); close(oom); }
    if (cpu_ms > 0) {
      long long s = (cpu_ms + 999) / 1000 + 1;
      struct rlimit rl = {(rlim_t)s, (rlim_t)(s + 1)};
      setrlimit(RLIMIT_CPU, &rl);
    }
    if (as_kb > 0) set_limit(RLIMIT_AS, as_kb * 1024);
    if (fsize > 0) set_limit(RLIMIT_FSIZE, fsize);
    if (nproc > 0) set_limit(RLIMIT_NPROC, nproc);
    if (stack_kb > 0) set_limit(RLIMIT_STACK, stack_kb * 1024);
    struct rlimit zero = {0, 0};
    setrlimit(RLIMIT_CORE, &zero);
    execvp(argv[sep + 1], argv + sep + 1);
    int e = errno;
    (void)!write(errpipe[1], &e, sizeof e);
    _exit(127);
  }
  close(errpipe[1]);
  setpgid(pid, pid);

  int status = 0, wall_exceeded = 0, cpu_killed = 0, reaped = 0;
  struct rusage ru;
  /* RLIMIT_CPU counts whole seconds: poll the program's CPU clock to stop it soon after its limit. */
  clockid_t cpu_clock;
  int have_cpu_clock = cpu_ms > 0 && clock_getcpuclockid(pid, &cpu_clock) == 0;
  while (!reaped) {
    long long left = wall_ms - (now_ms() - start);
    if (left <= 0) wall_exceeded = 1;
    if (have_cpu_clock && !wall_exceeded) {
      struct timespec used;
      if (clock_gettime(cpu_clock, &used) == 0 && (long long)used.tv_sec * 1000 + used.tv_nsec / 1000000 > cpu_ms) cpu_killed = 1;
    }
    if (wall_exceeded || cpu_killed) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      if (wait4(pid, &status, 0, &ru) == pid) reaped = 1;
      break;
    }
    long long tick = have_cpu_clock && left > 50 ? 50 : left;
    struct timespec ts = {tick / 1000, (tick % 1000) * 1000000};
    sigtimedwait(&chld, NULL, &ts);
    pid_t r = wait4(pid, &status, WNOHANG, &ru);
    if (r == pid) reaped = 1;
  }
  long long wall = now_ms() - start;
  /* The program is done: end whatever it left behind (its group, then anything else of ours), reap it all. */
  kill(-pid, SIGKILL);
  /* kill(-1) reaches everything this uid may signal: only safe (and only asked for) as an unprivileged uid
   * alone in its own pid namespace, which is how the sandbox drivers run this helper. */
  if (kill_all && getuid() != 0 && geteuid() != 0) kill(-1, SIGKILL);
  if (kill_all) {
    while (waitpid(-1, NULL, 0) > 0 || errno == EINTR) {}
  } else {
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
  }

  int exec_errno = 0;
  if (read(errpipe[0], &exec_errno, sizeof exec_errno) == (ssize_t)sizeof exec_errno) {
    fprintf(out, "{\"ok\":false,\"error\":\"exec %s: %s\"}\n", argv[sep + 1], strerror(exec_errno));
    fclose(out);
    return 0;
  }
  struct rusage all;
  getrusage(RUSAGE_CHILDREN, &all);
  long long cpu = (long long)all.ru_utime.tv_sec * 1000 + all.ru_utime.tv_usec / 1000 + (long long)all.ru_stime.tv_sec * 1000 +
                  all.ru_stime.tv_usec / 1000;
  int exited = WIFEXITED(status);
  fprintf(out, "{\"ok\":true,\"exited\":%s,\"exitCode\":%d,\"signal\":%d,\"cpuMs\":%lld,\"wallMs\":%lld,\"maxRssKb\":%ld,\"wallExceeded\":%s,\"cpuKilled\":%s}\n",
          exited ? "true" : "false", exited ? WEXITSTATUS(status) : -1, WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu, wall,
          all.ru_maxrss, wall_exceeded ? "true" : "false", cpu_killed ? "true" : "false");
  fclose(out);
  return 0;
}

/* oj-measure: runs one program inside the sandbox under rlimits and a wall clock, and reports what it used.
 * Compiled once at runner start (see helper-build.ts). Result: one JSON line on --result-fd (never seen by
 * the program: the fd is close-on-exec), e.g.
 * {"ok":true,"exited":true,"exitCode":0,"signal":0,"cpuMs":3,"wallMs":5,"maxRssKb":1200,"wallExceeded":false,"cpuKilled":false,
 *  "endUs":123456789} (endUs: when the program was reaped, CLOCK_MONOTONIC microseconds)
 *
 * Warm mode (--serve 1, see warm.ts): one oj-measure per submission, as the sandbox's pid 1, runs the same program
 * once per request read from --request-fd. A request is one line "cpu_ms wall_ms fsize nproc stack_kb as_kb"; the
 * program gets /io/in, /io/out, /io/err (created by the runner, in a directory it cannot write) as fds 0-2 and no
 * other fd. After each run everything the program started is killed and reaped, and what it left in /tmp,
 * /dev/shm and System V IPC is removed, before the one-line report is written: nothing of one case reaches the next.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

/* CLOCK_MONOTONIC in microseconds: the host's clock (the sandbox has no time namespace), so the end times of two
 * sandboxes (an interactive pair) can be compared. */
static long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void set_limit(int res, long long value) {
  if (value <= 0) return;
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  setrlimit(res, &rl);
}

struct run_limits {
  long long cpu_ms, wall_ms, as_kb, fsize, nproc, stack_kb;
};

/* --cgroup-fd N: an open cgroup.procs of the program's own memory group; the child moves itself there before exec
 * (the nsjail driver: the program alone in the group, this supervisor outside it), -1 when not given. */
static int cgroup_fd = -1;

/* Deletes everything under the directory fd `dir` (the program's leftovers, all owned by our uid). */
static void clear_dir(int dir) {
  DIR *d = fdopendir(dir);
  if (!d) { close(dir); return; }
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (unlinkat(dirfd(d), e->d_name, 0) == 0) continue;
    /* A directory (maybe chmod 000 by the program): make it ours to walk, empty it, remove it. */
    fchmodat(dirfd(d), e->d_name, 0700, 0);
    int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub >= 0) clear_dir(sub);
    unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
  }
  closedir(d);
}

static void clear_path(const char *p) {
  int fd = open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) clear_dir(fd);
}

/* System V IPC objects outlive their creator in the sandbox's IPC namespace: remove them between runs. */
static void clear_ipc(void) {
  struct shm_info si;
  int max = shmctl(0, SHM_INFO, (struct shmid_ds *)(void *)&si);
  for (int i = 0; i <= max; i++) { struct shmid_ds ds; int id = shmctl(i, SHM_STAT, &ds); if (id >= 0) shmctl(id, IPC_RMID, NULL); }
  struct msginfo mi;
  max = msgctl(0, MSG_INFO, (struct msqid_ds *)(void *)&mi);
  for (int i = 0; i <= max; i++) { struct msqid_ds ds; int id = msgctl(i, MSG_STAT, &ds); if (id >= 0) msgctl(id, IPC_RMID, NULL); }
  struct seminfo sm;
  max = semctl(0, 0, SEM_INFO, &sm);
  for (int i = 0; i <= max; i++) { struct semid_ds ds; int id = semctl(i, 0, SEM_STAT, &ds); if (id >= 0) semctl(id, 0, IPC_RMID); }
}

/* Runs the program once with `stdio` as fds 0-2 and writes the report line to `out`. Returns 0, or -1 when the
 * program could not be started (reported as ok:false). */
static int run_one(const struct run_limits *lim, char **prog, const int *stdio, int kill_all, int serve, FILE *out) {
  int errpipe[2];
  if (pipe2(errpipe, O_CLOEXEC) != 0) { fprintf(out, "{\"ok\":false,\"error\":\"pipe\"}\n"); fflush(out); return -1; }
  struct rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  long long start = now_ms();
  pid_t pid = fork();
  if (pid < 0) { fprintf(out, "{\"ok\":false,\"error\":\"fork: %s\"}\n", strerror(errno)); fflush(out); close(errpipe[0]); close(errpipe[1]); return -1; }
  if (pid == 0) {
    setpgid(0, 0);
    sigprocmask(SIG_UNBLOCK, &chld, NULL);
    close(errpipe[0]);
    if (cgroup_fd >= 0 && write(cgroup_fd, "0\n", 2) != 2) {
      int e = errno;
      (void)!write(errpipe[1], &e, sizeof e);
      _exit(127);
    }
    if (stdio) {
      for (int i = 0; i < 3; i++) if (stdio[i] != i) dup2(stdio[i], i);
      /* Only fds 0-2 reach the program (and the exec-error pipe, close-on-exec). */
      for (int fd = 3; fd < 1024; fd++) if (fd != errpipe[1]) close(fd);
    }
    prctl(PR_SET_DUMPABLE, 1);
    /* Make the program the memory cgroup's first OOM victim, not this helper. */
    int oom = open("/proc/self/oom_score_adj", O_WRONLY);
    if (oom >= 0) { (void)!write(oom, "1000", 4); close(oom); }
    if (lim->cpu_ms > 0) {
      long long s = (lim->cpu_ms + 999) / 1000 + 1;
      struct rlimit rl = {(rlim_t)s, (rlim_t)(s + 1)};
      setrlimit(RLIMIT_CPU, &rl);
    }
    if (lim->as_kb > 0) set_limit(RLIMIT_AS, lim->as_kb * 1024);
    if (lim->fsize > 0) set_limit(RLIMIT_FSIZE, lim->fsize);
    if (lim->nproc > 0) set_limit(RLIMIT_NPROC, lim->nproc);
    if (lim->stack_kb > 0) set_limit(RLIMIT_STACK, lim->stack_kb * 1024);
    struct rlimit zero = {0, 0};
    setrlimit(RLIMIT_CORE, &zero);
    /* POSIX message queues would outlive the run in the IPC namespace and cannot be listed: none at all. */
    if (serve) setrlimit(RLIMIT_MSGQUEUE, &zero);
    execvp(prog[0], prog);
    int e = errno;
    (void)!write(errpipe[1], &e, sizeof e);
    _exit(127);
  }
  close(errpipe[1]);
  setpgid(pid, pid);

  int status = 0, wall_exceeded = 0, cpu_killed = 0, reaped = 0;
  long max_rss = 0;
  struct rusage ru;
  /* RLIMIT_CPU counts whole seconds: poll the program's CPU clock to stop it soon after its limit. */
  clockid_t cpu_clock;
  int have_cpu_clock = lim->cpu_ms > 0 && clock_getcpuclockid(pid, &cpu_clock) == 0;
  while (!reaped) {
    long long left = lim->wall_ms - (now_ms() - start);
    if (left <= 0) wall_exceeded = 1;
    if (have_cpu_clock && !wall_exceeded) {
      struct timespec used;
      if (clock_gettime(cpu_clock, &used) == 0 && (long long)used.tv_sec * 1000 + used.tv_nsec / 1000000 > lim->cpu_ms) cpu_killed = 1;
    }
    if (wall_exceeded || cpu_killed) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      if (wait4(pid, &status, 0, &ru) == pid) { reaped = 1; if (ru.ru_maxrss > max_rss) max_rss = ru.ru_maxrss; }
      break;
    }
    long long tick = have_cpu_clock && left > 50 ? 50 : left;
    struct timespec ts = {tick / 1000, (tick % 1000) * 1000000};
    sigtimedwait(&chld, NULL, &ts);
    pid_t r = wait4(pid, &status, WNOHANG, &ru);
    if (r == pid) { reaped = 1; if (ru.ru_maxrss > max_rss) max_rss = ru.ru_maxrss; }
  }
  long long wall = now_ms() - start;
  long long end_us = now_us();
  /* The program is done: end whatever it left behind (its group, then anything else of ours), reap it all. */
  kill(-pid, SIGKILL);
  /* kill(-1) reaches everything this uid may signal: only safe (and only asked for) as an unprivileged uid
   * alone in its own pid namespace, which is how the sandbox drivers run this helper. */
  if (kill_all && getuid() != 0 && geteuid() != 0) kill(-1, SIGKILL);
  struct rusage oru;
  if (kill_all) {
    for (;;) {
      pid_t r = wait4(-1, NULL, 0, &oru);
      if (r > 0) { if (oru.ru_maxrss > max_rss) max_rss = oru.ru_maxrss; continue; }
      if (errno != EINTR) break;
    }
  } else {
    while (wait4(-1, NULL, WNOHANG, &oru) > 0) if (oru.ru_maxrss > max_rss) max_rss = oru.ru_maxrss;
  }

  int exec_errno = 0;
  ssize_t got = read(errpipe[0], &exec_errno, sizeof exec_errno);
  close(errpipe[0]);
  if (got == (ssize_t)sizeof exec_errno) {
    fprintf(out, "{\"ok\":false,\"error\":\"exec %s: %s\"}\n", prog[0], strerror(exec_errno));
    fflush(out);
    return -1;
  }
  if (serve) {
    clear_path("/tmp");
    clear_path("/dev/shm");
    clear_ipc();
  }
  struct rusage all;
  getrusage(RUSAGE_CHILDREN, &all);
  long long cpu = (long long)(all.ru_utime.tv_sec - before.ru_utime.tv_sec) * 1000 + (all.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1000 +
                  (long long)(all.ru_stime.tv_sec - before.ru_stime.tv_sec) * 1000 + (all.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1000;
  if (cpu < 0) cpu = 0;
  int exited = WIFEXITED(status);
  fprintf(out, "{\"ok\":true,\"exited\":%s,\"exitCode\":%d,\"signal\":%d,\"cpuMs\":%lld,\"wallMs\":%lld,\"maxRssKb\":%ld,\"wallExceeded\":%s,\"cpuKilled\":%s,\"endUs\":%lld}\n",
          exited ? "true" : "false", exited ? WEXITSTATUS(status) : -1, WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu, wall,
          max_rss, wall_exceeded ? "true" : "false", cpu_killed ? "true" : "false", end_us);
  fflush(out);
  return 0;
}

/* Reads one request line from fd; 0 at end of input. */
static int read_line(int fd, char *buf, size_t size) {
  size_t n = 0;
  while (n + 1 < size) {
    ssize_t r = read(fd, buf + n, 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return 0;
    if (buf[n] == '\n') break;
    n++;
  }
  buf[n] = 0;
  return 1;
}

static int serve(char **prog, int request_fd, FILE *out) {
  char line[512];
  while (read_line(request_fd, line, sizeof line)) {
    struct run_limits lim = {0, 10000, 0, 0, 0, 0};
    if (sscanf(line, "%lld %lld %lld %lld %lld %lld", &lim.cpu_ms, &lim.wall_ms, &lim.fsize, &lim.nproc, &lim.stack_kb, &lim.as_kb) != 6) {
      fprintf(out, "{\"ok\":false,\"error\":\"bad request\"}\n");
      fflush(out);
      continue;
    }
    int fds[3] = {open("/io/in", O_RDONLY | O_NOFOLLOW | O_CLOEXEC), open("/io/out", O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC),
                  open("/io/err", O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)};
    if (fds[0] < 0 || fds[1] < 0 || fds[2] < 0) {
      fprintf(out, "{\"ok\":false,\"error\":\"open /io: %s\"}\n", strerror(errno));
      fflush(out);
    } else {
      run_one(&lim, prog, fds, 1, 1, out);
    }
    for (int i = 0; i < 3; i++) if (fds[i] >= 0) close(fds[i]);
  }
  return 0;
}

int main(int argc, char **argv) {
  int sep = -1;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) { sep = i; break; }
  if (sep < 0 || sep + 1 >= argc) {
    fprintf(stderr, "usage: oj-measure [--cpu-ms N] [--wall-ms N] [--as-kb N] [--fsize N] [--nproc N] [--stack-kb N] [--result-fd N] [--kill-all 1] [--cgroup-fd N] [--serve 1 --request-fd N] -- prog args\n");
    return 2;
  }
  struct run_limits lim = {opt(argc, argv, "--cpu-ms", 0), opt(argc, argv, "--wall-ms", 10000), opt(argc, argv, "--as-kb", 0),
                           opt(argc, argv, "--fsize", 0), opt(argc, argv, "--nproc", 0), opt(argc, argv, "--stack-kb", 0)};
  int result_fd = (int)opt(argc, argv, "--result-fd", 3);
  int kill_all = opt(argc, argv, "--kill-all", 0) == 1;
  int serving = opt(argc, argv, "--serve", 0) == 1;
  int request_fd = (int)opt(argc, argv, "--request-fd", 4);
  fcntl(result_fd, F_SETFD, FD_CLOEXEC);
  cgroup_fd = (int)opt(argc, argv, "--cgroup-fd", -1);
  if (cgroup_fd >= 0) fcntl(cgroup_fd, F_SETFD, FD_CLOEXEC);
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

  if (serving) {
    if (!kill_all || getuid() == 0) { fprintf(out, "{\"ok\":false,\"error\":\"--serve needs --kill-all 1 and an unprivileged uid\"}\n"); return 3; }
    fcntl(request_fd, F_SETFD, FD_CLOEXEC);
    return serve(argv + sep + 1, request_fd, out);
  }
  run_one(&lim, argv + sep + 1, NULL, kill_all, 0, out);
  fclose(out);
  return 0;
}

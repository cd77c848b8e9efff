/* oj-measure: runs one program inside the sandbox under rlimits and a wall clock, and reports what it used.
 * Compiled once at runner start (see helper-build.ts; its parts are listed in measure.h). Result: one JSON line on
 * --result-fd (never seen by the program: the fd is close-on-exec), e.g.
 * {"ok":true,"exited":true,"exitCode":0,"signal":0,"cpuMs":3,"wallMs":5,"maxRssKb":1200,"wallExceeded":false,"cpuKilled":false,
 *  "endUs":123456789,"stderrBytes":0} (endUs: when the program was reaped, CLOCK_MONOTONIC microseconds)
 *
 * Per run: the program gets fds 0-1 as given and, as fd 2, a pipe from which the first --stderr-bytes are kept (the
 * rest is read and dropped); its CPU is every sandbox process's (polled in /proc every 50 ms, so children spinning
 * while the parent waits are stopped at the limit too); the moment it ends or hits a limit, everything it started is
 * killed and reaped. Options: --cgroup-fds N[,N...], open cgroup.procs files of the program's own memory and pids
 * cgroups (the child moves itself there: this supervisor stays out of their reach); --work-fd N with --work-dir D,
 * the host work dir (a directory fd) into which what the program left in D (a tmpfs) is copied after it ends
 * (measure-copy.c).
 *
 * Warm mode (--serve 1, see warm.ts): one oj-measure per submission, as the sandbox's pid 1 with CAP_SYS_ADMIN in its
 * user namespace, runs the same program once per request read from --request-fd. A request is one line
 * "cpu_ms wall_ms fsize nproc stack_kb as_kb stderr_bytes"; the program gets /io/in, /io/out and (relayed) /io/err,
 * created by the runner in a directory it cannot write, an IPC namespace of its own (measure-child.c), and a fresh
 * tmpfs on /tmp and /dev/shm (measure-scratch.c): what a case touched there is unmounted whole before the next. Each
 * case's child is forked and set up as soon as the case before it is over, and waits for its limits (serve()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "measure.h"

#define DEFAULT_STDERR_BYTES (1LL << 20)
/* Size of each fresh /tmp and /dev/shm of a warm case (the cold path's come from the driver, the same size). */
#define TMP_BYTES (64LL << 20)
#define SCRATCH_PLACES 2
#define CPU_POLL_MS 50
#define MAX_CGROUP_FDS 4

struct session {
  FILE *out;
  int sigfd;
  int kill_all, serve;
  int cgroup_fds[MAX_CGROUP_FDS];
  int cgroup_count;
  int work_fd;
  const char *work_dir;
};

static long long opt(int argc, char **argv, const char *name, long long def) {
  for (int i = 1; i + 1 < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], name) == 0) return atoll(argv[i + 1]);
  return def;
}

static const char *opt_str(int argc, char **argv, const char *name) {
  for (int i = 1; i + 1 < argc && strcmp(argv[i], "--") != 0; i++)
    if (strcmp(argv[i], name) == 0) return argv[i + 1];
  return NULL;
}

static long long now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void report_error(FILE *out, const char *what, const char *detail) {
  fprintf(out, "{\"ok\":false,\"error\":\"%s: %s\"}\n", what, detail);
  fflush(out);
}

struct watch {
  pid_t pid;
  int status, reaped, wall_exceeded, cpu_killed;
  long max_rss;
};

/* Waits for the program until it exits or passes its wall or CPU limit, relaying its stderr meanwhile. */
static void supervise(const struct session *s, const struct run_limits *lim, struct relay *relay, struct watch *w, long long start) {
  struct rusage ru;
  /* /proc is read every CPU_POLL_MS (not at once: nothing has run yet, and most programs end before). */
  long long scanned = start;
  clockid_t main_clock;
  int have_clock = clock_getcpuclockid(w->pid, &main_clock) == 0;
  while (!w->reaped) {
    long long now = now_us();
    long long left = lim->wall_ms - (now - start) / 1000;
    if (left <= 0) w->wall_exceeded = 1;
    if (lim->cpu_ms > 0 && !w->wall_exceeded && now - scanned >= CPU_POLL_MS * 1000) {
      scanned = now;
      struct timespec used = {0, 0};
      if (have_clock) clock_gettime(main_clock, &used);
      if (namespace_cpu_ms(have_clock ? w->pid : 0, (long long)used.tv_sec * 1000 + used.tv_nsec / 1000000) > lim->cpu_ms) w->cpu_killed = 1;
    }
    if (w->wall_exceeded || w->cpu_killed) {
      kill(-w->pid, SIGKILL);
      kill(w->pid, SIGKILL);
      if (wait4(w->pid, &w->status, 0, &ru) == w->pid) { w->reaped = 1; if (ru.ru_maxrss > w->max_rss) w->max_rss = ru.ru_maxrss; }
      return;
    }
    long long tick = lim->cpu_ms > 0 && left > CPU_POLL_MS ? CPU_POLL_MS : left;
    struct pollfd fds[2] = {{s->sigfd, POLLIN, 0}, {relay->from, POLLIN, 0}};
    if (poll(fds, relay->from >= 0 ? 2 : 1, (int)tick) > 0) {
      if (fds[0].revents) { struct signalfd_siginfo si; while (read(s->sigfd, &si, sizeof si) > 0) {} }
      if (relay->from >= 0 && fds[1].revents) relay_pump(relay);
    }
    if (wait4(w->pid, &w->status, WNOHANG, &ru) == w->pid) { w->reaped = 1; if (ru.ru_maxrss > w->max_rss) w->max_rss = ru.ru_maxrss; }
  }
}

/* Ends whatever the program left behind (its group, then anything else of ours) and reaps it all. */
static void end_everything(const struct session *s, struct watch *w) {
  kill(-w->pid, SIGKILL);
  /* kill(-1) reaches everything this uid may signal: only safe (and only asked for) as an unprivileged uid alone in
   * its own pid namespace, which is how the sandbox drivers run this helper. */
  if (s->kill_all && getuid() != 0 && geteuid() != 0) kill(-1, SIGKILL);
  struct rusage oru;
  if (s->kill_all) {
    for (;;) {
      pid_t r = wait4(-1, NULL, 0, &oru);
      if (r > 0) { if (oru.ru_maxrss > w->max_rss) w->max_rss = oru.ru_maxrss; continue; }
      if (errno != EINTR) break;
    }
  } else {
    while (wait4(-1, NULL, WNOHANG, &oru) > 0) if (oru.ru_maxrss > w->max_rss) w->max_rss = oru.ru_maxrss;
  }
}

/* A forked child and the pipes to it: its failure reports, its stderr, and (serve mode) the case's limits. */
struct child {
  pid_t pid;
  int report, stderr_pipe, go;
};

/* Forks the program's child: with `lim` it goes straight on to exec; without, it sets up and waits for the limits on
 * `go` (serve mode). 0, or -1 with the failure reported on `out` (unless NULL: a child prepared ahead of its case,
 * whose failure is reported when the case asks for it). */
static int spawn_child(const struct session *s, FILE *out, char **prog, const struct run_limits *lim, struct child *c) {
  int report[2], errpipe[2], go[2] = {-1, -1};
  if (pipe2(report, O_CLOEXEC) != 0) { if (out) report_error(out, "pipe", strerror(errno)); return -1; }
  if (pipe2(errpipe, O_CLOEXEC) != 0 || (!lim && pipe2(go, O_CLOEXEC) != 0)) {
    if (out) report_error(out, "pipe", strerror(errno));
    close(report[0]); close(report[1]);
    return -1;
  }
  fcntl(errpipe[0], F_SETFL, O_NONBLOCK);
  pid_t pid = fork();
  if (pid == 0) {
    struct child_plan plan = {lim, go[0], prog, errpipe[1], report[1], s->cgroup_fds, s->cgroup_count, s->serve};
    exec_child(&plan);
  }
  int ends[] = {report[1], errpipe[1], go[0]};
  for (int i = 0; i < 3; i++) if (ends[i] >= 0) close(ends[i]);
  if (pid < 0) {
    if (out) report_error(out, "fork", strerror(errno));
    close(report[0]); close(errpipe[0]); if (go[1] >= 0) close(go[1]);
    return -1;
  }
  setpgid(pid, pid);
  *c = (struct child){pid, report[0], errpipe[0], go[1]};
  return 0;
}

/* Watches a started child to its end (and everything it started), relays its stderr to `err`, and writes the report
 * line. Returns 0, or -1 when the program could not be started (reported as ok:false). */
static int finish(const struct session *s, const struct run_limits *lim, char **prog, struct child *c, int err, long long start, const struct rusage *before) {
  struct relay relay = {c->stderr_pipe, err, 0, lim->stderr_bytes};
  struct watch w = {c->pid, 0, 0, 0, 0, 0};
  supervise(s, lim, &relay, &w, start);
  long long wall = (now_us() - start) / 1000;
  long long end_us = now_us();
  end_everything(s, &w);
  /* Every writer is gone: what is left in the pipe ends at end of file. */
  for (int i = 0; relay.from >= 0 && i < 4096 && relay_pump(&relay); i++) {}
  if (relay.from >= 0) close(relay.from);

  struct child_failure failure;
  ssize_t got = read(c->report, &failure, sizeof failure);
  close(c->report);
  if (got == (ssize_t)sizeof failure) {
    char detail[512];
    snprintf(detail, sizeof detail, "%s%s%s", failure.step == STEP_EXEC ? prog[0] : "", failure.step == STEP_EXEC ? ": " : "", strerror(failure.err));
    report_error(s->out, child_step_name(failure.step), detail);
    return -1;
  }
  if (s->work_fd >= 0 && s->work_dir) {
    char why[512];
    if (copy_back(s->work_dir, s->work_fd, why, sizeof why) != 0) { report_error(s->out, "work dir", why); return -1; }
  }
  struct rusage all;
  getrusage(RUSAGE_CHILDREN, &all);
  long long cpu = (long long)(all.ru_utime.tv_sec - before->ru_utime.tv_sec) * 1000 + (all.ru_utime.tv_usec - before->ru_utime.tv_usec) / 1000 +
                  (long long)(all.ru_stime.tv_sec - before->ru_stime.tv_sec) * 1000 + (all.ru_stime.tv_usec - before->ru_stime.tv_usec) / 1000;
  if (cpu < 0) cpu = 0;
  int exited = WIFEXITED(w.status);
  fprintf(s->out,
          "{\"ok\":true,\"exited\":%s,\"exitCode\":%d,\"signal\":%d,\"cpuMs\":%lld,\"wallMs\":%lld,\"maxRssKb\":%ld,\"wallExceeded\":%s,\"cpuKilled\":%s,\"endUs\":%lld,\"stderrBytes\":%lld}\n",
          exited ? "true" : "false", exited ? WEXITSTATUS(w.status) : -1, WIFSIGNALED(w.status) ? WTERMSIG(w.status) : 0, cpu, wall, w.max_rss,
          w.wall_exceeded ? "true" : "false", w.cpu_killed ? "true" : "false", end_us, relay.kept);
  fflush(s->out);
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

/* Serve mode: the next case's child is forked and set up (cgroup, namespaces, seccomp) as soon as the last case is
 * over, so a case's own path is only: limits sent, stdio opened, exec. */
static int serve(const struct session *s, char **prog, int request_fd) {
  struct scratch places[SCRATCH_PLACES] = {{"/tmp", TMP_BYTES, {0}, 0}, {"/dev/shm", TMP_BYTES, {0}, 0}};
  if (scratch_init(places, SCRATCH_PLACES) != 0) { report_error(s->out, "fresh /tmp and /dev/shm", strerror(errno)); return 3; }
  struct child next;
  int ready = spawn_child(s, NULL, prog, NULL, &next) == 0;
  char line[512];
  while (read_line(request_fd, line, sizeof line)) {
    struct run_limits lim = {0, 10000, 0, 0, 0, 0, DEFAULT_STDERR_BYTES};
    if (sscanf(line, "%lld %lld %lld %lld %lld %lld %lld", &lim.cpu_ms, &lim.wall_ms, &lim.fsize, &lim.nproc, &lim.stack_kb, &lim.as_kb, &lim.stderr_bytes) != 7) {
      report_error(s->out, "request", "bad request");
      continue;
    }
    if (!ready && !(ready = spawn_child(s, s->out, prog, NULL, &next) == 0)) continue;
    int err = open("/io/err", O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
    if (err < 0) { report_error(s->out, "open /io/err", strerror(errno)); continue; }
    struct rusage before;
    getrusage(RUSAGE_CHILDREN, &before);
    long long start = now_us();
    /* A child that died in its setup is reported by finish() (its failure is in the report pipe). */
    (void)!write(next.go, &lim, sizeof lim);
    close(next.go);
    ready = 0;
    finish(s, &lim, prog, &next, err, start, &before);
    close(err);
    /* Nothing of the case is alive (finish reaped it all): what it touched goes whole before the next case. */
    if (scratch_renew(places, SCRATCH_PLACES) != 0) { report_error(s->out, "renew /tmp and /dev/shm", strerror(errno)); return 3; }
    ready = spawn_child(s, NULL, prog, NULL, &next) == 0;
  }
  if (ready) {
    close(next.go);
    waitpid(next.pid, NULL, 0);
  }
  return 0;
}

int main(int argc, char **argv) {
  int sep = -1;
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) { sep = i; break; }
  if (sep < 0 || sep + 1 >= argc) {
    fprintf(stderr, "usage: oj-measure [--cpu-ms N] [--wall-ms N] [--as-kb N] [--fsize N] [--nproc N] [--stack-kb N] [--stderr-bytes N] [--result-fd N] [--kill-all 1]"
                    " [--cgroup-fds N,N] [--work-fd N --work-dir D] [--serve 1 --request-fd N] -- prog args\n");
    return 2;
  }
  struct run_limits lim = {opt(argc, argv, "--cpu-ms", 0), opt(argc, argv, "--wall-ms", 10000), opt(argc, argv, "--as-kb", 0), opt(argc, argv, "--fsize", 0),
                           opt(argc, argv, "--nproc", 0), opt(argc, argv, "--stack-kb", 0), opt(argc, argv, "--stderr-bytes", DEFAULT_STDERR_BYTES)};
  int result_fd = (int)opt(argc, argv, "--result-fd", 3);
  int request_fd = (int)opt(argc, argv, "--request-fd", 4);
  struct session s = {NULL, -1, opt(argc, argv, "--kill-all", 0) == 1, opt(argc, argv, "--serve", 0) == 1, {0}, 0,
                      (int)opt(argc, argv, "--work-fd", -1), opt_str(argc, argv, "--work-dir")};
  const char *fds = opt_str(argc, argv, "--cgroup-fds");
  for (char *end; fds && *fds && s.cgroup_count < MAX_CGROUP_FDS; fds = *end == ',' ? end + 1 : "") {
    s.cgroup_fds[s.cgroup_count++] = (int)strtol(fds, &end, 10);
    if (end == fds) return 2;
  }
  fcntl(result_fd, F_SETFD, FD_CLOEXEC);
  s.out = fdopen(result_fd, "w");
  if (!s.out) return 3;
  for (int i = 0; i < s.cgroup_count; i++) fcntl(s.cgroup_fds[i], F_SETFD, FD_CLOEXEC);
  if (s.work_fd >= 0) fcntl(s.work_fd, F_SETFD, FD_CLOEXEC);

  /* Orphans re-parent to us, so every descendant is reaped here and counted in RUSAGE_CHILDREN (the drivers also
   * run us as the pid namespace's init, which the program can neither signal nor outlive). */
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  /* Not dumpable: the program (same uid) can neither ptrace us nor open /proc/<us>/fd/<an fd of ours>. */
  prctl(PR_SET_DUMPABLE, 0);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  /* A child that died in its setup must not kill us when we send it its case (the child restores SIGPIPE). */
  signal(SIGPIPE, SIG_IGN);
  s.sigfd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
  if (s.sigfd < 0) { report_error(s.out, "signalfd", strerror(errno)); return 3; }

  if (s.serve) {
    if (!s.kill_all || getuid() == 0) { report_error(s.out, "--serve", "needs --kill-all 1 and an unprivileged uid"); return 3; }
    fcntl(request_fd, F_SETFD, FD_CLOEXEC);
    return serve(&s, argv + sep + 1, request_fd);
  }
  /* Our own fd 2 is where the program's kept stderr goes; the program gets the relay pipe. */
  int err = fcntl(2, F_DUPFD_CLOEXEC, 3);
  struct rusage before;
  getrusage(RUSAGE_CHILDREN, &before);
  long long start = now_us();
  struct child c;
  if (spawn_child(&s, s.out, argv + sep + 1, &lim, &c) == 0) finish(&s, &lim, argv + sep + 1, &c, err >= 0 ? err : 2, start, &before);
  fclose(s.out);
  return 0;
}

/* The child side of oj-measure's fork, in this order: its own process group, stderr the relay pipe, no other fd,
 * its own memory and pids cgroups (so the program alone can be its OOM killer's victim, never the supervisor), in serve mode
 * an IPC namespace of its own (SysV objects and message queues go with the case's last process), a new session
 * keyring, no capability, no new privileges, the seccomp policy; then (in serve mode once the case's limits arrive:
 * the setup above is done ahead, while the runner is busy between cases) stdin and stdout, the rlimits, exec. A
 * failed step is reported to the parent (struct child_failure) and the child exits: the program never runs half set
 * up. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "measure.h"

#define KEYCTL_JOIN_SESSION_KEYRING 1

const char *child_step_name(int step) {
  switch (step) {
    case STEP_EXEC: return "exec";
    case STEP_CGROUP: return "enter the program's cgroup";
    case STEP_IPC: return "IPC namespace";
    case STEP_STDIO: return "open /io";
    case STEP_CAPS: return "drop capabilities";
    case STEP_SECCOMP: return "seccomp";
    default: return "setup";
  }
}

static void __attribute__((noreturn)) failed(const struct child_plan *p, int step) {
  struct child_failure f = {step, errno};
  (void)!write(p->report_fd, &f, sizeof f);
  _exit(127);
}

static void set_limit(int res, long long value) {
  if (value <= 0) return;
  struct rlimit rl = {(rlim_t)value, (rlim_t)value};
  setrlimit(res, &rl);
}

static void set_limits(const struct run_limits *lim) {
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
  /* POSIX message queues: none at all (kernel memory outside the memory cgroup's view of the program). */
  setrlimit(RLIMIT_MSGQUEUE, &zero);
}

/* Only fds 0-2 (and the report pipe, close-on-exec) reach the program; `a` < `b` are kept for now. */
static void close_other_fds(int a, int b) {
  int keep[2] = {a < b ? a : b, a < b ? b : a};
  unsigned from = 3;
  for (int i = 0; i < 2; i++) {
    if (keep[i] < (int)from) continue;
    if ((unsigned)keep[i] > from) syscall(SYS_close_range, from, (unsigned)keep[i] - 1, 0);
    from = (unsigned)keep[i] + 1;
  }
  syscall(SYS_close_range, from, ~0U, 0);
}

static int drop_capabilities(void) {
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct none[2];
  memset(none, 0, sizeof none);
  if (syscall(SYS_capset, &head, none) != 0) return -1;
  struct __user_cap_data_struct now[2];
  if (syscall(SYS_capget, &head, now) != 0) return -1;
  for (int i = 0; i < 2; i++)
    if (now[i].effective || now[i].permitted || now[i].inheritable) { errno = EPERM; return -1; }
  return 0;
}

/* Serve mode: waits for the case's limits, then takes /io/in and /io/out as stdin and stdout. */
static struct run_limits await_case(const struct child_plan *p) {
  struct run_limits lim;
  if (read(p->go_fd, &lim, sizeof lim) != (ssize_t)sizeof lim) _exit(0); /* the session ended first */
  close(p->go_fd);
  int in = open("/io/in", O_RDONLY | O_NOFOLLOW), out = open("/io/out", O_WRONLY | O_TRUNC | O_NOFOLLOW);
  if (in < 0 || out < 0) failed(p, STEP_STDIO);
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0) failed(p, STEP_STDIO);
  close(in);
  close(out);
  return lim;
}

void exec_child(const struct child_plan *p) {
  setpgid(0, 0);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  signal(SIGPIPE, SIG_DFL);
  dup2(p->stderr_fd, 2);
  /* Back to back: the kernel waits for one RCU grace period for the first move, and the second rides on it. */
  for (int i = 0; i < p->cgroup_count; i++)
    if (write(p->cgroup_fds[i], "0\n", 2) != 2) failed(p, STEP_CGROUP);
  close_other_fds(p->report_fd, p->go_fd);
  prctl(PR_SET_DUMPABLE, 1);
  /* Also the program's first OOM victim where it shares a memory cgroup with us (no cgroup fd). */
  int oom = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
  if (oom >= 0) { (void)!write(oom, "1000", 4); close(oom); }
  if (p->fresh_ipc && unshare(CLONE_NEWIPC) != 0) failed(p, STEP_IPC);
  /* A keyring of its own (keyctl is refused by the policy anyway). */
  syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL);
  if (drop_capabilities() != 0) failed(p, STEP_CAPS);
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || install_program_seccomp() != 0) failed(p, STEP_SECCOMP);
  struct run_limits lim = p->go_fd >= 0 ? await_case(p) : *p->lim;
  set_limits(&lim);
  execvp(p->prog[0], p->prog);
  failed(p, STEP_EXEC);
}

/* oj-measure's parts (measure.c: supervision and reports; measure-child.c: the program's side of the fork;
 * measure-seccomp.c: the program's syscall policy; measure-proc.c: CPU of every process and the stderr relay;
 * measure-copy.c: a writable /w copied back to the host; measure-scratch.c: a warm sandbox's fresh /tmp and
 * /dev/shm). Built together by helper-build.ts. */
#ifndef OJ_MEASURE_H
#define OJ_MEASURE_H
#include <stddef.h>
#include <sys/statvfs.h>
#include <sys/types.h>

struct run_limits {
  long long cpu_ms, wall_ms, as_kb, fsize, nproc, stack_kb;
  /* Bytes of the program's stderr kept (the rest is read and dropped); never counted as output. */
  long long stderr_bytes;
};

/* What the forked child does before it execs the program (measure-child.c). */
struct child_plan {
  /* The limits, or (go_fd >= 0, serve mode) NULL: they come on go_fd once the case is asked for. */
  const struct run_limits *lim;
  int go_fd;
  char **prog;
  /* Write end of the stderr relay pipe: the program's fd 2. (fds 0 and 1: inherited, or /io/in and /io/out.) */
  int stderr_fd;
  /* Reports a failed step to the parent (close-on-exec). */
  int report_fd;
  /* Open cgroup.procs files (the program's own memory and pids groups) the child moves itself into. */
  const int *cgroup_fds;
  int cgroup_count;
  /* Serve mode: an IPC namespace of its own (needs CAP_SYS_ADMIN, dropped after). */
  int fresh_ipc;
};

/* The steps a child reports failing, with errno (one struct on report_fd). */
enum child_step { STEP_EXEC = 1, STEP_CGROUP, STEP_IPC, STEP_CAPS, STEP_SECCOMP, STEP_STDIO };
struct child_failure {
  int step;
  int err;
};

void exec_child(const struct child_plan *plan) __attribute__((noreturn));
const char *child_step_name(int step);

/* measure-seccomp.c: installs the program's filter (no_new_privs must be set). 0 or -1 with errno. */
int install_program_seccomp(void);

/* measure-proc.c */
/* CPU (ms) of every process in our pid namespace but us: own time plus that of the children they reaped. The main
 * process's own time is `main_ms` (its CPU clock, exact), /proc's clock ticks for the rest. */
long long namespace_cpu_ms(pid_t main_pid, long long main_ms);
struct relay {
  int from; /* read end (non-blocking), -1 once closed */
  int to;   /* where the kept bytes go */
  long long kept, limit;
};
/* Moves what is waiting in the pipe; returns 0 when the pipe is at end of file (and closes it). */
int relay_pump(struct relay *r);

/* measure-scratch.c: a tmpfs place of the warm sandbox, and what it looked like fresh. */
struct scratch {
  const char *path;
  long long bytes;
  struct statvfs fresh;
  unsigned mode;
};
/* Our own mount namespace, and a fresh tmpfs on each place. 0 or -1 with errno. */
int scratch_init(struct scratch *places, int n);
/* After a case: replaces every place the case touched by a fresh tmpfs. 0 or -1 with errno. */
int scratch_renew(struct scratch *places, int n);

/* measure-copy.c: copies what the program left in `dir` (its own regular files and directories, not mount points)
 * into the directory fd `to`. 0, or -1 with a message in `err`. */
int copy_back(const char *dir, int to, char *err, size_t err_len);

#endif

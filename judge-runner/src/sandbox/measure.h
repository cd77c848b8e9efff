/* oj-measure's parts (measure.c: supervision and reports; measure-child.c: the program's side of the fork;
 * measure-seccomp.c: the program's syscall policy; measure-proc.c: CPU of every process and the stderr relay;
 * measure-copy.c: a writable /w copied back to the host). Built together by helper-build.ts. */
#ifndef OJ_MEASURE_H
#define OJ_MEASURE_H
#include <stddef.h>
#include <sys/types.h>

struct run_limits {
  long long cpu_ms, wall_ms, as_kb, fsize, nproc, stack_kb;
  /* Bytes of the program's stderr kept (the rest is read and dropped); never counted as output. */
  long long stderr_bytes;
};

/* What the forked child does before it execs the program (measure-child.c). */
struct child_plan {
  const struct run_limits *lim;
  char **prog;
  /* fds 0 and 1 of the program, or -1 to keep the inherited ones. */
  int stdin_fd, stdout_fd;
  /* Write end of the stderr relay pipe: the program's fd 2. */
  int stderr_fd;
  /* Reports a failed step to the parent (close-on-exec). */
  int report_fd;
  /* An open cgroup.procs (memory group of the program only) the child moves itself into, or -1. */
  int cgroup_fd;
  /* Serve mode: a mount and IPC namespace of its own with a fresh /tmp and /dev/shm (needs CAP_SYS_ADMIN). */
  int fresh_ns;
  long long tmp_bytes;
};

/* The steps a child reports failing, with errno (one struct on report_fd). */
enum child_step { STEP_EXEC = 1, STEP_CGROUP, STEP_NAMESPACE, STEP_CAPS, STEP_SECCOMP };
struct child_failure {
  int step;
  int err;
};

void exec_child(const struct child_plan *plan) __attribute__((noreturn));
const char *child_step_name(int step);

/* measure-seccomp.c: installs the program's filter (no_new_privs must be set). 0 or -1 with errno. */
int install_program_seccomp(void);

/* measure-proc.c */
/* CPU (ms) of every process in our pid namespace but us: own time plus that of the children they reaped. */
long long namespace_cpu_ms(void);
struct relay {
  int from; /* read end (non-blocking), -1 once closed */
  int to;   /* where the kept bytes go */
  long long kept, limit;
};
/* Moves what is waiting in the pipe; returns 0 when the pipe is at end of file (and closes it). */
int relay_pump(struct relay *r);

/* measure-copy.c: copies what the program left in `dir` (its own regular files and directories, not mount points)
 * into the directory fd `to`. 0, or -1 with a message in `err`. */
int copy_back(const char *dir, int to, char *err, size_t err_len);

#endif

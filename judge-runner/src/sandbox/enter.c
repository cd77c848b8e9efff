/* oj-enter: the root-side launcher of one sandbox run, replacing `sh` (cgroup entry) + `setpriv` (uid drop).
 * Compiled once at runner start (see helper-build.ts) and exec'd by the runner as root:
 *   oj-enter --uid U [--cgroup-procs FILE]... -- /usr/bin/bwrap ARGS...
 * It writes its own pid into each cgroup.procs file (everything exec'd after inherits the groups), drops every
 * group and to uid/gid U, checks that root cannot be regained, and execs the rest. It never runs anything as root.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SETUP_FAILED 125

static void die(const char *what) {
  fprintf(stderr, "oj-enter: %s: %s\n", what, errno ? strerror(errno) : "refused");
  _exit(SETUP_FAILED);
}

static void enter_cgroup(const char *procs, pid_t self) {
  char buf[32];
  int len = snprintf(buf, sizeof buf, "%d\n", (int)self);
  int fd = open(procs, O_WRONLY | O_CLOEXEC);
  if (fd < 0) die(procs);
  if (write(fd, buf, (size_t)len) != len) die(procs);
  if (close(fd) != 0) die(procs);
}

static int parse_uid(const char *s, uid_t *out) {
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno || *s == '\0' || *end != '\0' || v == 0 || v >= 0xfffffffeUL) return -1;
  *out = (uid_t)v;
  return 0;
}

int main(int argc, char **argv) {
  uid_t uid = 0;
  int sep = -1;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) { sep = i; break; }
    if (i + 1 >= argc) break;
    if (strcmp(argv[i], "--uid") == 0 && parse_uid(argv[i + 1], &uid) == 0) { i++; continue; }
    if (strcmp(argv[i], "--cgroup-procs") == 0 && argv[i + 1][0] == '/') { i++; continue; }
    sep = -1;
    break;
  }
  if (sep < 0 || sep + 1 >= argc || uid == 0 || argv[sep + 1][0] != '/') {
    fprintf(stderr, "usage: oj-enter --uid UID (not 0) [--cgroup-procs /path/cgroup.procs]... -- /absolute/program args\n");
    return SETUP_FAILED;
  }

  pid_t self = getpid();
  for (int i = 1; i < sep; i += 2)
    if (strcmp(argv[i], "--cgroup-procs") == 0) enter_cgroup(argv[i + 1], self);

  errno = 0;
  if (setgroups(0, NULL) != 0) die("setgroups");
  if (setgid((gid_t)uid) != 0) die("setgid");
  if (setuid(uid) != 0) die("setuid");

  /* Refuse to go on unless every id is U, no supplementary group is left, no capability survived the switch
   * and root cannot be taken back. */
  uid_t ru, eu, su;
  gid_t rg, eg, sg;
  errno = 0;
  if (getresuid(&ru, &eu, &su) != 0 || getresgid(&rg, &eg, &sg) != 0) die("getresuid");
  if (ru != uid || eu != uid || su != uid || getuid() != uid || geteuid() != uid) die("uid not dropped");
  if (rg != (gid_t)uid || eg != (gid_t)uid || sg != (gid_t)uid) die("gid not dropped");
  if (getgroups(0, NULL) != 0) die("supplementary groups left");
  struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
  struct __user_cap_data_struct caps[2];
  if (syscall(SYS_capget, &head, caps) != 0) die("capget");
  for (int i = 0; i < 2; i++)
    if (caps[i].effective || caps[i].permitted) { errno = 0; die("capabilities left"); }
  if (setuid(0) == 0 || seteuid(0) == 0) { errno = 0; die("root regained"); }

  execv(argv[sep + 1], argv + sep + 1);
  die(argv[sep + 1]);
  return SETUP_FAILED;
}

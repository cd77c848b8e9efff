/* What oj-measure watches while the program runs: the CPU time of every process of the sandbox (not only of the
 * process it forked: children burning CPU while their parent waits count), and the program's stderr, relayed through
 * a pipe so that only its first bytes are kept and it never counts against the output limit. */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "measure.h"

/* utime + stime + cutime + cstime of one /proc/<pid>/stat (`children_only`: cutime + cstime), in clock ticks; -1 when
 * it is gone. */
static long long process_ticks(int proc, const char *pid, int children_only) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "%s/stat", pid);
  int fd = openat(proc, path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return -1;
  buf[n] = 0;
  /* The command name may hold spaces and parentheses: fields are counted from the last ')'. Field 3 comes next. */
  char *p = strrchr(buf, ')');
  if (!p) return -1;
  p++;
  for (int field = 3; field < 14; field++) {
    while (*p == ' ') p++;
    while (*p && *p != ' ') p++;
  }
  long long ticks = 0;
  for (int field = 14; field <= 17; field++) {
    long long t = strtoll(p, &p, 10);
    if (!children_only || field >= 16) ticks += t;
  }
  return ticks;
}

long long namespace_cpu_ms(pid_t main_pid, long long main_ms) {
  static long hz = 0;
  if (!hz) hz = sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100;
  int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (proc < 0) return 0;
  DIR *d = fdopendir(dup(proc));
  if (!d) { close(proc); return 0; }
  char self[24], main[24];
  snprintf(self, sizeof self, "%d", (int)getpid());
  snprintf(main, sizeof main, "%d", (int)main_pid);
  long long ticks = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!isdigit((unsigned char)e->d_name[0]) || strcmp(e->d_name, self) == 0) continue;
    long long t = process_ticks(proc, e->d_name, strcmp(e->d_name, main) == 0);
    if (t > 0) ticks += t;
  }
  closedir(d);
  close(proc);
  return main_ms + ticks * 1000 / hz;
}

int relay_pump(struct relay *r) {
  char buf[65536];
  /* A bounded number of reads per call, so a program writing without end cannot keep us from the clocks. */
  for (int reads = 0; reads < 16; reads++) {
    ssize_t n = read(r->from, buf, sizeof buf);
    if (n > 0) {
      long long room = r->limit - r->kept;
      if (room > 0) {
        size_t keep = (long long)n < room ? (size_t)n : (size_t)room;
        for (size_t done = 0; done < keep;) {
          ssize_t w = write(r->to, buf + done, keep - done);
          if (w < 0 && errno == EINTR) continue;
          if (w <= 0) break;
          done += (size_t)w;
        }
        r->kept += (long long)keep;
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return 1;
    close(r->from);
    r->from = -1;
    return 0;
  }
  return 1;
}

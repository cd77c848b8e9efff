/* A writable /w is a size-capped tmpfs (the drivers bind the host work dir's own files on it read-only): once the
 * program and everything it started are gone, what it made there (regular files and directories on the tmpfs
 * itself, never a mount point, link, device, FIFO or socket) is copied into the host work dir through a directory fd
 * opened by the runner. Bounded: at most MAX_ENTRIES entries, MAX_DEPTH directories deep, and the bytes are at most
 * the tmpfs's size. Runs as the sandbox uid, after the program is dead, with names read from the directory (no '/'),
 * opening nothing through a link: nothing the program left can point the copy elsewhere. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>
#include "measure.h"

#define MAX_DEPTH 8
#define MAX_ENTRIES 4096

struct copy {
  dev_t dev;
  int entries;
  char *err;
  size_t err_len;
};

static int fail(struct copy *c, const char *what, const char *name) {
  snprintf(c->err, c->err_len, "copy-out %s %s: %s", what, name, strerror(errno));
  return -1;
}

static int copy_file(struct copy *c, int from_dir, int to_dir, const char *name, mode_t mode) {
  int in = openat(from_dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (in < 0) return 0; /* not even its owner may read it: not copied */
  /* The host dir may already hold a file of that name that was not bound (a stale one): replace it. */
  unlinkat(to_dir, name, 0);
  int out = openat(to_dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, (mode & 0755) | 0600);
  if (out < 0) { close(in); return fail(c, "create", name); }
  int rc = 0;
  for (;;) {
    ssize_t n = sendfile(out, in, NULL, 1 << 20);
    if (n > 0) continue;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) rc = fail(c, "write", name);
    break;
  }
  if (close(out) != 0 && rc == 0) rc = fail(c, "close", name);
  close(in);
  return rc;
}

static int copy_dir(struct copy *c, int from, int to, int depth) {
  DIR *d = fdopendir(from);
  if (!d) { close(from); return 0; }
  int rc = 0;
  struct dirent *e;
  while (rc == 0 && (e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (++c->entries > MAX_ENTRIES) break;
    struct stat st;
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || st.st_dev != c->dev) continue;
    /* Ours (same uid): a mode of 000 does not hide it from the copy. */
    if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) fchmodat(dirfd(d), e->d_name, (st.st_mode & 0777) | 0700, 0);
    if (S_ISREG(st.st_mode)) {
      rc = copy_file(c, dirfd(d), to, e->d_name, st.st_mode);
    } else if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
      if (mkdirat(to, e->d_name, 0700) != 0 && errno != EEXIST) { rc = fail(c, "mkdir", e->d_name); break; }
      int sub_to = openat(to, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      int sub_from = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub_to >= 0 && sub_from >= 0) rc = copy_dir(c, sub_from, sub_to, depth + 1);
      else if (sub_from >= 0) close(sub_from);
      if (sub_to >= 0) close(sub_to);
    }
  }
  closedir(d);
  return rc;
}

int copy_back(const char *dir, int to, char *err, size_t err_len) {
  int from = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  if (from < 0 || fstat(from, &st) != 0) {
    snprintf(err, err_len, "copy-out %s: %s", dir, strerror(errno));
    if (from >= 0) close(from);
    return -1;
  }
  struct copy c = {st.st_dev, 0, err, err_len};
  return copy_dir(&c, from, to, 0);
}

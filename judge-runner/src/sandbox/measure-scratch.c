/* The warm sandbox's scratch places, /tmp and /dev/shm: oj-measure (pid 1, CAP_SYS_ADMIN in the sandbox's user
 * namespace) takes a mount namespace of its own at start and mounts a fresh tmpfs on each. After every case (its
 * processes all gone) a place the case touched at all is unmounted whole and replaced by a new tmpfs: its files,
 * however many or deep, go with the superblock, never walked. A place is untouched when its inode and block counts
 * are those it had fresh, and its root keeps its mode, owner and no extended attribute: nothing can be left there
 * then. (Each case also gets its own IPC namespace, measure-child.c.) */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>
#include "measure.h"

static int mount_fresh(struct scratch *s) {
  char opts[96];
  snprintf(opts, sizeof opts, "size=%lld,mode=1777", s->bytes);
  if (mount("tmpfs", s->path, "tmpfs", MS_NOSUID | MS_NODEV, opts) != 0) return -1;
  struct stat st;
  if (statvfs(s->path, &s->fresh) != 0 || stat(s->path, &st) != 0) return -1;
  s->mode = st.st_mode;
  return 0;
}

int scratch_init(struct scratch *places, int n) {
  if (unshare(CLONE_NEWNS) != 0) return -1;
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return -1;
  for (int i = 0; i < n; i++)
    if (mount_fresh(&places[i]) != 0) return -1;
  return 0;
}

static int untouched(const struct scratch *s) {
  struct statvfs now;
  struct stat st;
  if (statvfs(s->path, &now) != 0 || stat(s->path, &st) != 0) return 0;
  if (now.f_ffree != s->fresh.f_ffree || now.f_bfree != s->fresh.f_bfree) return 0;
  if (st.st_mode != s->mode || st.st_uid != getuid() || st.st_gid != getgid()) return 0;
  return listxattr(s->path, NULL, 0) == 0;
}

int scratch_renew(struct scratch *places, int n) {
  for (int i = 0; i < n; i++) {
    if (untouched(&places[i])) continue;
    if (umount2(places[i].path, MNT_DETACH) != 0 || mount_fresh(&places[i]) != 0) return -1;
  }
  return 0;
}

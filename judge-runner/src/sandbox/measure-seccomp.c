/* The program's syscall policy, a classic BPF filter installed by oj-measure in the child right before exec (so both
 * drivers, compilers, checkers and interactors get it). Allow by default; refuse what a judged program never needs
 * and what reaches shared kernel state or the kernel's larger attack surface:
 * - keyrings (keyctl, add_key, request_key), bpf, userfaultfd, perf_event_open, io_uring, fanotify;
 * - mounts and roots (mount, umount2, pivot_root, chroot, the new mount API), namespaces (unshare, setns, clone with a
 *   CLONE_NEW* flag; clone3 answers ENOSYS, so libcs fall back to clone, whose flags a filter can read);
 * - other processes (ptrace, process_vm_readv/writev, kcmp, pidfd_getfd, process_madvise);
 * - the machine (kexec, modules, reboot, swap, acct, quotas, the clock, host and domain names, syslog, I/O ports, LDT);
 * - file handles (open_by_handle_at, name_to_handle_at), personality changes other than the harmless ones;
 * - fallocate answers EOPNOTSUPP (what programs handle, glibc's posix_fallocate then writes, bounded by RLIMIT_FSIZE):
 *   FALLOC_FL_KEEP_SIZE would reserve disk past RLIMIT_FSIZE.
 * Refusals are EPERM. Another ABI than the native one (i386 `int 0x80`, x32 on x86-64) kills the process. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "measure.h"

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#else
#error "oj-measure: the seccomp policy knows x86-64 and aarch64 only"
#endif

#define X32_SYSCALL_BIT 0x40000000u
#define NAMESPACE_FLAGS (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)

static const int refused[] = {
  __NR_keyctl, __NR_add_key, __NR_request_key, __NR_bpf, __NR_userfaultfd, __NR_perf_event_open,
  __NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register, __NR_fanotify_init,
  __NR_mount, __NR_umount2, __NR_pivot_root, __NR_chroot, __NR_unshare, __NR_setns,
  __NR_move_mount, __NR_open_tree, __NR_fsopen, __NR_fsconfig, __NR_fsmount, __NR_fspick,
#ifdef __NR_mount_setattr
  __NR_mount_setattr,
#endif
  __NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev, __NR_kcmp,
#ifdef __NR_pidfd_getfd
  __NR_pidfd_getfd,
#endif
#ifdef __NR_process_madvise
  __NR_process_madvise,
#endif
  __NR_kexec_load, __NR_kexec_file_load, __NR_init_module, __NR_finit_module, __NR_delete_module, __NR_reboot,
  __NR_swapon, __NR_swapoff, __NR_acct, __NR_quotactl,
#ifdef __NR_quotactl_fd
  __NR_quotactl_fd,
#endif
  __NR_open_by_handle_at, __NR_name_to_handle_at, __NR_syslog, __NR_vhangup,
  __NR_settimeofday, __NR_clock_settime, __NR_clock_adjtime, __NR_sethostname, __NR_setdomainname,
#ifdef __NR_iopl
  __NR_iopl, __NR_ioperm, __NR_modify_ldt, __NR_uselib, __NR_lookup_dcookie,
#endif
};

/* personality(2) values that change nothing a sandbox cares about (Docker's list): Linux, its 32-bit flavour,
 * UNAME26 with each, and the query. ADDR_NO_RANDOMIZE, READ_IMPLIES_EXEC and the rest are refused. */
static const unsigned personas[] = {0x0, 0x8, 0x20000, 0x20008, 0xffffffffu};

#define MAX_INSNS 256
struct program {
  struct sock_filter insn[MAX_INSNS];
  unsigned short len;
};

static void emit(struct program *p, unsigned short code, unsigned k, unsigned char jt, unsigned char jf) {
  if (p->len < MAX_INSNS) p->insn[p->len] = (struct sock_filter){code, jt, jf, k};
  p->len++;
}

static void ret(struct program *p, unsigned action) { emit(p, BPF_RET | BPF_K, action, 0, 0); }

/* if (nr == `nr`) return `action`; (the accumulator holds nr) */
static void answer(struct program *p, int nr, unsigned action) {
  emit(p, BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1);
  ret(p, action);
}

int install_program_seccomp(void) {
  struct program p = {.len = 0};
  const unsigned eperm = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
  emit(&p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch), 0, 0);
  emit(&p, BPF_JMP | BPF_JEQ | BPF_K, NATIVE_ARCH, 1, 0);
  ret(&p, SECCOMP_RET_KILL_PROCESS);
  emit(&p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr), 0, 0);
#if defined(__x86_64__)
  emit(&p, BPF_JMP | BPF_JGE | BPF_K, X32_SYSCALL_BIT, 0, 1);
  ret(&p, SECCOMP_RET_KILL_PROCESS);
#endif
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) answer(&p, refused[i], eperm);
  answer(&p, __NR_clone3, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
  answer(&p, __NR_fallocate, SECCOMP_RET_ERRNO | (EOPNOTSUPP & SECCOMP_RET_DATA));

  /* clone: refused when its flags (the first argument's low word) ask for a new namespace. */
  emit(&p, BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4);
  emit(&p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]), 0, 0);
  emit(&p, BPF_JMP | BPF_JSET | BPF_K, NAMESPACE_FLAGS, 0, 1);
  ret(&p, eperm);
  ret(&p, SECCOMP_RET_ALLOW);

  /* personality: only the harmless values (the accumulator still holds nr here). */
  const unsigned n = sizeof personas / sizeof personas[0];
  emit(&p, BPF_JMP | BPF_JEQ | BPF_K, __NR_personality, 0, (unsigned char)(n + 2));
  emit(&p, BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0]), 0, 0);
  for (unsigned i = 0; i < n; i++) emit(&p, BPF_JMP | BPF_JEQ | BPF_K, personas[i], (unsigned char)(n - i), 0);
  ret(&p, eperm);
  ret(&p, SECCOMP_RET_ALLOW);

  if (p.len > MAX_INSNS) { errno = E2BIG; return -1; }
  struct sock_fprog prog = {p.len, p.insn};
  if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0) return 0;
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

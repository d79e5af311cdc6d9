/* The system calls of confinement.h, one each, with errno turned into a return value. */
#define _GNU_SOURCE
#include "confinement.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The names of confinement.h are the kernel's values, wherever these headers know them. */
_Static_assert(CONFINEMENT_LANDLOCK_WRITE_FILE == LANDLOCK_ACCESS_FS_WRITE_FILE, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_REMOVE_DIR == LANDLOCK_ACCESS_FS_REMOVE_DIR, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_REMOVE_FILE == LANDLOCK_ACCESS_FS_REMOVE_FILE, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_CHAR == LANDLOCK_ACCESS_FS_MAKE_CHAR, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_DIR == LANDLOCK_ACCESS_FS_MAKE_DIR, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_REG == LANDLOCK_ACCESS_FS_MAKE_REG, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_SOCK == LANDLOCK_ACCESS_FS_MAKE_SOCK, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_FIFO == LANDLOCK_ACCESS_FS_MAKE_FIFO, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_BLOCK == LANDLOCK_ACCESS_FS_MAKE_BLOCK, "Landlock ABI");
_Static_assert(CONFINEMENT_LANDLOCK_MAKE_SYM == LANDLOCK_ACCESS_FS_MAKE_SYM, "Landlock ABI");
#ifdef LANDLOCK_ACCESS_FS_REFER
_Static_assert(CONFINEMENT_LANDLOCK_REFER == LANDLOCK_ACCESS_FS_REFER, "Landlock ABI");
#endif
#ifdef LANDLOCK_ACCESS_FS_TRUNCATE
_Static_assert(CONFINEMENT_LANDLOCK_TRUNCATE == LANDLOCK_ACCESS_FS_TRUNCATE, "Landlock ABI");
#endif
#ifdef LANDLOCK_SCOPE_SIGNAL
_Static_assert(CONFINEMENT_LANDLOCK_SCOPE_SIGNAL == LANDLOCK_SCOPE_SIGNAL, "Landlock ABI");
#endif

/* Landlock's ruleset attributes as of ABI 6. A kernel that knows fewer fields accepts the
   larger structure as long as the fields it does not know are zero, which they are unless the
   caller asked for a scope the kernel reported. */
struct confinement_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

int confinement_no_new_privileges(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1UL, 0UL, 0UL, 0UL) == 0 ? 0 : errno;
}

/* The effective, permitted and inheritable sets of this process. */
static int read_capabilities(struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3]) {
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    memset(data, 0, sizeof(struct __user_cap_data_struct) * _LINUX_CAPABILITY_U32S_3);
    return syscall(SYS_capget, &header, data) == 0 ? 0 : errno;
}

int confinement_holds_capabilities(void) {
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    int failure = read_capabilities(data);
    if (failure != 0) return -failure;
    for (int i = 0; i < _LINUX_CAPABILITY_U32S_3; i++) {
        if (data[i].effective != 0 || data[i].permitted != 0 || data[i].inheritable != 0) return 1;
    }
    /* The ambient set is read one capability at a time, up to the first the kernel does not know. */
    for (unsigned long cap = 0;; cap++) {
        int set = prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, cap, 0UL, 0UL);
        if (set < 0) return errno == EINVAL ? 0 : -errno;
        if (set == 1) return 1;
    }
}

int confinement_drop_capabilities(void) {
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    int failure = read_capabilities(data);
    if (failure != 0) return failure;
    /* The bounding set first: dropping from it needs CAP_SETPCAP, which the last step gives up. */
    if (data[CAP_TO_INDEX(CAP_SETPCAP)].effective & CAP_TO_MASK(CAP_SETPCAP)) {
        for (unsigned long cap = 0;; cap++) {
            int held = prctl(PR_CAPBSET_READ, cap, 0UL, 0UL, 0UL);
            if (held < 0) {
                if (errno == EINVAL) break;  /* past the last capability the kernel knows */
                return errno;
            }
            if (held == 1 && prctl(PR_CAPBSET_DROP, cap, 0UL, 0UL, 0UL) != 0) return errno;
        }
    }
    /* EINVAL: a kernel before 4.3 has no ambient set, so nothing to clear. */
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0UL, 0UL, 0UL) != 0 && errno != EINVAL) return errno;
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    memset(data, 0, sizeof data);
    return syscall(SYS_capset, &header, data) == 0 ? 0 : errno;
}

int confinement_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return abi < 0 ? -errno : (int)abi;
}

int confinement_landlock_ruleset(uint64_t handled, uint64_t scoped) {
    struct confinement_ruleset_attr attributes = {.handled_access_fs = handled, .handled_access_net = 0, .scoped = scoped};
    long descriptor = syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0U);
    return descriptor < 0 ? -errno : (int)descriptor;
}

int confinement_landlock_allow_beneath(int ruleset, const char *path, uint64_t access) {
    int parent = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (parent < 0) return errno;
    struct landlock_path_beneath_attr rule = {.allowed_access = access, .parent_fd = parent};
    int failure = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0U) == 0 ? 0 : errno;
    close(parent);
    return failure;
}

int confinement_landlock_restrict_self(int ruleset) {
    return syscall(SYS_landlock_restrict_self, ruleset, 0U) == 0 ? 0 : errno;
}

/* The architecture the filter is written for: the kernel reports it with every system call. */
#if defined(__x86_64__)
#define CONFINEMENT_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CONFINEMENT_AUDIT_ARCH AUDIT_ARCH_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64 && defined(AUDIT_ARCH_RISCV64)
#define CONFINEMENT_AUDIT_ARCH AUDIT_ARCH_RISCV64
#endif

/* The numbers of the newer calls, the same on every architecture since Linux 5.1, for headers
   that lack them. */
#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup 425
#endif
#ifndef __NR_io_uring_enter
#define __NR_io_uring_enter 426
#endif
#ifndef __NR_io_uring_register
#define __NR_io_uring_register 427
#endif
#ifndef __NR_pidfd_getfd
#define __NR_pidfd_getfd 438
#endif

/* The low 32 bits of a system call's first argument (socket()'s family, an int). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CONFINEMENT_FIRST_ARGUMENT offsetof(struct seccomp_data, args[0])
#else
#define CONFINEMENT_FIRST_ARGUMENT (offsetof(struct seccomp_data, args[0]) + sizeof(uint32_t))
#endif

int confinement_refuse_bus_sockets(void) {
#ifndef CONFINEMENT_AUDIT_ARCH
    return ENOSYS;
#else
    /* Where the program's last two instructions are, and the jump offset from the instruction
       at `at` to `target` (BPF jumps count the instructions skipped). */
    enum { ALLOW = 12, REFUSE = 13 };
#define CONFINEMENT_TO(target, at) ((target) - (at) - 1)
    struct sock_filter program[] = {
        /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CONFINEMENT_AUDIT_ARCH, 1, 0),
        /* 2 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        /* 3 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
#if defined(__x86_64__)
        /* 4: the x32 ABI, which the arch field does not tell apart, has its own socket(). */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, CONFINEMENT_TO(REFUSE, 4), 0),
#else
        /* 4 */ BPF_STMT(BPF_JMP | BPF_JA | BPF_K, 0),
#endif
        /* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, CONFINEMENT_TO(REFUSE, 5), 0),
        /* 6 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_enter, CONFINEMENT_TO(REFUSE, 6), 0),
        /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_register, CONFINEMENT_TO(REFUSE, 7), 0),
        /* 8 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_pidfd_getfd, CONFINEMENT_TO(REFUSE, 8), 0),
        /* 9 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, CONFINEMENT_TO(ALLOW, 9)),
        /* 10 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, CONFINEMENT_FIRST_ARGUMENT),
        /* 11 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, CONFINEMENT_TO(REFUSE, 11), CONFINEMENT_TO(ALLOW, 11)),
        /* 12 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        /* 13 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
    };
#undef CONFINEMENT_TO
    _Static_assert(sizeof program / sizeof program[0] == REFUSE + 1, "the jump offsets count these instructions");
    struct sock_fprog filter = {.len = sizeof program / sizeof program[0], .filter = program};
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0UL, 0UL) == 0 ? 0 : errno;
#endif
}

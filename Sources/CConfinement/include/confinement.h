/*
 * confinement.h: the system calls a plugin's helper process makes to give up privileges before
 * it loads the plugin (no_new_privs, capabilities, a Landlock ruleset, a seccomp filter), wrapped for Swift,
 * which cannot call the variadic prctl() and syscall(). Each wrapper makes one call and says
 * what the kernel answered; which rights to give up, and what to do when the kernel refuses,
 * is decided in Swift (PluginConfinement).
 *
 * Every function returns 0 (or a count) on success and an errno value, negated where a count
 * could be returned, on failure.
 */
#ifndef CONFINEMENT_H
#define CONFINEMENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Landlock's filesystem access rights (linux/landlock.h), named here because the Linux headers
 * of older distributions lack the newer ones; the values are the kernel's ABI and never change.
 */
#define CONFINEMENT_LANDLOCK_WRITE_FILE  (1ULL << 1)
#define CONFINEMENT_LANDLOCK_REMOVE_DIR  (1ULL << 4)
#define CONFINEMENT_LANDLOCK_REMOVE_FILE (1ULL << 5)
#define CONFINEMENT_LANDLOCK_MAKE_CHAR   (1ULL << 6)
#define CONFINEMENT_LANDLOCK_MAKE_DIR    (1ULL << 7)
#define CONFINEMENT_LANDLOCK_MAKE_REG    (1ULL << 8)
#define CONFINEMENT_LANDLOCK_MAKE_SOCK   (1ULL << 9)
#define CONFINEMENT_LANDLOCK_MAKE_FIFO   (1ULL << 10)
#define CONFINEMENT_LANDLOCK_MAKE_BLOCK  (1ULL << 11)
#define CONFINEMENT_LANDLOCK_MAKE_SYM    (1ULL << 12)
/** Landlock ABI 2 (Linux 5.19): linking or renaming a file into another directory. */
#define CONFINEMENT_LANDLOCK_REFER       (1ULL << 13)
/** Landlock ABI 3 (Linux 6.2): truncating a file (truncate(2), O_TRUNC). */
#define CONFINEMENT_LANDLOCK_TRUNCATE    (1ULL << 14)
/** Landlock ABI 6 (Linux 6.12) scope: no signal to a process outside the domain. */
#define CONFINEMENT_LANDLOCK_SCOPE_SIGNAL (1ULL << 1)

/** Sets no_new_privs for this process and its children: 0, or errno. */
int confinement_no_new_privileges(void);

/**
 * Whether this process holds any capability: 1 when its effective, permitted, inheritable or
 * ambient set is not empty, 0 when all four are, or -errno when they cannot be read.
 */
int confinement_holds_capabilities(void);

/**
 * Gives up every capability: the bounding set first, while CAP_SETPCAP allows it (without
 * CAP_SETPCAP it is left as it is: with no_new_privs set, an execve cannot gain from it), then
 * the ambient set, then the effective, permitted and inheritable sets. 0, or errno.
 */
int confinement_drop_capabilities(void);

/** The highest Landlock ABI the kernel supports (1 or more), or -errno (ENOSYS, EOPNOTSUPP...). */
int confinement_landlock_abi(void);

/**
 * A new Landlock ruleset that handles the filesystem rights `handled` and the scopes `scoped`
 * (0 before ABI 6): its descriptor, or -errno.
 */
int confinement_landlock_ruleset(uint64_t handled, uint64_t scoped);

/**
 * Allows `access` beneath the directory `path` in `ruleset`: 0, or errno (ENOENT or ENOTDIR when
 * there is no such directory).
 */
int confinement_landlock_allow_beneath(int ruleset, const char *path, uint64_t access);

/** Restricts this thread, and the threads and processes it starts, to `ruleset`: 0, or errno. */
int confinement_landlock_restrict_self(int ruleset);

/**
 * Installs, for good, a seccomp filter on this thread and the threads and processes it starts,
 * so that none of them can reach a bus: socket() of the AF_UNIX family, io_uring_setup(),
 * io_uring_enter() and io_uring_register() (whose rings make sockets without socket()), and
 * pidfd_getfd() (which takes another process's descriptors) fail with EPERM, and so does a
 * system call of the x32 ABI; a system call of another architecture (a 32-bit int 0x80) ends
 * the process. socketpair() stays allowed: its two ends reach nothing but each other. Needs
 * no_new_privs. 0, or errno (ENOSYS on an architecture the filter is not written for).
 */
int confinement_refuse_bus_sockets(void);

#ifdef __cplusplus
}
#endif

#endif

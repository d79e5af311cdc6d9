// The Linux descriptors the event loop is built on (epoll, eventfd, timerfd, signalfd), and
// posix_spawn's closefrom action (glibc 2.34), which Swift's Glibc module does not export, and
// prctl's parent-death signal and thread name, which Swift cannot call (prctl is variadic).
#ifndef TABBARD_CLINUXEVENTS_SHIM_H
#define TABBARD_CLINUXEVENTS_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <spawn.h>
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#include <sys/prctl.h>
static inline int tabbard_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
static inline int tabbard_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}
#endif

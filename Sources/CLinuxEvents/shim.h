// The Linux descriptors the event loop is built on (epoll, eventfd, timerfd, signalfd), and
// posix_spawn's closefrom action (glibc 2.34), which Swift's Glibc module does not export.
#ifndef TABBARD_CLINUXEVENTS_SHIM_H
#define TABBARD_CLINUXEVENTS_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <spawn.h>
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif

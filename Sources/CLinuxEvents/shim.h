// The Linux descriptors the event loop is built on (epoll, eventfd, timerfd, signalfd), which
// Swift's Glibc module does not export.
#ifndef TABBARD_CLINUXEVENTS_SHIM_H
#define TABBARD_CLINUXEVENTS_SHIM_H
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#endif

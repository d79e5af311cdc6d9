// The C headers the D-Bus layer needs, seen from Swift: libdbus itself, and the Linux
// descriptors its event loop is built on (epoll, eventfd, timerfd, signalfd), which Swift's Glibc module
// does not export. Variadic calls (dbus_message_append_args, ...) do not import; the Swift
// layer uses DBusMessageIter instead.
#ifndef TABBARD_CDBUS_SHIM_H
#define TABBARD_CDBUS_SHIM_H
#include <dbus/dbus.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#endif

// The C headers the D-Bus layer needs, seen from Swift: libdbus itself. Variadic calls
// (dbus_message_append_args, ...) do not import; the Swift layer uses DBusMessageIter instead.
#ifndef TABBARD_CDBUS_SHIM_H
#define TABBARD_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif

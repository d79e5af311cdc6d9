#!/usr/bin/python3
"""Opens views of tabbard and vanishes, or waits for views to go: view_opener.py ADDRESS CHECK [ARG...].

open COUNT:       opens COUNT views (max_visible 3) on one connection, prints their paths as one
                  JSON list, then blocks reading stdin: the test kills it, so that its connection
                  leaves the bus without a Close.
await-gone PATH...: waits (20 s at most) until no view PATH is among GetManagedObjects, each gone
                  with InterfacesRemoved; prints {"gone": [paths], "left": [paths]}.
open-many CONNECTIONS PER: opens PER views on each of CONNECTIONS connections and prints
                  {"opened": count, "refused": [error names]}, then blocks reading stdin.

The Swift tests judge what is printed."""
import json
import sys

import dbus

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
MANAGER = "org.freedesktop.DBus.ObjectManager"
address, check = sys.argv[1], sys.argv[2]


def open_view(bus):
    settings = dbus.Dictionary({"max_visible": dbus.UInt32(3, variant_level=1)}, signature="sv")
    return str(bus.call_blocking(SERVICE, ROOT, SERVICE, "OpenView", "a{sv}", [settings]))


def managed(bus):
    return {str(path) for path in bus.call_blocking(SERVICE, ROOT, MANAGER, "GetManagedObjects", "", [])}


if check == "open":
    bus = dbus.bus.BusConnection(address)
    print(json.dumps([open_view(bus) for _ in range(int(sys.argv[3]))]), flush=True)
    sys.stdin.read()
elif check == "open-many":
    connections = [dbus.bus.BusConnection(address) for _ in range(int(sys.argv[3]))]
    opened, refused = 0, []
    for bus in connections:
        for _ in range(int(sys.argv[4])):
            try:
                open_view(bus)
                opened += 1
            except dbus.DBusException as error:
                refused.append(error.get_dbus_name())
    print(json.dumps({"opened": opened, "refused": refused}), flush=True)
    sys.stdin.read()
elif check == "await-gone":
    import dbus.mainloop.glib
    from gi.repository import GLib
    wanted = set(sys.argv[3:])
    bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
    loop = GLib.MainLoop()
    gone = set()

    def removed(path, interfaces):
        if str(path) in wanted:
            gone.add(str(path))
        if wanted <= gone | (wanted - managed(bus)):
            loop.quit()

    bus.add_signal_receiver(removed, signal_name="InterfacesRemoved", dbus_interface=MANAGER, bus_name=SERVICE)
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
    if wanted & managed(bus):
        GLib.timeout_add(20000, loop.quit)
        loop.run()
    left = sorted(wanted & managed(bus))
    print(json.dumps({"gone": sorted(wanted - set(left)), "left": left}))

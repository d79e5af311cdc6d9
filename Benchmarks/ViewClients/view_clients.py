#!/usr/bin/python3
"""Holds views of tabbard open for daemon-bench (VIEW-6): view_clients.py ADDRESS CHECK [ARG...].

hold CONNECTIONS PER SETTINGS...: opens PER views on each of CONNECTIONS connections, the
    views taking the SETTINGS in turn (each KEY=VALUE[,KEY=VALUE...]; max_visible a number),
    then blocks reading stdin: daemon-bench kills it, so that its connections leave the bus
    without a Close.
count: prints how many views are open (GetManagedObjects).
"""
import sys

import dbus

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
address, check = sys.argv[1], sys.argv[2]


def settings(text):
    entries = {}
    for pair in filter(None, text.split(",")):
        key, value = pair.split("=", 1)
        entries[key] = dbus.UInt32(int(value), variant_level=1) if key == "max_visible" else dbus.String(value, variant_level=1)
    return dbus.Dictionary(entries, signature="sv")


if check == "hold":
    connections, per, kinds = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:] or [""]
    buses = [dbus.bus.BusConnection(address) for _ in range(connections)]
    opened = 0
    for bus in buses:
        for _ in range(per):
            bus.call_blocking(SERVICE, ROOT, SERVICE, "OpenView", "a{sv}", [settings(kinds[opened % len(kinds)])])
            opened += 1
    sys.stdin.read()
elif check == "count":
    bus = dbus.bus.BusConnection(address)
    objects = bus.call_blocking(SERVICE, ROOT, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", "", [])
    print(sum(1 for path in objects if str(path).startswith(ROOT + "/view/")))

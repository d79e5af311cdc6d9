#!/usr/bin/python3
"""Calls with huge arguments against tabbard: hugeargs.py ADDRESS SIZE ROUNDS.

Each round sends calls whose offending value is SIZE bytes (an unknown tab id to GetContent, an
interface and a property name to Properties.Get, a badge to SetBadge, an object path) and keeps
how long each error's message was. An error message must name such a value by a short prefix
(ERR-2), so that no reply can outgrow the bus's message limit; the bus drops a connection that
sends one, which would show here as the daemon's name leaving the bus.
Prints "SUMMARY {json}": calls, errors by name, the longest error message in bytes, whether the
daemon still owned its name at the end, and any call that failed otherwise (a timeout)."""
import json
import sys

import dbus

SERVICE, ROOT = "org.tabbard.TabBar1", "/org/tabbard/TabBar1"
PROPERTIES = "org.freedesktop.DBus.Properties"
address, size, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
bus = dbus.bus.BusConnection(address)
huge = "a" * size
stats = {"calls": 0, "errors": {}, "longest_message": 0, "other_failures": [], "owner_at_end": False}


def call(path, interface, member, signature, *arguments):
    stats["calls"] += 1
    message = dbus.lowlevel.MethodCallMessage(SERVICE, path, interface, member)
    if signature:
        message.append(*arguments, signature=signature)
    try:
        bus.send_message_with_reply_and_block(message, 60000)
    except dbus.DBusException as error:
        name = error.get_dbus_name() or "none"
        if name in ("org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Disconnected"):
            stats["other_failures"].append(member + ": " + name)
        stats["errors"][name] = stats["errors"].get(name, 0) + 1
        stats["longest_message"] = max(stats["longest_message"], len((error.get_dbus_message() or "").encode()))


for round in range(rounds):
    call(ROOT, SERVICE, "GetContent", "s", huge)
    call(ROOT, PROPERTIES, "Get", "ss", huge, "Tabs")
    call(ROOT, PROPERTIES, "Get", "ss", SERVICE, huge)
    call(ROOT, SERVICE, "SetBadge", "ss", "alarm", huge)
    call("/" + huge, SERVICE, "Describe", "")
stats["owner_at_end"] = bus.name_has_owner(SERVICE)
print("SUMMARY " + json.dumps(stats, sort_keys=True))

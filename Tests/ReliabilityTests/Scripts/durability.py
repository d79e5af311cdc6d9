#!/usr/bin/python3
"""What the daemon acknowledged, under faults of the disk and of the stop (STATE-4, ERR-2).

durability.py structural ADDRESS TAB...
    Calls SetTabs(TAB...) while watching every signal of the daemon. Prints a summary with the
    reply ("ok" or the error name), its message, what was announced during the call (signals
    other than a tab's ticking ContentRevision), and the state before and after.

durability.py queued ADDRESS PID MODE COUNT TAB SELECT SEED
    Queues COUNT SetBadge(TAB, "SEED.i") calls and one Select(SELECT), then stops the daemon
    (pid PID) with SIGTERM. MODE "stopped": the daemon is SIGSTOPped first, the calls reach its
    socket, then SIGTERM and SIGCONT (the calls were read before the stop was). MODE "burst":
    the calls go out in bursts and SIGTERM comes at a random moment among them. Prints the
    badges and the selection that were acknowledged, and the errors the rest got.
"""
import json
import os
import random
import signal
import sys
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT


def summary(values):
    sys.stdout.write("SUMMARY " + json.dumps(values, sort_keys=True) + "\n")
    sys.stdout.flush()


def visible_state(state):
    """The part of a Describe document that a structural change may move."""
    return {key: state[key] for key in ("Tabs", "CustomizableTabs", "SelectedTab", "SelectedItem", "MaxVisible")}


def structural(address, tabs):
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    announced = []

    def seen(*args, **keywords):
        member, path = keywords["member"], keywords["path"]
        if member == "PropertiesChanged":
            changed = sorted(str(name) for name in args[1].keys()) + sorted(str(name) for name in args[2])
            if path.startswith(ROOT + "/tab/") and set(changed) <= {"ContentRevision"}:
                return  # A live tab ticking on its own, not the call.
            announced.append("%s %s %s" % (path, member, ",".join(changed)))
        else:
            announced.append("%s %s" % (path, member))

    bus.add_signal_receiver(seen, sender_keyword="sender", member_keyword="member", path_keyword="path",
                            bus_name=SERVICE)
    controller = dbus.Interface(bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
    before = invariants.describe(bus)
    loop = GLib.MainLoop()
    outcome = {}

    def replied(*_):
        outcome["reply"] = "ok"
        GLib.timeout_add(300, loop.quit)  # Late announcements would still be seen.

    def failed(error):
        outcome["reply"] = error.get_dbus_name()
        outcome["message"] = error.get_dbus_message()
        GLib.timeout_add(300, loop.quit)

    controller.SetTabs(dbus.Array(tabs, signature="s"), reply_handler=replied, error_handler=failed, timeout=20)
    loop.run()
    after = invariants.describe(bus)
    outcome.update(announced=announced, before=visible_state(before), after=visible_state(after),
                   violations=invariants.violations(after))
    summary(outcome)


def queued(address, pid, mode, count, tab, select, seed):
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    controller = dbus.Interface(bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
    invariants.describe(bus)  # The daemon answers: it is serving.
    rng = random.Random(seed)
    loop = GLib.MainLoop()
    acknowledged, errors = [], {}
    outcome = {"selected": False}
    waiting = [count + 1]

    def answered():
        waiting[0] -= 1
        if waiting[0] == 0:
            loop.quit()

    def badge_ok(index):
        def handler(*_):
            acknowledged.append(index)
            answered()
        return handler

    def select_ok(*_):
        outcome["selected"] = True
        answered()

    def failed(error):
        errors[error.get_dbus_name()] = errors.get(error.get_dbus_name(), 0) + 1
        answered()

    def send(index):
        if index < count:
            controller.SetBadge(tab, "%d.%d" % (seed, index + 1), reply_handler=badge_ok(index + 1),
                                error_handler=failed, timeout=20)
        else:
            controller.Select(select, reply_handler=select_ok, error_handler=failed, timeout=20)

    if mode == "stopped":
        os.kill(pid, signal.SIGSTOP)
        for index in range(count + 1):
            send(index)
        bus.flush()
        time.sleep(0.1)  # The bus hands every call to the stopped daemon's socket.
        os.kill(pid, signal.SIGTERM)
        os.kill(pid, signal.SIGCONT)
    else:
        stop_at = rng.randint(0, count)
        for index in range(count + 1):
            if index == stop_at:
                os.kill(pid, signal.SIGTERM)
            send(index)
            if rng.random() < 0.2:
                bus.flush()
                time.sleep(rng.random() * 0.004)
        bus.flush()
    GLib.timeout_add_seconds(25, loop.quit)
    loop.run()
    summary({"acknowledged": acknowledged, "selected": outcome["selected"], "errors": errors,
             "unanswered": waiting[0]})


def main():
    command = sys.argv[1]
    if command == "structural":
        structural(sys.argv[2], sys.argv[3:])
    elif command == "queued":
        address, pid, mode, count, tab, select, seed = sys.argv[2:9]
        queued(address, int(pid), mode, int(count), tab, select, int(seed))
    else:
        sys.exit("unknown command " + command)


main()

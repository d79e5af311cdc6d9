#!/usr/bin/python3
"""Puts many connections, one huge call and reloads under calls to tabbard:
connections.py ADDRESS PID SCENARIO COUNT.

SCENARIO is one of:
  churn   COUNT clients one after another, each connecting, reading SelectedTab and leaving;
  hold    COUNT clients connected at once, each having read SelectedTab, while a fresh client
          selects; then all of them leave;
  huge    a SetTabs of COUNT ids, which must be refused with InvalidArgument;
  reload  COUNT SIGHUPs, each sent while two clients keep calls going, one after another.
The daemon's open descriptors (/proc/PID/fd) and VmRSS are read before and after, once every
client has left and the daemon has seen it. Prints "SUMMARY {json}" with counts, errors by name,
descriptors and VmRSS before and after, and seconds taken."""
import json
import os
import resource
import signal
import sys
import threading
import time

import dbus

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT
INTERFACE = SERVICE
address, pid, scenario, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
stats = {"scenario": scenario, "count": count, "answered": 0, "errors": {}}


def descriptors():
    return len(os.listdir(f"/proc/{pid}/fd"))


def note_error(error):
    name = error.get_dbus_name()
    stats["errors"][name] = stats["errors"].get(name, 0) + 1


def visible_tabs(proxy):
    return proxy.Get(INTERFACE, "VisibleTabs", dbus_interface="org.freedesktop.DBus.Properties", timeout=30)


def read_selected(connection):
    proxy = connection.get_object(SERVICE, ROOT, introspect=False)
    proxy.Get(INTERFACE, "SelectedTab", dbus_interface="org.freedesktop.DBus.Properties", timeout=30)
    stats["answered"] += 1


def settle(before):
    """Waits until the daemon's descriptors are back to `before` or fewer (a file the state
    writer had open at the first count may be closed by now), for at most 5 s; the count it
    ends with."""
    deadline = time.monotonic() + 5
    now = descriptors()
    while now > before and time.monotonic() < deadline:
        time.sleep(0.05)
        now = descriptors()
    return now


def churn():
    for _ in range(count):
        connection = dbus.bus.BusConnection(address)
        try:
            read_selected(connection)
        except dbus.DBusException as error:
            note_error(error)
        connection.close()


def hold():
    # One descriptor per client on this side: raise the soft limit to what is needed.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 64
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    held = []
    for _ in range(count):
        connection = dbus.bus.BusConnection(address)
        held.append(connection)
        try:
            read_selected(connection)
        except dbus.DBusException as error:
            note_error(error)
    stats["descriptors_while_held"] = descriptors()
    fresh = dbus.bus.BusConnection(address)
    try:
        proxy = fresh.get_object(SERVICE, ROOT, introspect=False)
        proxy.Select(visible_tabs(proxy)[-1], dbus_interface=INTERFACE, timeout=30)
        stats["fresh_select"] = True
    except dbus.DBusException as error:
        note_error(error)
        stats["fresh_select"] = False
    fresh.close()
    for connection in held:
        connection.close()


def huge():
    connection = dbus.bus.BusConnection(address)
    proxy = connection.get_object(SERVICE, ROOT, introspect=False)
    ids = dbus.Array((f"t{index}" for index in range(count)), signature="s")
    started = time.monotonic()
    try:
        proxy.SetTabs(ids, dbus_interface=INTERFACE, timeout=120)
        stats["answered"] += 1
    except dbus.DBusException as error:
        note_error(error)
        stats["message_length"] = len(error.get_dbus_message() or "")
    stats["refused_in_s"] = round(time.monotonic() - started, 3)
    # The daemon still serves, and its tabs are as they were.
    stats["tabs_after"] = len(proxy.Get(INTERFACE, "Tabs", dbus_interface="org.freedesktop.DBus.Properties", timeout=30))
    connection.close()


def reload():
    stop = threading.Event()
    calls = {"n": 0}

    def caller(select):
        connection = dbus.bus.BusConnection(address)
        proxy = connection.get_object(SERVICE, ROOT, introspect=False)
        tabs = visible_tabs(proxy)
        index = 0
        while not stop.is_set():
            index += 1
            try:
                if select:
                    proxy.Select(tabs[index % len(tabs)], dbus_interface=INTERFACE, timeout=30)
                else:
                    proxy.SetBadge(tabs[index % len(tabs)], str(index % 100), dbus_interface=INTERFACE, timeout=30)
                calls["n"] += 1
            except dbus.DBusException as error:
                note_error(error)
        connection.close()

    threads = [threading.Thread(target=caller, args=(select,)) for select in (True, False)]
    for thread in threads:
        thread.start()
    for _ in range(count):
        os.kill(pid, signal.SIGHUP)
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join()
    stats["answered"] = calls["n"]


before_fds, before_rss = descriptors(), invariants.rss_kib(pid)
started = time.monotonic()
{"churn": churn, "hold": hold, "huge": huge, "reload": reload}[scenario]()
stats["seconds"] = round(time.monotonic() - started, 2)
stats["descriptors_before"], stats["descriptors_after"] = before_fds, settle(before_fds)
stats["rss_before_kib"], stats["rss_after_kib"] = before_rss, invariants.rss_kib(pid)
last = dbus.bus.BusConnection(address)
stats["owner_at_end"] = bool(last.name_has_owner(SERVICE))
last.close()
print("SUMMARY " + json.dumps(stats, sort_keys=True))

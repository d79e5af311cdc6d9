#!/usr/bin/python3
"""Faulty delegates and clients against tabbard: faults.py ADDRESS PID SCENARIO TAPS.

While the fault lasts, another connection keeps calling `Select` (and `Describe`) and the
slowest answer is kept, and the daemon's VmRSS is sampled. SCENARIO is one of
  slow      TAPS taps at once behind a delegate that takes 50 ms per answer: 64 wait,
            the rest are Busy;
  hang      a delegate that registers and never answers (DelegateTimeoutMs 20): TAPS taps;
  crash     a delegate that takes 20 s is killed (SIGKILL) while TAPS taps wait for it: the
            waiting taps are then decided as if there were none;
  flood     a delegate flooding the daemon with calls while answering TAPS taps;
  vanish    clients that send taps behind a slow delegate and close their connection before
            the answers, TAPS times;
  unread    a raw socket that subscribes to every signal and then never reads, while TAPS
            badge changes each emit PropertiesChanged.
Prints "SUMMARY {json}": taps answered true/false, errors by name, the slowest Select in ms,
VmRSS before, peak and after, and the invariant violations afterwards."""
import atexit
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT
address, pid, scenario, taps = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
here = os.path.dirname(os.path.abspath(__file__))
mainloop = dbus.mainloop.glib.DBusGMainLoop()
loop = GLib.MainLoop()
stats = {"scenario": scenario, "taps": 0, "true": 0, "false": 0, "errors": {}, "select_max_ms": 0.0, "selects": 0,
         "rss_before_kib": invariants.rss_kib(pid), "rss_peak_kib": 0}
prober = dbus.bus.BusConnection(address, mainloop=mainloop)
control = dbus.bus.BusConnection(address)
controller = dbus.Interface(control.get_object(SERVICE, ROOT, introspect=False), SERVICE)
targets = list(invariants.describe(control)["VisibleTabs"])


def set_property(name, value):
    control.get_object(SERVICE, ROOT, introspect=False).Set(SERVICE, name, value,
                                                            dbus_interface="org.freedesktop.DBus.Properties")


delegates = []


def stop_delegates():
    """Kills the delegates still running, whichever way the script ends."""
    for process in delegates:
        if process.poll() is None:
            process.kill()
            process.wait()


atexit.register(stop_delegates)


def start_delegate(mode, delay=0):
    process = subprocess.Popen([sys.executable, os.path.join(here, "delegate.py"), address, mode, str(delay)],
                               stdout=subprocess.PIPE, text=True)
    delegates.append(process)
    line = process.stdout.readline().strip()
    if line != "ready":
        raise SystemExit("the delegate did not start: %r" % line)
    return process


def count_error(error):
    name = error.get_dbus_name()
    stats["errors"][name] = stats["errors"].get(name, 0) + 1


# The probe: a Select every 50 ms from a connection of its own, never more than one at a time.
probing = {"sent": None, "index": 0}


def probe():
    if probing["sent"] is None:
        probing["sent"] = time.monotonic()
        probing["index"] += 1
        target = targets[probing["index"] % len(targets)]
        prober.get_object(SERVICE, ROOT, introspect=False).Select(
            target, dbus_interface=SERVICE, timeout=25, reply_handler=probe_done, error_handler=probe_failed)
    stats["rss_peak_kib"] = max(stats["rss_peak_kib"], invariants.rss_kib(pid))
    return True


def probe_done(*ignored):
    stats["select_max_ms"] = max(stats["select_max_ms"], round((time.monotonic() - probing["sent"]) * 1000, 1))
    stats["selects"] += 1
    probing["sent"] = None


def probe_failed(error):
    stats.setdefault("select_errors", []).append(error.get_dbus_name())
    probe_done()


outstanding = {"taps": 0}
connections = []


def connect():
    """A new connection, kept until the end (an unreferenced one would be closed)."""
    connection = dbus.bus.BusConnection(address, mainloop=mainloop)
    connections.append(connection)
    return connection


def tap_from(connection, item="@more", last=False):
    """Sends one tap; with `last`, notes when its answer came: by then the daemon had received
    every earlier tap of this connection too."""
    stats["taps"] += 1
    outstanding["taps"] += 1

    def answered():
        outstanding["taps"] -= 1
        if last:
            stats["last_tap_answered_ms"] = round((time.monotonic() - begin) * 1000)

    def done(selected):
        answered()
        stats["true" if selected else "false"] += 1

    def failed(error):
        answered()
        count_error(error)

    connection.get_object(SERVICE, ROOT, introspect=False).Tap(
        item, dbus_interface=SERVICE, timeout=25, reply_handler=done, error_handler=failed)


def when_done(condition, then, limit=60):
    """Calls `then` once `condition()` holds (checked every 20 ms), or quits after `limit` s."""
    deadline = time.monotonic() + limit

    def check():
        if condition():
            then()
            return False
        if time.monotonic() > deadline:
            stats["timed_out"] = True
            loop.quit()
            return False
        return True
    GLib.timeout_add(20, check)


def tap_targets():
    # Alternate between two bar tabs so every tap changes something.
    return [targets[i % 2] for i in range(taps)]


def spray(connection):
    """Sends the taps from the main loop, 100 at a time, so the probe runs meanwhile; notes
    how long sending them took."""
    items = tap_targets()
    started = time.monotonic()

    def batch():
        for _ in range(min(100, len(items))):
            item = items.pop()
            tap_from(connection, item, last=not items)
        if items:
            return True
        stats["spray_ms"] = round((time.monotonic() - started) * 1000)
        return False
    GLib.idle_add(batch)


def scenario_slow():
    delegate = start_delegate("slow", 50)
    spray(connect())
    when_done(lambda: "spray_ms" in stats and outstanding["taps"] == 0,
              lambda: (delegate.kill(), delegate.wait(), loop.quit()))


def scenario_hang():
    set_property("DelegateTimeoutMs", dbus.UInt32(20, variant_level=1))
    delegate = start_delegate("hang")
    spray(connect())
    when_done(lambda: "spray_ms" in stats and outstanding["taps"] == 0,
              lambda: (delegate.kill(), delegate.wait(), loop.quit()))


def scenario_crash():
    set_property("DelegateTimeoutMs", dbus.UInt32(20000, variant_level=1))
    delegate = start_delegate("slow", 20000)
    spray(connect())

    def kill_it():
        stats["killed_after_asked"] = delegate.stdout.readline().strip()
        stats["killed_at_pending"] = outstanding["taps"]
        delegate.kill()
        delegate.wait()
        started = time.monotonic()
        when_done(lambda: outstanding["taps"] == 0,
                  lambda: (stats.__setitem__("drained_ms", round((time.monotonic() - started) * 1000)), loop.quit()))
    # Once every tap is in and all but the 65 the daemon holds have been answered Busy.
    when_done(lambda: "spray_ms" in stats and outstanding["taps"] <= 65, kill_it)


def scenario_flood():
    delegate = start_delegate("flood")
    tapper = connect()
    pending = tap_targets()

    def next_taps():
        # At most 4 waiting, so none is Busy and none outlasts its 25 s (a delegate this busy
        # may miss its own timeout, and the policy then decides): every tap is answered.
        while pending and outstanding["taps"] < 4:
            tap_from(tapper, pending.pop())
        if not pending and outstanding["taps"] == 0:
            delegate.kill()
            delegate.wait()
            loop.quit()
            return False
        return True
    GLib.timeout_add(5, next_taps)


def scenario_vanish():
    delegate = start_delegate("slow", 200)
    rounds = {"left": taps}
    stats["closed_with_waiting"] = 0

    def one_round():
        if rounds["left"] == 0:
            # The daemon goes on deciding the abandoned taps; wait until the delegate idles.
            def idle():
                controller.Describe(timeout=25)
                delegate.kill()
                delegate.wait()
                loop.quit()
            GLib.timeout_add(1000, lambda: idle() and False)
            return False
        rounds["left"] -= 1
        doomed = connect()
        for item in targets[:2] * 3:
            stats["taps"] += 1
            doomed.get_object(SERVICE, ROOT, introspect=False).Tap(
                item, dbus_interface=SERVICE, timeout=25, reply_handler=lambda *a: None, error_handler=lambda *a: None)
        doomed.flush()
        GLib.timeout_add(60, lambda: (doomed.close(), stats.__setitem__("closed_with_waiting",
                                                                         stats["closed_with_waiting"] + 1)) and False)
        return True
    GLib.timeout_add(100, one_round)


def raw_subscriber():
    """A connection made by hand that says Hello, asks for every signal, then never reads."""
    path = dict(part.split("=", 1) for part in address.split(":", 1)[1].split(","))["path"]
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(path)
    sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
    if not sock.recv(4096).startswith(b"OK"):
        raise SystemExit("the bus refused the raw connection")
    sock.sendall(b"BEGIN\r\n")

    def message(serial, member, body_signature="", body=b""):
        def align(buffer, n):
            buffer += b"\0" * (-len(buffer) % n)

        def string(buffer, text):
            align(buffer, 4)
            raw = text.encode()
            buffer += struct.pack("<I", len(raw)) + raw + b"\0"

        def field(buffer, code, kind, text):
            align(buffer, 8)
            buffer += bytes([code]) + bytes([1]) + kind.encode() + b"\0"
            if kind == "g":
                buffer += bytes([len(text)]) + text.encode() + b"\0"
            else:
                string(buffer, text)
        fields = bytearray()
        fields_start = 16
        for code, kind, text in [(1, "o", "/org/freedesktop/DBus"), (2, "s", "org.freedesktop.DBus"),
                                 (3, "s", member), (6, "s", "org.freedesktop.DBus")] + \
                                ([(8, "g", body_signature)] if body_signature else []):
            chunk = bytearray(b"\0" * fields_start) + fields
            field(chunk, code, kind, text)
            fields = chunk[fields_start:]
        header = bytearray(b"l\x01\x00\x01" + struct.pack("<III", len(body), serial, len(fields))) + fields
        header += b"\0" * (-len(header) % 8)
        return bytes(header) + body

    def string_body(text):
        raw = text.encode()
        return struct.pack("<I", len(raw)) + raw + b"\0"
    sock.sendall(message(1, "Hello"))
    sock.sendall(message(2, "AddMatch", "s", string_body("type='signal'")))
    return sock


def scenario_unread():
    sock = raw_subscriber()
    stats["raw_subscriber"] = "subscribed"
    badger = connect()
    sent = {"n": 0, "waiting": 0}

    def done(*ignored):
        sent["waiting"] -= 1
        stats["true"] += 1

    def failed(error):
        sent["waiting"] -= 1
        count_error(error)

    def more():
        while sent["n"] < taps and sent["waiting"] < 32:
            sent["n"] += 1
            sent["waiting"] += 1
            badger.get_object(SERVICE, ROOT, introspect=False).SetBadge(
                targets[sent["n"] % len(targets)], str(sent["n"]) * 8, dbus_interface=SERVICE, timeout=25,
                reply_handler=done, error_handler=failed)
        if sent["n"] >= taps and sent["waiting"] == 0:
            stats["badges"] = sent["n"]
            sock.close()
            loop.quit()
            return False
        return True
    GLib.timeout_add(2, more)


begin = time.monotonic()
GLib.timeout_add(50, probe)
{"slow": scenario_slow, "hang": scenario_hang, "crash": scenario_crash, "flood": scenario_flood,
 "vanish": scenario_vanish, "unread": scenario_unread}[scenario]()
GLib.timeout_add_seconds(300, lambda: (stats.__setitem__("timed_out", True), loop.quit()))
loop.run()
stats["seconds"] = round(time.monotonic() - begin, 2)
check = dbus.bus.BusConnection(address)
started = time.monotonic()
check.get_object(SERVICE, ROOT, introspect=False).Select(targets[0], dbus_interface=SERVICE, timeout=10)
stats["final_select_ms"] = round((time.monotonic() - started) * 1000, 1)
stats["violations"] = invariants.violations(invariants.describe(check))
stats["rss_after_kib"] = invariants.rss_kib(pid)
print("SUMMARY " + json.dumps(stats, sort_keys=True))

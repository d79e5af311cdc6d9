#!/usr/bin/python3
"""Watches tabbard's memory over many calls: memory.py ADDRESS PID BADGES TAPS.

Sends BADGES badge changes (SetBadge with values of every length up to the 64-character limit,
and ClearBadge, over every catalog tab), then TAPS taps alternating between two bar tabs, from
two connections with calls pipelined. VmRSS is read after the first 10,000 calls (the
baseline), every 10,000 calls after that, and at the end. Prints "SUMMARY {json}" with the
counts, errors by name, the baseline, peak and final VmRSS in KiB and the calls per second."""
import json
import random
import sys
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT
address, pid, badges, taps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(7)
mainloop = dbus.mainloop.glib.DBusGMainLoop()
connections = [dbus.bus.BusConnection(address, mainloop=mainloop) for _ in range(2)]
proxies = [c.get_object(SERVICE, ROOT, introspect=False) for c in connections]
state = invariants.describe(connections[0])
catalog = [entry["Id"] for entry in state["catalog"]]
bar = list(state["VisibleTabs"])[:2]
stats = {"badges": 0, "taps": 0, "answered": 0, "errors": {}, "rss_start_kib": invariants.rss_kib(pid),
         "rss_samples_kib": []}
loop = GLib.MainLoop()
IN_FLIGHT = 48
total = badges + taps
sent = {"n": 0, "waiting": 0}


def done(*ignored):
    sent["waiting"] -= 1
    stats["answered"] += 1
    after()


def failed(error):
    sent["waiting"] -= 1
    name = error.get_dbus_name()
    stats["errors"][name] = stats["errors"].get(name, 0) + 1
    after()


def after():
    answered = stats["answered"] + sum(stats["errors"].values())
    if answered % 10_000 == 0:
        stats["rss_samples_kib"].append(invariants.rss_kib(pid))
        if answered == 10_000:
            stats["rss_baseline_kib"] = stats["rss_samples_kib"][-1]
    if answered == total:
        loop.quit()
    else:
        pump()


def pump():
    while sent["n"] < total and sent["waiting"] < IN_FLIGHT:
        proxy = proxies[sent["n"] % 2]
        sent["waiting"] += 1
        if sent["n"] < badges:
            stats["badges"] += 1
            tab = rng.choice(catalog)
            if rng.random() < 0.9:
                proxy.SetBadge(tab, "%d" % rng.randrange(10 ** rng.randint(1, 18)) * rng.randint(1, 3),
                               dbus_interface=SERVICE, timeout=25, reply_handler=done, error_handler=failed)
            else:
                proxy.ClearBadge(tab, dbus_interface=SERVICE, timeout=25, reply_handler=done, error_handler=failed)
        else:
            stats["taps"] += 1
            proxy.Tap(bar[sent["n"] % 2], dbus_interface=SERVICE, timeout=25, reply_handler=done, error_handler=failed)
        sent["n"] += 1


begin = time.monotonic()
GLib.idle_add(lambda: pump() and False)
loop.run()
seconds = time.monotonic() - begin
time.sleep(0.5)  # Let the state writer settle before the last reading.
stats["rss_final_kib"] = invariants.rss_kib(pid)
stats["rss_peak_kib"] = max(stats["rss_samples_kib"] + [stats["rss_final_kib"]])
stats["calls_per_second"] = round(total / seconds)
stats["violations"] = invariants.violations(invariants.describe(connections[0]))
samples = stats.pop("rss_samples_kib")
stats["rss_samples"] = len(samples)
print("SUMMARY " + json.dumps(stats, sort_keys=True))

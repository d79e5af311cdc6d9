#!/usr/bin/python3
"""Fuzzes tabbard's D-Bus surface: fuzz.py ADDRESS CALLS SEED.

Several connections at once send CALLS method calls (pipelined, a bounded number in flight each):
known and unknown members on right and wrong objects and interfaces, random signatures, and
hostile arguments (unknown and 10 kB ids, huge arrays, bytes that are not UTF-8 where a string
is expected, out-of-range numbers). Now and then a connection is closed while its calls are in
flight and replaced. Strings that are not UTF-8 cannot be sent as strings (libdbus refuses them
before they leave): each such attempt is counted, then the bytes go out as `ay`.

Afterwards, on a fresh connection: Ping and Select are timed and the invariants of `Describe`
are checked. Prints one line "SUMMARY {json}" with calls, replies, errors by name, connections
closed mid-call, refused strings, timings and invariant violations."""
import json
import random
import sys
import time

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT
address, total, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
mainloop = dbus.mainloop.glib.DBusGMainLoop()
CONNECTIONS, IN_FLIGHT = 6, 24

probe = dbus.bus.BusConnection(address)
start_state = invariants.describe(probe)
catalog = [entry["Id"] for entry in start_state["catalog"]]


def escape(identifier):
    return "".join(c if c.isascii() and c.isalnum() else "_%02x" % b for c in identifier for b in c.encode())


PATHS = [ROOT, ROOT + "/bar", ROOT + "/tab", ROOT + "/tab/nothing", "/", "/org", "/org/tabbard",
         ROOT + "/tab/" + escape("x" * 300)] + [ROOT + "/tab/" + escape(t) for t in catalog]
KNOWN = {
    "Select": "s", "SelectIndex": "i", "SelectMore": "", "Tap": "s", "SetTabs": "as", "AddTab": "si",
    "RemoveTab": "s", "SetCustomizable": "as", "BeginCustomizing": "", "MoveTab": "su", "SwapTabs": "ss",
    "EndCustomizing": "", "Customize": "as", "SetBadge": "ss", "ClearBadge": "s", "SetBadgeColor": "ss",
    "SetEnabled": "sb", "Navigate": "ss", "Back": "s", "PopToRoot": "s", "GetContent": "s",
    "Activate": "ss", "SetOrientation": "s", "SetDividerImage": "sss", "RegisterDelegate": "o",
    "UnregisterDelegate": "o", "Reset": "", "Describe": "",
}
PROPERTIES = ["Tabs", "AvailableTabs", "VisibleTabs", "MoreTabs", "HiddenTabs", "ShowsMore", "MaxVisible", "Layout",
              "SelectedItem", "SelectedTab", "SelectedIndex", "CustomizableTabs", "CanCustomize", "Customizing",
              "BarStyle", "BarTintColor", "TintColor", "Translucent", "BackgroundImage", "Locale", "Delegate",
              "DelegateTimeoutMs", "DelegateTimeoutPolicy", "Revision", "Version", "Id", "Title", "BadgeValue",
              "Items", "NoSuchProperty", ""]
INTERFACES = [SERVICE, SERVICE + ".Tab", SERVICE + ".Bar", SERVICE + ".Delegate", "org.freedesktop.DBus.Properties",
              "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
              "org.freedesktop.DBus.ObjectManager", "org.example.Nothing"]
WORDS = ["", "@more", "@", "bottom", "top", "portrait", "landscapeLeft", "allow", "deny", "red", "#ff0000",
         "not a colour", "normal", "selected", "en", "de", "zz", "\u00e9\u4e2d\U0001F600", "a\u0301", "-1",
         "root", "../../etc", "x" * 10_000, "\u200b"]
BASIC = "sbiuytxndgo"
stats = {"calls": 0, "replies": 0, "errors": {}, "closed_mid_call": 0, "utf8_refused": 0, "huge": 0,
         "long_ids": 0}


def an_id():
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(catalog)
    if roll < 0.62:
        stats["long_ids"] += 1
        return rng.choice(catalog) * (10_000 // max(1, len(rng.choice(catalog))))
    return rng.choice(WORDS + ["no-such-tab", "world clock", "WORLD-CLOCK", "tab/../x"])


def a_list():
    roll = rng.random()
    if roll < 0.5:
        tabs = catalog[:]
        rng.shuffle(tabs)
        return tabs[:rng.randint(0, len(tabs))]
    if roll < 0.55:
        stats["huge"] += 1
        return [rng.choice(catalog) for _ in range(rng.choice([1000, 20_000]))]
    return [an_id() for _ in range(rng.randint(0, 12))]


def value(code, string=None):
    if code == "s":
        return dbus.String(string if string is not None else an_id())
    if code == "o":
        return dbus.ObjectPath(rng.choice(PATHS + ["/delegate", "/a/b"]))
    if code == "g":
        return dbus.Signature(rng.choice(["", "s", "as", "a{sv}"]))
    if code == "b":
        return dbus.Boolean(rng.random() < 0.5)
    big = {"i": (-2**31, 2**31 - 1), "u": (0, 2**32 - 1), "y": (0, 255), "t": (0, 2**64 - 1),
           "x": (-2**63, 2**63 - 1), "n": (-2**15, 2**15 - 1)}
    if code in big:
        low, high = big[code]
        number = rng.choice([low, high, 0, -1 if low < 0 else 1, rng.randint(low, high), 2, 5, 64, 65, 10, 20000])
        number = min(max(number, low), high)
        return {"i": dbus.Int32, "u": dbus.UInt32, "y": dbus.Byte, "t": dbus.UInt64, "x": dbus.Int64,
                "n": dbus.Int16}[code](number)
    if code == "d":
        return dbus.Double(rng.choice([0.0, -1.5, 1e308, float("nan")]))
    if code == "as":
        return dbus.Array([dbus.String(s) for s in a_list()], signature="s")
    if code == "ay":
        return dbus.ByteArray(rng.choice([b"\xff\xfe", b"world-clock\x80", b"", b"\xc3\x28", b"x" * 4096]))
    if code == "v":
        return rng.choice([dbus.String(an_id(), variant_level=1), dbus.UInt32(rng.randint(0, 100), variant_level=1),
                           dbus.Boolean(True, variant_level=1), dbus.Array([], signature="s", variant_level=1)])
    return dbus.String(an_id())


def invalid_utf8():
    """Tries to send bytes that are not UTF-8 as a string; libdbus refuses, which is counted.
    Returns the same bytes as an `ay` argument to send instead."""
    raw = rng.choice([b"\xff", b"abc\xc3", b"\xed\xa0\x80", b"world-clock\xfe"])
    try:
        message = dbus.lowlevel.MethodCallMessage(SERVICE, ROOT, SERVICE, "Select")
        message.append(raw, signature="s")
    except (UnicodeError, TypeError, ValueError):
        stats["utf8_refused"] += 1
    return dbus.ByteArray(raw)


def random_signature():
    return "".join(rng.choice(list(BASIC) + ["as", "ay", "v"]) for _ in range(rng.randint(0, 4)))


def split(signature):
    codes, i = [], 0
    while i < len(signature):
        if signature[i] == "a":
            codes.append(signature[i:i + 2])
            i += 2
        else:
            codes.append(signature[i])
            i += 1
    return codes


def one_call():
    """(path, interface, member, signature, args) of one random call."""
    roll = rng.random()
    if roll < 0.55:
        member = rng.choice(list(KNOWN))
        path = ROOT if rng.random() < 0.9 else rng.choice(PATHS)
        signature = KNOWN[member] if rng.random() < 0.85 else random_signature()
        if member == "Reset" and rng.random() < 0.7:
            member = "Describe"
        return path, SERVICE, member, signature, [value(c) for c in split(signature)]
    if roll < 0.75:
        path = rng.choice(PATHS)
        interface = rng.choice([SERVICE, SERVICE + ".Tab", SERVICE + ".Bar", "org.example.Nothing", ""])
        prop = rng.choice(PROPERTIES)
        kind = rng.choice(["Get", "Get", "GetAll", "Set", "Set"])
        if kind == "GetAll":
            return path, "org.freedesktop.DBus.Properties", "GetAll", "s", [dbus.String(interface)]
        if kind == "Get":
            return path, "org.freedesktop.DBus.Properties", "Get", "ss", [dbus.String(interface), dbus.String(prop)]
        return (path, "org.freedesktop.DBus.Properties", "Set", "ssv",
                [dbus.String(interface), dbus.String(prop), value("v")])
    if roll < 0.82:
        member = rng.choice(["Select", "Tap", "SetBadge", "SetTabs", "AddTab"])
        return ROOT, SERVICE, member, "ay", [invalid_utf8()]
    if roll < 0.9:
        return (rng.choice(PATHS), rng.choice(INTERFACES),
                rng.choice(["Introspect", "Ping", "GetMachineId", "GetManagedObjects", "Nothing", "ShouldSelect",
                            "SetItems", "SetSelectedItem", "BeginCustomizingItems", "Release", "select", "TAP"]),
                "", [])
    signature = random_signature()
    return (rng.choice(PATHS), rng.choice(INTERFACES),
            rng.choice(["Frobnicate", "Select2", "X" * 200, "_", "Describe", "Tap"]),
            signature, [value(c) for c in split(signature)])


class Client:
    def __init__(self):
        self.bus = dbus.bus.BusConnection(address, mainloop=mainloop)
        self.pending = 0

    def close(self):
        if self.pending:
            stats["closed_mid_call"] += 1
        self.bus.close()


clients = [Client() for _ in range(CONNECTIONS)]
loop = GLib.MainLoop()
sent = 0


def finished(client, error=None):
    client.pending -= 1
    if error is None:
        stats["replies"] += 1
    else:
        name = error.get_dbus_name() if isinstance(error, dbus.exceptions.DBusException) else type(error).__name__
        stats["errors"][name] = stats["errors"].get(name, 0) + 1
    pump()


def send(client):
    global sent
    path, interface, member, signature, args = one_call()
    sent += 1
    client.pending += 1
    stats["calls"] += 1
    try:
        client.bus.call_async(SERVICE, path, interface or None, member, signature, args,
                              lambda *reply: finished(client), lambda error: finished(client, error),
                              timeout=30, require_main_loop=True)
    except Exception as error:  # Refused before sending (bad member name, too big a message).
        stats["calls"] -= 1
        stats.setdefault("refused_locally", {})
        name = type(error).__name__
        stats["refused_locally"][name] = stats["refused_locally"].get(name, 0) + 1
        client.pending -= 1


def pump():
    global clients
    if sent < total and rng.random() < 0.001:
        victim = rng.randrange(len(clients))
        old = clients[victim]
        clients[victim] = Client()
        stats["abandoned"] = stats.get("abandoned", 0) + old.pending
        old.close()
    for client in clients:
        while sent < total and client.pending < IN_FLIGHT:
            send(client)
    if sent >= total and all(c.pending == 0 for c in clients):
        loop.quit()


def watchdog():
    # Calls abandoned with their connection never report back: stop once only they remain.
    if sent >= total and sum(c.pending for c in clients) == 0:
        loop.quit()
    return True


begin = time.monotonic()
GLib.idle_add(pump)
GLib.timeout_add(500, watchdog)
GLib.timeout_add_seconds(max(120, total // 100), loop.quit)
loop.run()
stats["seconds"] = round(time.monotonic() - begin, 2)
for client in clients:
    client.close()

check = dbus.bus.BusConnection(address)
started = time.monotonic()
check.get_object(SERVICE, ROOT, introspect=False).Ping(dbus_interface="org.freedesktop.DBus.Peer", timeout=10)
stats["ping_ms"] = round((time.monotonic() - started) * 1000, 1)
controller = check.get_object(SERVICE, ROOT, introspect=False)
try:
    controller.EndCustomizing(dbus_interface=SERVICE, timeout=10)
except dbus.exceptions.DBusException:
    pass
state = invariants.describe(check)
stats["violations"] = invariants.violations(state)
# The fuzzing may have left no tabs, or every tab disabled: start again from the configuration.
controller.Reset(dbus_interface=SERVICE, timeout=10)
state = invariants.describe(check)
target = (state["VisibleTabs"] or state["MoreTabs"] or [""])[0]
started = time.monotonic()
try:
    controller.Select(target, dbus_interface=SERVICE, timeout=10)
    stats["select"] = "ok"
except dbus.exceptions.DBusException as error:
    stats["select"] = error.get_dbus_name()
stats["select_ms"] = round((time.monotonic() - started) * 1000, 1)
stats["violations"] += invariants.violations(invariants.describe(check))
stats["unanswered"] = total - stats["replies"] - sum(stats["errors"].values()) - sum(stats.get("refused_locally", {}).values())
print("SUMMARY " + json.dumps(stats, sort_keys=True))

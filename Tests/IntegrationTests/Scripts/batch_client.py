#!/usr/bin/python3
"""Records a scripted run the way a frontend sees it: batch_client.py ADDRESS [mirror].

Reads a JSON list of steps on stdin and takes them in order, each once the one before it has
settled, on one dbus-python connection with a main loop that records every signal the daemon
sends and serves a delegate at /delegate whose ShouldSelect answers true:
  {"call": CALL}                      a call ({path, interface, member, signature, args}, as
                                      tabbar_client.py reads them); settled by its reply
  {"leave": [CALL...], "until": M}    a second connection, with a delegate of its own at
                                      /delegate, makes the calls one after another and leaves
                                      the bus; settled once a signal M arrives
  {"hup": PID, "remove": [FILE...], "until": M}
                                      removes the files, sends SIGHUP to PID; settled once a
                                      signal M arrives
Before the first step and after the last it reads the controller's Revision, so that every
signal sent before that reply has arrived. Prints {"start": N, "events": [...], "end": N}
where an event is ["signal", path, interface, member, args], ["reply", step, values] or
["error", step, name], in arrival order; "timeout" is true when the run did not settle within
a minute, and "failure" says why a step could not be taken.

With "mirror" it is also a client of SYNC-3: it starts from Describe, drops the signals that
came before a Describe's reply, applies PropertiesChanged as it comes, calls Describe again
when objects come or go or when a closing Revision is not its last plus one (counted in
"gaps"), and after each step compares its copy with a Describe of the daemon: "differences"
lists what did not match, "describes" counts the Describes the algorithm made. The Swift tests
judge what is printed."""
import json
import os
import signal as signals
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

from bus_values import arguments, bar_path, item_path, plain, tab_path

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
address = sys.argv[1]
mirroring = len(sys.argv) > 2 and sys.argv[2] == "mirror"
steps = json.load(sys.stdin)
bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
loop = GLib.MainLoop()
outcome = {"events": [], "timeout": False}
awaited = [None]  # the member a step waits for, with what settles it


class Delegate(dbus.service.Object):
    @dbus.service.method("org.tabbard.TabBar1.Delegate", in_signature="s", out_signature="b")
    def ShouldSelect(self, item):
        return True

    @dbus.service.method("org.tabbard.TabBar1.Delegate", in_signature="", out_signature="")
    def Release(self):
        pass


class Mirror:
    """The daemon's state as SYNC-3's client keeps it."""

    def __init__(self):
        self.state, self.objects, self.syncing = None, {}, False
        outcome.update({"differences": [], "gaps": 0, "describes": 0})

    def describe(self, then=None):
        """Describe, whose reply replaces the copy; signals until then are in it and dropped."""
        self.syncing = True
        outcome["describes"] += 1

        def described(text):
            self.syncing = False
            self.state = json.loads(text)
            self.objects = {ROOT: self.state}
            for tab in self.state["catalog"]:
                self.objects[tab_path(tab["Id"])] = tab
            for bar in self.state["bars"]:
                self.objects[bar_path(bar["Name"])] = bar
                for item in bar["items"]:
                    self.objects[item_path(bar["Name"], item["Id"])] = item
            if then:
                then()
        bus.call_async(SERVICE, ROOT, SERVICE, "Describe", "", (), described, lambda error: None, timeout=30)

    def apply(self, path, interface, member, args):
        if self.syncing or self.state is None:
            return
        if member in ("InterfacesAdded", "InterfacesRemoved"):
            return self.describe()
        if member != "PropertiesChanged" or path not in self.objects:
            return
        values = plain(args[1])
        target = self.objects[path]
        if path == ROOT and "Revision" in values and values["Revision"] != target["Revision"] + 1:
            outcome["gaps"] += 1
            return self.describe()
        target.update(values)

    def compare(self, index, then):
        """Compares the copy with a Describe made now; signals up to its reply are applied."""
        def described(text):
            served = json.loads(text)
            for where, mine, theirs in self.pairs(self.state, served):
                for key in sorted(set(mine) | set(theirs)):
                    if key not in ("catalog", "bars", "items", "IconPixmaps") and mine.get(key) != theirs.get(key):
                        outcome["differences"].append("step %d, %s: %s is %r, Describe says %r"
                                                      % (index, where, key, mine.get(key), theirs.get(key)))
            then()
        bus.call_async(SERVICE, ROOT, SERVICE, "Describe", "", (), described, lambda error: then(), timeout=30)

    @staticmethod
    def pairs(mine, theirs):
        yield "controller", mine, theirs
        for tab in theirs["catalog"]:
            yield tab["Id"], next((t for t in mine["catalog"] if t["Id"] == tab["Id"]), {}), tab
        for bar in theirs["bars"]:
            own = next((b for b in mine["bars"] if b["Name"] == bar["Name"]), {"items": []})
            yield "bar " + bar["Name"], own, bar
            for item in bar["items"]:
                yield "item " + item["Id"], next((i for i in own["items"] if i["Id"] == item["Id"]), {}), item


mirror = Mirror() if mirroring else None


def signal(*args, **where):
    member = str(where["member"])
    outcome["events"].append(["signal", str(where["path"]), str(where["interface"]), member, [plain(a) for a in args]])
    if mirror:
        mirror.apply(str(where["path"]), str(where["interface"]), member, args)
    if awaited[0] is not None and awaited[0][0] == member:
        settle = awaited[0][1]
        awaited[0] = None
        settle()


def revision(then):
    bus.call_async(SERVICE, ROOT, "org.freedesktop.DBus.Properties", "Get", "ss", (SERVICE, "Revision"),
                   lambda value: then(int(value)), lambda error: then(-1), timeout=30)


def run(index):
    try:
        take(index)
    except Exception as error:  # printed for the test to show, not lost on the main loop's stderr
        outcome["failure"] = "step %d: %r" % (index, error)
        loop.quit()


def take(index):
    if index == len(steps):
        def ended(value):
            outcome["end"] = value
            loop.quit()
        revision(ended)
        return
    step = steps[index]

    def settled():
        if mirror:
            mirror.compare(index, lambda: run(index + 1))
        else:
            run(index + 1)

    if "call" in step:
        call = step["call"]

        def replied(*values):
            outcome["events"].append(["reply", index, [plain(v) for v in values]])
            settled()

        def failed(error):
            outcome["events"].append(["error", index, error.get_dbus_name()])
            settled()

        bus.call_async(SERVICE, call["path"], call["interface"] or None, call["member"], call["signature"],
                       arguments(call), replied, failed, timeout=30)
    elif "leave" in step:
        awaited[0] = (step["until"], settled)
        other = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
        Delegate(other, "/delegate")
        for call in step["leave"]:
            other.call_blocking(SERVICE, call["path"], call["interface"] or None, call["member"], call["signature"],
                                arguments(call), timeout=30)
        other.close()
    else:
        awaited[0] = (step["until"], settled)
        for path in step.get("remove", []):
            os.remove(path)
        os.kill(step["hup"], signals.SIGHUP)


Delegate(bus, "/delegate")
bus.add_signal_receiver(signal, path_keyword="path", interface_keyword="interface", member_keyword="member",
                        bus_name=SERVICE)


def started(value):
    outcome["start"] = value
    if mirror:
        mirror.describe(lambda: run(0))
    else:
        run(0)


# The first Get also makes sure the bus has the match before the first step.
revision(started)


def timed_out():
    outcome["timeout"] = True
    loop.quit()


GLib.timeout_add_seconds(60, timed_out)
loop.run()
print(json.dumps(outcome))

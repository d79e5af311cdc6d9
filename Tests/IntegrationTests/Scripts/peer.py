#!/usr/bin/python3
"""A long-lived dbus-python peer of tabbard: peer.py ADDRESS MODE [USER].

MODE is one of
  allow, deny  a delegate at /delegate whose ShouldSelect answers true or false;
  hang         a delegate that never answers;
  exit         a delegate that leaves the bus (the process exits) when asked;
  fail         a delegate that answers with a D-Bus error;
  word         a delegate that answers a string, not a boolean;
  session      a client that opens a customization session and keeps it;
  bar-session  a client that opens the customization session of standalone bar "modes" with
               its item "day" and keeps it;
  watch        a client that only listens;
  objects      a client that listens to the ObjectManager signals on the controller's path from
               any sender, as one subscribed before the daemon starts (and so before anybody
               owns the name) would see them.
With USER (started as root) it drops to that user and its groups before connecting.
A line "unregister" on its standard input makes a delegate unregister itself. A session owner
makes calls of its own on the same connection, one per line, and prints "done LINE" or
"failed LINE ERROR-NAME" once answered:
  select ID               the controller's Select
  badge ID VALUE          the controller's SetBadge
  translucent true|false  Properties.Set of the controller's Translucent
  bar-select ID           SetSelectedItem of bar "modes"
  item-badge ID VALUE     SetBadge of item ID of bar "modes"
  bar-translucent true|false  Properties.Set of bar "modes"'s Translucent
Prints "ready" once set up, then one line per event: "asked ITEM" for each ShouldSelect, and
"signal INTERFACE MEMBER JSON-ARGS" for each signal from the daemon. Runs until killed or its
standard input closes."""
import json
import os
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
address, mode = sys.argv[1], sys.argv[2]
if len(sys.argv) > 3:
    import pwd
    account = pwd.getpwnam(sys.argv[3])
    os.initgroups(account.pw_name, account.pw_gid)
    os.setgid(account.pw_gid)
    os.setuid(account.pw_uid)
bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
loop = GLib.MainLoop()


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def plain(value):
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return int(value)


class Delegate(dbus.service.Object):
    # No out_signature: each answer's type follows from its value, so "word" can answer a string.
    @dbus.service.method("org.tabbard.TabBar1.Delegate", in_signature="s", async_callbacks=("reply", "error"))
    def ShouldSelect(self, item, reply, error):
        say("asked " + str(item))
        if mode == "exit":
            os._exit(0)
        if mode == "hang":
            return  # Never answered: the daemon's timeout decides.
        if mode == "fail":
            error(dbus.exceptions.DBusException("no opinion", name="org.example.Error.NoOpinion"))
        elif mode == "word":
            reply(dbus.String("yes"))
        else:
            reply(dbus.Boolean(mode == "allow"))

    @dbus.service.method("org.tabbard.TabBar1.Delegate", in_signature="", out_signature="")
    def Release(self):
        say("released")


def signal(*args, **where):
    say("signal %s %s %s" % (where["interface"], where["member"], json.dumps([plain(a) for a in args])))


if mode == "objects":
    bus.add_signal_receiver(signal, interface_keyword="interface", member_keyword="member",
                            dbus_interface="org.freedesktop.DBus.ObjectManager", path=ROOT)
else:
    bus.add_signal_receiver(signal, interface_keyword="interface", member_keyword="member", bus_name=SERVICE)
# A proxy resolves the name's owner, which a listener started before the daemon has not got.
controller = None if mode == "objects" else dbus.Interface(bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
if mode in ("allow", "deny", "hang", "exit", "fail", "word"):
    delegate = Delegate(bus, "/delegate")
    controller.RegisterDelegate(dbus.ObjectPath("/delegate"))
elif mode == "session":
    controller.BeginCustomizing()
elif mode == "bar-session":
    modes = dbus.Interface(bus.get_object(SERVICE, ROOT + "/bars/modes", introspect=False), SERVICE + ".Bar")
    modes.BeginCustomizingItems(dbus.Array(["day"], signature="s"))
else:
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
def owner_call(words):
    """The call a session owner's command line names, as (object path, interface, member, arguments)."""
    bar, item = ROOT + "/bars/modes", ROOT + "/bars/modes/item/"
    properties = "org.freedesktop.DBus.Properties"
    kind, rest = words[0], words[1:]
    if kind == "select":
        return ROOT, SERVICE, "Select", rest
    if kind == "badge":
        return ROOT, SERVICE, "SetBadge", rest
    if kind == "translucent":
        return ROOT, properties, "Set", [SERVICE, "Translucent", dbus.Boolean(rest[0] == "true", variant_level=1)]
    if kind == "bar-select":
        return bar, SERVICE + ".Bar", "SetSelectedItem", rest
    if kind == "item-badge":
        return item + rest[0], SERVICE + ".Item", "SetBadge", rest[1:]
    if kind == "bar-translucent":
        return bar, properties, "Set", [SERVICE + ".Bar", "Translucent", dbus.Boolean(rest[0] == "true", variant_level=1)]
    return None


def command(source, condition):
    """A line "unregister" unregisters the delegate, an owner's call line makes that call; end
    of input stops the peer."""
    line = sys.stdin.readline()
    if line.strip() == "unregister":
        controller.UnregisterDelegate(dbus.ObjectPath("/delegate"), reply_handler=lambda: say("unregistered"),
                                      error_handler=lambda error: say("unregister failed " + error.get_dbus_name()))
        return True
    call = owner_call(line.split()) if line.strip() else None
    if call is not None:
        path, interface, member, arguments = call
        text = line.strip()
        bus.get_object(SERVICE, path, introspect=False).get_dbus_method(member, interface)(
            *arguments, reply_handler=lambda *_: say("done " + text),
            error_handler=lambda error: say("failed %s %s" % (text, error.get_dbus_name())))
        return True
    loop.quit()
    return False


GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, command)
say("ready")
loop.run()

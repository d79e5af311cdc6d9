#!/usr/bin/python3
"""A faulty delegate of tabbard, as its own process: delegate.py ADDRESS MODE [DELAY_MS].

MODE is one of
  slow   answers every ShouldSelect with true after DELAY_MS;
  deny   answers every ShouldSelect with false after DELAY_MS;
  hang   registers and never answers;
  flood  answers at once, while flooding the daemon with SetBadge calls and second
         RegisterDelegate calls (each DelegateExists) as fast as it can.
Prints "ready" once registered and "asked ITEM" for each question. Runs until killed."""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SERVICE, ROOT = "org.tabbard.TabBar1", "/org/tabbard/TabBar1"
address, mode = sys.argv[1], sys.argv[2]
delay = int(sys.argv[3]) if len(sys.argv) > 3 else 0
bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Delegate(dbus.service.Object):
    @dbus.service.method(SERVICE + ".Delegate", in_signature="s", out_signature="b", async_callbacks=("reply", "error"))
    def ShouldSelect(self, item, reply, error):
        say("asked " + str(item))
        if mode in ("slow", "deny"):
            GLib.timeout_add(delay, lambda: reply(mode == "slow") and False)
        elif mode == "flood":
            reply(True)

    @dbus.service.method(SERVICE + ".Delegate", in_signature="", out_signature="")
    def Release(self):
        say("released")


delegate = Delegate(bus, "/delegate")
controller = dbus.Interface(bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
controller.RegisterDelegate(dbus.ObjectPath("/delegate"))
in_flight = 0


def flood_done(*ignored):
    global in_flight
    in_flight -= 1
    flood()


def flood():
    global in_flight
    while in_flight < 32:
        in_flight += 1
        if in_flight % 4 == 0:
            controller.RegisterDelegate(dbus.ObjectPath("/delegate"), reply_handler=flood_done, error_handler=flood_done)
        else:
            controller.SetBadge("alarm", str(in_flight), reply_handler=flood_done, error_handler=flood_done)


if mode == "flood":
    flood()
say("ready")
GLib.MainLoop().run()

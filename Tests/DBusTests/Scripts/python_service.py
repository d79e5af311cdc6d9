#!/usr/bin/python3
"""A small dbus-python service the Swift client tests call: python_service.py ADDRESS NAME.

Prints "ready" once it owns NAME, then serves until Quit is called or stdin closes."""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.example.Py1"


class Service(dbus.service.Object):
    def __init__(self, bus, loop):
        super().__init__(bus, "/org/example/Py1")
        self.loop = loop

    @dbus.service.method(IFACE, in_signature="ii", out_signature="i")
    def Add(self, a, b):
        return a + b

    @dbus.service.method(IFACE, in_signature="as", out_signature="s")
    def Join(self, parts):
        return ",".join(parts)

    @dbus.service.method(IFACE, in_signature="a{sv}", out_signature="as")
    def Keys(self, d):
        return sorted(d.keys())

    @dbus.service.method(IFACE, in_signature="u", out_signature="s", async_callbacks=("ok", "err"))
    def Slow(self, ms, ok, err):
        GLib.timeout_add(ms, lambda: (ok("slept %d" % ms), False)[1])

    @dbus.service.method(IFACE, in_signature="s", out_signature="")
    def Fail(self, text):
        raise dbus.exceptions.DBusException(text, name="org.example.Py1.Error.Bad")

    @dbus.service.method(IFACE, in_signature="s", out_signature="")
    def Shout(self, text):
        self.Shouted(text)

    @dbus.service.signal(IFACE, signature="s")
    def Shouted(self, text):
        pass

    @dbus.service.method(IFACE, in_signature="", out_signature="")
    def Quit(self):
        GLib.idle_add(self.loop.quit)


def main():
    address, name = sys.argv[1], sys.argv[2]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    loop = GLib.MainLoop()
    keep = dbus.service.BusName(name, bus)
    service = Service(bus, loop)
    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_HUP | GLib.IO_IN, lambda *a: (loop.quit(), False)[1])
    print("ready", flush=True)
    loop.run()
    del keep, service


if __name__ == "__main__":
    main()

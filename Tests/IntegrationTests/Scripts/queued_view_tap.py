#!/usr/bin/python3
"""A tab Tap through a view that waits for the delegate behind another caller's Tap (VIEW-3,
TAP-7): queued_view_tap.py ADDRESS.

Three connections in one GLib loop: a delegate that holds its first question and allows every
one; an opener that opens a view two wide, selects the controller's third tab and taps the
view's `@more` (`ShowingMore` true); another caller that taps the controller's second tab.
While the delegate holds that question, the opener taps the view's first tab through the view;
its call is queued, which a later call on the same connection answering shows (a connection's
calls are served in order). Then the delegate allows the held tap, and the view's tap is asked
about and decided after it, in the turn of the other caller's answer.

Prints one JSON object: what each Tap answered, the questions in the order asked, and the
view's ShowingMore and SelectedItem once the view's tap is answered. The Swift test judges it."""
import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
PROPERTIES = "org.freedesktop.DBus.Properties"
address = sys.argv[1]
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
loop = GLib.MainLoop()
delegate_bus, opener_bus, other_bus = (dbus.bus.BusConnection(address) for _ in range(3))
outcome = {"asked": []}


def fail(error):
    outcome["error"] = str(error)
    loop.quit()


class Delegate(dbus.service.Object):
    held = None

    @dbus.service.method("org.tabbard.TabBar1.Delegate", in_signature="s", out_signature="b",
                         async_callbacks=("reply", "error"))
    def ShouldSelect(self, item, reply, error):
        outcome["asked"].append(str(item))
        if len(outcome["asked"]) == 1:
            Delegate.held = reply
            tap_through_view()
        else:
            reply(True)


delegate = Delegate(delegate_bus, "/delegate")
controller = dbus.Interface(delegate_bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
controller.RegisterDelegate(dbus.ObjectPath("/delegate"))
tabs = [str(tab) for tab in controller.Get(SERVICE, "Tabs", dbus_interface=PROPERTIES)]
settings = dbus.Dictionary({"max_visible": dbus.UInt32(2, variant_level=1)}, signature="sv")
view_path = opener_bus.call_blocking(SERVICE, ROOT, SERVICE, "OpenView", "a{sv}", [settings])
view_object = opener_bus.get_object(SERVICE, view_path, introspect=False)
view = dbus.Interface(view_object, SERVICE + ".View")
opener_bus.call_blocking(SERVICE, ROOT, SERVICE, "Select", "s", [tabs[2]])
view.Tap("@more")
outcome["before"] = bool(view_object.Get(SERVICE + ".View", "ShowingMore", dbus_interface=PROPERTIES))


def tap_through_view():
    """The view's tab tap, queued behind the held question; the held question is allowed once
    a later call of the opener's is answered, the view's tap being queued by then."""
    view.Tap(tabs[0], reply_handler=view_tap_answered, error_handler=fail)
    view_object.Get(SERVICE + ".View", "ShowingMore", dbus_interface=PROPERTIES,
                    reply_handler=lambda _: Delegate.held(True), error_handler=fail)


def view_tap_answered(selected):
    outcome["view tap"] = bool(selected)
    values = view_object.GetAll(SERVICE + ".View", dbus_interface=PROPERTIES)
    outcome["showing more"] = bool(values["ShowingMore"])
    outcome["selected item"] = str(values["SelectedItem"])
    both_answered()


def other_tap_answered(selected):
    outcome["other tap"] = bool(selected)
    both_answered()


def both_answered():
    if "view tap" in outcome and "other tap" in outcome:
        loop.quit()


other = dbus.Interface(other_bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
other.Tap(tabs[1], reply_handler=other_tap_answered, error_handler=fail)
GLib.timeout_add(20000, lambda: fail("no answer within 20 s"))
loop.run()
outcome["tabs"] = tabs
print(json.dumps(outcome))

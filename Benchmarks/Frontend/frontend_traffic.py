#!/usr/bin/env python3
"""What a frontend costs the bus: the calls it makes and the messages it receives.

A minimal frontend (dbus-python, one connection, a GLib main loop) follows `dbus-api.md`'s
"Keeping a frontend in sync" (`frontends.md`, SYNC-3 and PAGE-4): it subscribes to the
daemon's signals, calls `Describe` and the selected tab's page, applies signals as they come,
closes a batch at the controller's `Revision`, calls `Describe` again when a closing `Revision`
is not its last plus one, asks the page again when the selection or navigation changes, and
takes the selected tab's page from `PageChanged`. A second connection drives the daemon. Counted
on the frontend's connection, per phase:

- at start: the calls before the bar and the page can be drawn;
- per selection change (`Select` of another tab): calls and messages received;
- per content change of the shown tab (the stopwatch started, a lap, stopped, reset): calls
  and messages;
- per second while the shown stopwatch runs and nothing else happens: calls and messages.

Where the daemon has no `GetPage` the frontend reads `GetContent` instead, and where it sends
no `PageChanged` it reads the page again at each `ContentRevision` of the selected tab: the
figures then show what a frontend paid before PAGE-1..4. Prints figures only (one line each,
then a `FIGURES {json}` line).
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TabctlStart"))
from tabctl_start import daemon_on_private_bus  # noqa: E402  (one private bus, one way)

try:
    import dbus  # noqa: E402
    from dbus.mainloop.glib import DBusGMainLoop  # noqa: E402
    from gi.repository import GLib  # noqa: E402
except ImportError:
    raise SystemExit("dbus-python or python3-gi is missing: run with Debian's python3 after scripts/install-deps bench")

SERVICE = "org.tabbard.TabBar1"
PATH = "/org/tabbard/TabBar1"
CONTROLLER = "org.tabbard.TabBar1"
CONTENT = "org.tabbard.TabBar1.Content"
TAB = "org.tabbard.TabBar1.Tab"
PROPERTIES = "org.freedesktop.DBus.Properties"
# How long the frontend's loop runs after each step for the step's signals to arrive.
SETTLE_SECONDS = 0.3


class Frontend:
    """The frontend: a mirror of the controller's properties and the selected tab's page."""

    def __init__(self, bus):
        self.bus = bus
        self.calls = 0
        self.received = 0
        self.describes = 0
        self.revision = None
        self.selected = ""
        self.page = None
        self.has_get_page = True
        self.has_page_changed = False
        bus.add_message_filter(self.count)
        bus.add_signal_receiver(self.properties_changed, signal_name="PropertiesChanged",
                                dbus_interface=PROPERTIES, bus_name=SERVICE, path_keyword="path")
        bus.add_signal_receiver(self.page_changed, signal_name="PageChanged", dbus_interface=CONTENT,
                                bus_name=SERVICE, path_keyword="path")
        self.controller = bus.get_object(SERVICE, PATH, introspect=False)
        self.describe()
        self.read_page()

    def count(self, _bus, message):
        if isinstance(message, dbus.lowlevel.SignalMessage):
            self.received += 1
        return dbus.lowlevel.HANDLER_RESULT_NOT_YET_HANDLED

    def call(self, method, *arguments):
        self.calls += 1
        return self.controller.get_dbus_method(method, CONTROLLER)(*arguments)

    def describe(self):
        self.describes += 1
        state = json.loads(self.call("Describe"))
        self.revision = int(state["Revision"])
        self.selected = state["SelectedTab"]

    def read_page(self):
        if not self.selected:
            self.page = None
            return
        if self.has_get_page:
            try:
                self.page = self.call("GetPage", self.selected)
                return
            except dbus.exceptions.DBusException as error:
                if error.get_dbus_name() != "org.freedesktop.DBus.Error.UnknownMethod":
                    raise
                self.calls -= 1  # a daemon before PAGE-1: a frontend written for it would not ask
                self.has_get_page = False
        self.page = self.call("GetContent", self.selected)

    def properties_changed(self, interface, changed, _invalidated, path=None):
        if interface == CONTROLLER and path == PATH:
            selection_moved = "SelectedTab" in changed and changed["SelectedTab"] != self.selected
            if "SelectedTab" in changed:
                self.selected = str(changed["SelectedTab"])
            if "Revision" in changed:
                revision = int(changed["Revision"])
                if self.revision is not None and revision != self.revision + 1:
                    self.describe()  # a gap: start from the whole state again (SYNC-3)
                else:
                    self.revision = revision
            if selection_moved or "Page" in changed:
                self.read_page()
        elif interface == TAB and "ContentRevision" in changed and path == tab_path(self.selected):
            # A daemon before PAGE-4 (`ContentRevision` on `.Tab`): no push, the page is pulled.
            self.read_page()

    def page_changed(self, page, path=None):
        self.has_page_changed = True
        if path == tab_path(self.selected):
            self.page = page


def tab_path(tab):
    """The tab's object path (`dbus-api.md`, "Names": every byte outside [A-Za-z0-9] as `_xx`)."""
    escaped = "".join(c if c.isascii() and c.isalnum() else "_%02x" % ord(c) for c in tab)
    return f"{PATH}/tab/{escaped}"


def wait_for_plugins(driver, within=60):
    """Waits until the clock plugin answers (a plugin is probed before its first call)."""
    deadline = time.monotonic() + within
    while True:
        try:
            driver.GetContent("stopwatch")
            return
        except dbus.exceptions.DBusException as error:
            if error.get_dbus_name() != "org.tabbard.TabBar1.Error.PluginFailed" or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def settle(seconds=SETTLE_SECONDS):
    """Runs the main loop for `seconds`, so that the frontend receives and handles what came."""
    loop = GLib.MainLoop()
    GLib.timeout_add(int(seconds * 1000), loop.quit)
    loop.run()


def measure(frontend, steps):
    """Runs each of `steps` (a driver call), letting the frontend settle after each; returns
    its calls and messages received per step."""
    calls, received = frontend.calls, frontend.received
    for step in steps:
        step()
        settle()
    return (frontend.calls - calls) / len(steps), (frontend.received - received) / len(steps)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabbard", required=True, help="the daemon to measure")
    parser.add_argument("--plugins", required=True, help="its plugin directory (with the bundled clock plugin)")
    parser.add_argument("--running-seconds", type=float, default=10, help="how long the stopwatch runs shown")
    options = parser.parse_args()

    DBusGMainLoop(set_as_default=True)
    with daemon_on_private_bus(options.tabbard, options.plugins, "tabbard-frontend-") as (_directory, address):
        driver_bus = dbus.bus.BusConnection(address)
        driver = dbus.Interface(driver_bus.get_object(SERVICE, PATH, introspect=False), CONTROLLER)
        wait_for_plugins(driver)
        driver.Select("alarm")

        frontend = Frontend(dbus.bus.BusConnection(address))
        start_calls = frontend.calls
        settle()

        tabs = ["stopwatch", "timer", "world-clock", "alarm"] * 2
        select_calls, select_messages = measure(frontend, [lambda tab=tab: driver.Select(tab) for tab in tabs])

        driver.Select("stopwatch")
        settle()
        actions = ["start", "lap", "lap", "stop", "reset"]
        content_calls, content_messages = measure(frontend, [lambda action=action: driver.Activate("stopwatch", action)
                                                             for action in actions])

        driver.Activate("stopwatch", "start")
        settle()
        calls, received = frontend.calls, frontend.received
        began = time.monotonic()
        settle(options.running_seconds)
        elapsed = time.monotonic() - began
        running_calls = (frontend.calls - calls) / elapsed
        running_messages = (frontend.received - received) / elapsed
        driver.Activate("stopwatch", "stop")

    figures = {
        "calls_at_start": start_calls,
        "calls_per_selection": select_calls, "messages_per_selection": select_messages,
        "calls_per_content_change": content_calls, "messages_per_content_change": content_messages,
        "calls_per_second_running": round(running_calls, 2), "messages_per_second_running": round(running_messages, 2),
        "describes": frontend.describes, "get_page": frontend.has_get_page, "page_changed": frontend.has_page_changed,
    }
    print(f"frontend at start: {start_calls} calls ({'Describe, GetPage' if frontend.has_get_page else 'Describe, GetContent'})")
    print(f"per selection change: {select_calls:.1f} calls, {select_messages:.1f} messages received")
    print(f"per content change of the shown tab: {content_calls:.1f} calls, {content_messages:.1f} messages received")
    print(f"stopwatch running, shown: {running_calls:.2f} calls and {running_messages:.2f} messages a second")
    print(f"Describe called {frontend.describes} times in all (1 at start; more after gaps in Revision)")
    print("FIGURES " + json.dumps(figures))


if __name__ == "__main__":
    main()

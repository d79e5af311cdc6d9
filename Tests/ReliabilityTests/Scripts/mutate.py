#!/usr/bin/python3
"""Changes tabbard's structure until the daemon goes away: mutate.py ADDRESS SEED.

One connection sends `SetTabs`, `SetCustomizable` and `Customize` one after the other, keeping a
model of what `Tabs` and `CustomizableTabs` must be; before each it prints "try JSON" (the state
if it is applied) and after its reply "ack JSON" (the state the daemon has acknowledged).
Meanwhile a second connection keeps badge changes in flight, so the daemon always has calls
pending. Prints "ready" once started; ends, printing "gone NAME", when a call fails because the
daemon is no longer there. Any other error is printed as "unexpected NAME" (the model was
wrong), and so is a model that differs from `Describe` ("mismatch ...")."""
import json
import random
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

import invariants

SERVICE, ROOT = invariants.SERVICE, invariants.ROOT
address, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
GONE = {"org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.ServiceUnknown",
        "org.freedesktop.DBus.Error.NameHasNoOwner", "org.freedesktop.DBus.Error.Disconnected"}


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
badges = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
controller = dbus.Interface(bus.get_object(SERVICE, ROOT, introspect=False), SERVICE)
state = invariants.describe(bus)
catalog = [entry["Id"] for entry in state["catalog"]]
model = {"tabs": list(state["Tabs"]), "customizable": sorted(state["CustomizableTabs"])}
loop = GLib.MainLoop()
steps = 0


def as_text(tabs, customizable):
    return json.dumps({"tabs": tabs, "customizable": sorted(customizable)}, sort_keys=True)


def next_change():
    """(member, argument, the model after it)."""
    tabs, customizable = model["tabs"], model["customizable"]
    roll = rng.random()
    if roll < 0.3 or len(tabs) < 2:
        chosen = catalog[:]
        rng.shuffle(chosen)
        chosen = chosen[:rng.randint(2, len(chosen))]
        if chosen == tabs:
            return "SetTabs", chosen, (tabs, customizable)
        return "SetTabs", chosen, (chosen, sorted(chosen))
    if roll < 0.55 or len(customizable) < 2:
        subset = rng.sample(tabs, rng.randint(2, len(tabs)))
        return "SetCustomizable", subset, (tabs, sorted(subset))
    movable = [t for t in tabs if t in customizable]
    rng.shuffle(movable)
    order, feed = [], iter(movable)
    for t in tabs:
        order.append(next(feed) if t in customizable else t)
    return "Customize", order, (order, customizable)


def changed(member, after, *reply):
    global steps
    model["tabs"], model["customizable"] = list(after[0]), sorted(after[1])
    say("ack " + as_text(*after))
    steps += 1
    if steps % 25 == 0:
        try:
            now = invariants.describe(bus)
        except dbus.exceptions.DBusException as error:
            failed(error)
            return
        if now["Tabs"] != model["tabs"] or sorted(now["CustomizableTabs"]) != model["customizable"]:
            say("mismatch model %s daemon %s" % (as_text(model["tabs"], model["customizable"]),
                                                 as_text(now["Tabs"], now["CustomizableTabs"])))
            loop.quit()
            return
    send_change()


def failed(error):
    name = error.get_dbus_name()
    say(("gone " if name in GONE else "unexpected ") + name)
    loop.quit()


def send_change():
    member, argument, after = next_change()
    say("try " + as_text(*after))
    getattr(controller, member)(dbus.Array(argument, signature="s"), timeout=10,
                                reply_handler=lambda *reply: changed(member, after, *reply), error_handler=failed)


in_flight = 0


def badge_done(*ignored):
    global in_flight
    in_flight -= 1
    send_badges()


def send_badges():
    global in_flight
    while in_flight < 16:
        in_flight += 1
        proxy = badges.get_object(SERVICE, ROOT, introspect=False)
        tab = rng.choice(catalog)
        if rng.random() < 0.8:
            proxy.SetBadge(tab, str(rng.randint(0, 999)), dbus_interface=SERVICE, timeout=10,
                           reply_handler=badge_done, error_handler=badge_done)
        else:
            proxy.ClearBadge(tab, dbus_interface=SERVICE, timeout=10, reply_handler=badge_done, error_handler=badge_done)


say("ready")
send_badges()
send_change()
GLib.timeout_add_seconds(60, loop.quit)
loop.run()

#!/usr/bin/python3
"""Drives tabbard with dbus-python: tabbar_client.py ADDRESS CHECK [ARG].

calls:      reads a JSON list of calls on stdin ({conn, path, interface, member, signature, args};
            an empty interface sends the call without one) and makes them in order, each on its connection (0 or 1); prints one JSON list with
            each outcome: {"ok": [values]} or {"error": name, "message": text}.
events:     the same calls, one after another's reply, on a main loop that also records every
            signal the daemon sends; prints {"events": [...]} in arrival order, where a reply is
            ["reply", index, values] or ["error", index, name] and a signal is
            ["signal", path, interface, member, args]. With ARG "together" every call is sent at
            once, without waiting for the replies before it.
flood:      sends ARG taps of "alarm" at once and waits (10 s at most) for the Busy answers to
            stop coming; prints {"busy": count, "other": [names of other errors or "reply"]}.
describe:   opens a view, then compares Describe with GetAll of the controller, of every tab, of
            every standalone bar and item, and of the view; prints {"tabs": count, "bars": count, "items": count, "problems": [...]}.
introspect: compares the Introspect output of every object with the interface file ARG;
            prints {"objects": [paths], "problems": [...]}.

The Swift tests judge what is printed."""
import json
import sys
import xml.etree.ElementTree as ElementTree

import dbus

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
address, check = sys.argv[1], sys.argv[2]


def plain(value):
    """A D-Bus value as JSON-friendly Python."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (dbus.Array, dbus.Struct, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (dbus.String, dbus.ObjectPath, dbus.Signature, str)):
        return str(value)
    if isinstance(value, (dbus.Double, float)):
        return float(value)
    return int(value)


def arguments(call):
    """The call's JSON arguments, typed by its signature (a variant given as [signature, value], an
    a{sv} as {"settings": [[key, signature, value], ...]})."""
    values = []
    kinds = {"s": dbus.String, "u": dbus.UInt32, "i": dbus.Int32, "b": dbus.Boolean}
    for value in call["args"]:
        if isinstance(value, dict) and "settings" in value:
            # An a{sv}: [key, signature, value] each.
            values.append(dbus.Dictionary({key: kinds[signature](inner, variant_level=1) for key, signature, inner in value["settings"]},
                                          signature="sv"))
        elif isinstance(value, dict) and "variant" in value:
            signature, inner = value["variant"]
            kind = {"s": dbus.String, "u": dbus.UInt32, "i": dbus.Int32, "b": dbus.Boolean}.get(signature)
            if kind is not None:
                values.append(kind(inner, variant_level=1))
            else:
                values.append(dbus.Array(inner, signature=signature[1:], variant_level=1))
        else:
            values.append(value)
    return values


def outcome_of(function):
    try:
        reply = function()
        if reply is None:
            reply = ()
        elif not isinstance(reply, tuple):
            reply = (reply,)
        return {"ok": [plain(v) for v in reply]}
    except dbus.exceptions.DBusException as error:
        return {"error": error.get_dbus_name(), "message": error.get_dbus_message()}


def calls():
    steps = json.load(sys.stdin)
    connections = [dbus.bus.BusConnection(address), dbus.bus.BusConnection(address)]
    results = []
    for step in steps:
        bus = connections[step.get("conn", 0)]
        results.append(outcome_of(lambda: bus.call_blocking(
            SERVICE, step["path"], step["interface"] or None, step["member"], step["signature"], arguments(step),
            timeout=30)))
    print(json.dumps(results))


def events():
    import dbus.mainloop.glib
    from gi.repository import GLib
    steps = json.load(sys.stdin)
    bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
    loop = GLib.MainLoop()
    recorded = []

    def signal(*args, **where):
        recorded.append(["signal", str(where["path"]), str(where["interface"]), str(where["member"]),
                         [plain(a) for a in args]])

    bus.add_signal_receiver(signal, sender_keyword="sender", path_keyword="path",
                            interface_keyword="interface", member_keyword="member", bus_name=SERVICE)
    # A round trip makes sure the bus has the match before the first call.
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")

    together = len(sys.argv) > 3 and sys.argv[3] == "together"
    answered = []

    def run(index):
        if index == len(steps):
            return
        step = steps[index]

        def settled():
            answered.append(index)
            if len(answered) == len(steps):
                # Whatever would follow the last reply gets a moment to show up.
                GLib.timeout_add(300, loop.quit)
            elif not together:
                run(index + 1)

        def replied(*values):
            recorded.append(["reply", index, [plain(v) for v in values]])
            settled()

        def failed(error):
            recorded.append(["error", index, error.get_dbus_name()])
            settled()

        bus.call_async(SERVICE, step["path"], step["interface"], step["member"], step["signature"],
                       arguments(step), replied, failed, timeout=30)
        if together:
            run(index + 1)

    if not steps:
        GLib.timeout_add(300, loop.quit)
    run(0)
    GLib.timeout_add(20000, loop.quit)
    loop.run()
    print(json.dumps({"events": recorded}))


def flood():
    import dbus.mainloop.glib
    from gi.repository import GLib
    bus = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
    loop = GLib.MainLoop()
    outcome = {"busy": 0, "other": []}
    last = [GLib.get_monotonic_time()]

    def failed(error):
        if error.get_dbus_name() == SERVICE + ".Error.Busy":
            outcome["busy"] += 1
        else:
            outcome["other"].append(error.get_dbus_name())
        last[0] = GLib.get_monotonic_time()

    def replied(*values):
        outcome["other"].append("reply")

    for _ in range(int(sys.argv[3])):
        bus.call_async(SERVICE, ROOT, SERVICE, "Tap", "s", ("alarm",), replied, failed, timeout=60)

    def settled():
        # Done once a second has passed without another answer.
        if GLib.get_monotonic_time() - last[0] > 1000000:
            loop.quit()
        return True

    GLib.timeout_add(100, settled)
    GLib.timeout_add(10000, loop.quit)
    loop.run()
    print(json.dumps(outcome))


def escaped(element):
    return "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else "_%02x" % b for b in element.encode())


def tab_path(tab):
    return ROOT + "/tab/" + escaped(tab)


def bar_path(bar):
    return ROOT + "/bars/" + escaped(bar)


def item_path(bar, item):
    return bar_path(bar) + "/item/" + escaped(item)


def describe():
    bus = dbus.bus.BusConnection(address)
    # A view of this connection's, open while Describe is read (VIEW-1).
    view = bus.call_blocking(SERVICE, ROOT, SERVICE, "OpenView", "a{sv}",
                             [dbus.Dictionary({"max_visible": dbus.UInt32(3, variant_level=1)}, signature="sv")])
    state = json.loads(bus.call_blocking(SERVICE, ROOT, SERVICE, "Describe", "", ()))
    problems = []

    def compare(where, served, described):
        for key in sorted(set(served) | set(described)):
            if key not in served or key not in described:
                problems.append("%s: %s only in %s" % (where, key, "Describe" if key in described else "GetAll"))
            elif plain(served[key]) != described[key]:
                problems.append("%s: %s is %r in GetAll, %r in Describe" % (where, key, plain(served[key]),
                                                                             described[key]))

    def get_all(path, interface):
        return bus.call_blocking(SERVICE, path, "org.freedesktop.DBus.Properties", "GetAll", "s", (interface,))

    catalog = state.pop("catalog", [])
    bars = state.pop("bars", [])
    views = state.pop("views", [])
    if [v.get("path") for v in views] != [str(view)] or views[0].get("owner") != bus.get_unique_name() \
            or views[0].get("settings") != {"max_visible": 3}:
        problems.append("views: %r, not this connection's view %s with max_visible 3" % (views, view))
    for described in views:
        path = described.pop("path", "")
        described.pop("owner", None)
        described.pop("settings", None)
        compare("view " + path, get_all(path, SERVICE + ".View"), described)
    compare(ROOT, get_all(ROOT, SERVICE), state)
    for tab in catalog:
        compare(tab.get("Id"), get_all(tab_path(tab.get("Id", "")), SERVICE + ".Tab"), tab)
    items = 0
    for bar in bars:
        defined = bar.pop("items", [])
        name = bar.get("Name", "")
        compare("bar " + name, get_all(bar_path(name), SERVICE + ".Bar"), bar)
        if [item.get("Id") for item in defined] != bar.get("DefinedItems"):
            problems.append("bar %s: items %r are not DefinedItems %r" % (name, [i.get("Id") for i in defined],
                                                                         bar.get("DefinedItems")))
        for item in defined:
            items += 1
            compare("item %s of %s" % (item.get("Id"), name), get_all(item_path(name, item.get("Id", "")), SERVICE + ".Item"),
                    item)
    print(json.dumps({"tabs": len(catalog), "bars": len(bars), "items": items, "problems": problems}))


def shape(interface):
    """An interface element as comparable data: members with args and annotations."""
    def annotations(element):
        return sorted((a.get("name"), a.get("value")) for a in element.findall("annotation"))

    def args(element):
        return [(a.get("name"), a.get("type"), a.get("direction", "in" if element.tag == "method" else None))
                for a in element.findall("arg")]

    members = {}
    for element in interface:
        if element.tag in ("method", "signal"):
            members[(element.tag, element.get("name"))] = (args(element), annotations(element))
        elif element.tag == "property":
            members[("property", element.get("name"))] = (element.get("type"), element.get("access"),
                                                          annotations(element))
    return {"annotations": annotations(interface), "members": members}


def introspect():
    expected = {i.get("name"): shape(i) for i in ElementTree.parse(sys.argv[3]).getroot().findall("interface")}
    bus = dbus.bus.BusConnection(address)
    tabs = bus.call_blocking(SERVICE, ROOT, "org.freedesktop.DBus.Properties", "Get", "ss",
                             (SERVICE, "AvailableTabs"))
    objects = {ROOT: [SERVICE], ROOT + "/bar": [SERVICE + ".Bar"]}
    for tab in tabs:
        objects[tab_path(tab)] = [SERVICE + ".Tab"]
    for bar in bus.call_blocking(SERVICE, ROOT, "org.freedesktop.DBus.Properties", "Get", "ss", (SERVICE, "Bars")):
        objects[bar_path(bar)] = [SERVICE + ".Bar"]
        for item in bus.call_blocking(SERVICE, bar_path(bar), "org.freedesktop.DBus.Properties", "Get", "ss",
                                      (SERVICE + ".Bar", "DefinedItems")):
            objects[item_path(bar, item)] = [SERVICE + ".Item"]
    standard = {"org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer"}
    problems = []
    for path, mine in objects.items():
        text = bus.call_blocking(SERVICE, path, "org.freedesktop.DBus.Introspectable", "Introspect", "", ())
        served = {i.get("name"): shape(i) for i in ElementTree.fromstring(str(text)).findall("interface")}
        wanted = set(mine) | standard | ({"org.freedesktop.DBus.ObjectManager"} if path == ROOT else set())
        if set(served) != wanted:
            problems.append("%s: interfaces %s, expected %s" % (path, sorted(served), sorted(wanted)))
        for name in mine:
            if name not in served:
                continue
            want, got = expected[name], served[name]
            if want["annotations"] != got["annotations"]:
                problems.append("%s %s: interface annotations %r != %r" % (path, name, got["annotations"],
                                                                          want["annotations"]))
            for key in sorted(set(want["members"]) | set(got["members"])):
                if want["members"].get(key) != got["members"].get(key):
                    problems.append("%s %s %s %s: served %r, file says %r" % (
                        path, name, key[0], key[1], got["members"].get(key), want["members"].get(key)))
    print(json.dumps({"objects": sorted(objects), "problems": problems}))


{"calls": calls, "events": events, "flood": flood, "describe": describe, "introspect": introspect}[check]()

#!/usr/bin/python3
"""Calls the Swift test service with dbus-python: python_client.py ADDRESS CHECK.

Each CHECK prints one JSON line with what it saw; the Swift test judges it."""
import json
import os
import sys

import dbus

address, check = sys.argv[1], sys.argv[2]
bus = dbus.bus.BusConnection(address)
# No introspection: the proxy must send exactly what the test asks, wrong types included.
obj = bus.get_object("org.example.Test1", "/org/example/Test1", introspect=False)
test = dbus.Interface(obj, "org.example.Test1")


def roundtrip():
    cases = [
        ("EchoByte", dbus.Byte(200)),
        ("EchoBool", dbus.Boolean(True)),
        ("EchoInt16", dbus.Int16(-300)),
        ("EchoUInt16", dbus.UInt16(65000)),
        ("EchoInt32", dbus.Int32(-5)),
        ("EchoUInt32", dbus.UInt32(4000000000)),
        ("EchoInt64", dbus.Int64(-9000000000)),
        ("EchoUInt64", dbus.UInt64(18446744073709551615)),
        ("EchoDouble", dbus.Double(2.5)),
        ("EchoString", dbus.String("héllo wörld ✓")),
        ("EchoPath", dbus.ObjectPath("/a/b_c/d1")),
        ("EchoSignature", dbus.Signature("a{sv}")),
        ("EchoStrings", dbus.Array(["a", "", "c"], signature="s")),
        ("EchoInts", dbus.Array([1, -2, 3], signature="i")),
        ("EchoBytes", dbus.ByteArray(b"\x00\x01\xff")),
        ("EchoVariant", dbus.Struct(("x", 1), signature="si", variant_level=1)),
        ("EchoVardict", dbus.Dictionary({"k1": dbus.String("x", variant_level=1),
                                          "k2": dbus.Int32(5, variant_level=1),
                                          "k3": dbus.Array(["p"], signature="s", variant_level=1)},
                                         signature="sv")),
        ("EchoMap", dbus.Dictionary({"a": ["1", "2"], "b": []}, signature="sas")),
        ("EchoStruct", dbus.Struct(("x", 7, True), signature="sib")),
        ("EchoStructs", dbus.Array([(1, 2), (3, 4)], signature="(ii)")),
        ("EchoNested", dbus.Dictionary({"o": dbus.Dictionary({"p": dbus.Int64(1, variant_level=1)}, signature="sv")},
                                        signature="sa{sv}")),
    ]
    results = {}
    for method, value in cases:
        reply = getattr(test, method)(value, byte_arrays=(method == "EchoBytes"))
        same = reply == value and type(reply) is type(value)
        if method == "EchoVariant":
            same = tuple(reply) == ("x", 1)
        results[method] = same if same else "%r != %r" % (reply, value)
    r, w = os.pipe()
    os.write(w, b"through the fd")
    os.close(w)
    fd = test.EchoFd(dbus.types.UnixFd(r))
    got = os.read(fd.take(), 100)
    results["EchoFd"] = got == b"through the fd" or repr(got)
    print(json.dumps(results))


def errors():
    def name_of(call):
        try:
            call()
            return "no error"
        except dbus.exceptions.DBusException as e:
            return e.get_dbus_name()
    out = {
        "wrong_signature": name_of(lambda: obj.EchoString(dbus.Int32(1), dbus_interface="org.example.Test1")),
        "too_many": name_of(lambda: obj.EchoString("a", "b", dbus_interface="org.example.Test1")),
        "unknown_method": name_of(lambda: obj.Nope(dbus_interface="org.example.Test1")),
        "unknown_interface": name_of(lambda: obj.Nope(dbus_interface="org.example.Nope")),
        "unknown_object": name_of(lambda: bus.get_object("org.example.Test1", "/no/such", introspect=False).Ping(
            dbus_interface="org.example.Test1")),
        "invalid_path_argument": name_of(lambda: test.AddChild("not a path element/..")),
        "invalid_error_name": name_of(lambda: test.Fail("not an error name", "x")),
        "custom_error": name_of(lambda: test.Fail("org.example.Error.Custom", "x")),
        "unknown_property": name_of(lambda: obj.Get("org.example.Test1", "Nope",
                                                     dbus_interface="org.freedesktop.DBus.Properties")),
        "read_only": name_of(lambda: obj.Set("org.example.Test1", "Count", dbus.UInt32(3, variant_level=1),
                                              dbus_interface="org.freedesktop.DBus.Properties")),
        "wrong_property_type": name_of(lambda: obj.Set("org.example.Test1", "Title", dbus.Int32(3, variant_level=1),
                                                        dbus_interface="org.freedesktop.DBus.Properties")),
        "setter_refuses": name_of(lambda: obj.Set("org.example.Test1", "Limit", dbus.Int32(-1, variant_level=1),
                                                   dbus_interface="org.freedesktop.DBus.Properties")),
        "properties_unknown_interface": name_of(lambda: obj.GetAll("org.example.Nope",
                                                                   dbus_interface="org.freedesktop.DBus.Properties")),
        "dropped_deferred": name_of(lambda: test.Drop()),
    }
    big = ["x" * 100] * 100000
    out["huge_array_len"] = len(test.EchoStrings(dbus.Array(big, signature="s")))
    out["huge_bytes_len"] = len(test.EchoBytes(dbus.ByteArray(b"\x07" * (8 * 1024 * 1024)), byte_arrays=True))
    try:
        test.EchoString(b"\xff\xfe bad".decode("latin-1").encode("utf-8").decode("utf-8"))
        out["utf8_roundtrip"] = True
    except dbus.exceptions.DBusException as e:
        out["utf8_roundtrip"] = e.get_dbus_name()
    try:
        test.EchoString(dbus.String(b"\xff\xfe".decode("utf-8", "surrogateescape")))
        out["invalid_utf8"] = "sent"
    except (UnicodeError, TypeError, ValueError, dbus.exceptions.DBusException) as e:
        out["invalid_utf8"] = "refused by the client"
    print(json.dumps(out))


def signals():
    """Touch changes properties four times; expect one PropertiesChanged, then the reply."""
    import dbus.mainloop.glib
    from gi.repository import GLib
    watching = dbus.bus.BusConnection(address, mainloop=dbus.mainloop.glib.DBusGMainLoop())
    loop = GLib.MainLoop()
    events = []

    def changed(interface, values, invalidated):
        events.append(["changed", str(interface), sorted(str(k) for k in values), [str(x) for x in invalidated]])

    def replied(count):
        events.append(["reply", int(count)])
        # Anything that would follow the reply gets a moment to show up.
        GLib.timeout_add(200, loop.quit)

    def failed(error):
        events.append(["error", str(error)])
        loop.quit()

    watching.add_signal_receiver(changed, "PropertiesChanged", "org.freedesktop.DBus.Properties",
                                 path="/org/example/Test1")
    # A round trip makes sure the bus has the match before the call.
    watching.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
    target = watching.get_object("org.example.Test1", "/org/example/Test1", introspect=False)
    target.Touch(dbus_interface="org.example.Test1", reply_handler=replied, error_handler=failed)
    GLib.timeout_add(10000, loop.quit)
    loop.run()
    print(json.dumps({"events": events}))


{"roundtrip": roundtrip, "errors": errors, "signals": signals}[check]()

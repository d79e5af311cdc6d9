#!/usr/bin/python3
"""Attacks a system instance of tabbard as an unprivileged user while an administrator
selects, and measures what the administrator sees:
attacks.py ADDRESS PID GUEST ATTACK SECONDS ADMIN_CALLS.

Runs as root: the attackers run in a child process that takes GUEST's user id; the
administrator's calls are made from this process (root is always an administrator).
ATTACK is one of:
  bigcalls    4 connections, each keeping two GetContent calls with a 16 MB argument in flight
              (bigcalls-N: N connections; bigcalls-synced-N: each holds back the last bytes of
              its call until every connection has sent all but those, then all send them at
              once, so that the bus passes the N calls on together);
  nonreader   1 connection sending 7,000 Introspect calls (2,500 a second) and 40 sending
              GetManagedObjects (50 a second each), none of them ever reading: paced, so that
              the bus forwards them (it refuses a connection's calls past 128 unanswered);
  flood-M     64 connections keeping 120 calls of M in flight each, reading every reply and
              answering Peer.Ping as a library does
              (M: Describe, Introspect, GetManagedObjects, Get).
The attack runs for SECONDS, then the administrator makes ADMIN_CALLS Selects (half on one
connection held open, half each on a fresh one, like tabctl), while the attack goes on; then, attackers
still connected, the daemon gets SIGTERM. Prints "SUMMARY {json}": the administrator's
latencies (p50 and p99 in ms: all, on the held connection, on fresh ones; max), its errors by name, the attackers' replies and errors by name,
the daemon's largest VmRSS (sampled every 50 ms), and whether and how fast it stopped."""
import ctypes
import json
import os
import selectors
import signal
import socket
import struct
import sys
import threading
import time

import dbus

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
address, pid, guest, attack = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
seconds, admin_calls = float(sys.argv[5]), int(sys.argv[6])
SYNCED = "-synced" in attack
# What a synchronized attacker holds back of each call until all its connections can finish theirs.
HELD_BYTES = 8


# A minimal D-Bus client over a raw socket: what a hostile client controls that a library
# does not (never reading, thousands of calls in flight, 16 MB arguments).

def pad(data, alignment):
    return data + b"\0" * (-len(data) % alignment)


def marshal_call(serial, path, interface, member, signature="", body=b"", destination=SERVICE):
    fields = b""
    for code, kind, value in ((1, b"o", path), (2, b"s", interface), (3, b"s", member), (6, b"s", destination),
                              (8, b"g", signature)):
        if value is None or (code == 8 and not value):
            continue
        encoded = value.encode()
        fields = pad(fields, 8) + bytes([code, 1]) + kind + b"\0"
        if kind == b"g":
            fields += bytes([len(encoded)]) + encoded + b"\0"
        else:
            fields = pad(fields, 4) + struct.pack("<I", len(encoded)) + encoded + b"\0"
    header = struct.pack("<cBBBIII", b"l", 1, 0, 1, len(body), serial, len(fields)) + fields
    return pad(header, 8) + body


def marshal_return(serial, call_fields):
    """An empty method return for the call whose header fields are `call_fields`."""
    sender = call_fields.get(7, "").encode()
    fields = bytes([5, 1]) + b"u\0" + struct.pack("<I", call_fields.get(0, 0))
    fields = pad(fields, 8) + bytes([6, 1]) + b"s\0" + struct.pack("<I", len(sender)) + sender + b"\0"
    header = struct.pack("<cBBBIII", b"l", 2, 1, 1, 0, serial, len(fields)) + fields
    return pad(header, 8)


def string_body(*values):
    body = b""
    for value in values:
        encoded = value.encode() if isinstance(value, str) else value
        body = pad(body, 4) + struct.pack("<I", len(encoded)) + encoded + b"\0"
    return body


def parse_fields(data):
    """The reply serial and error name of a message's header fields."""
    fields, offset, result = data, 0, {}
    while offset < len(fields):
        offset += -offset % 8
        if offset >= len(fields):
            break
        code, length = fields[offset], fields[offset + 1]
        kind = fields[offset + 2:offset + 2 + length]
        offset += 3 + length
        if kind in (b"s", b"o"):
            offset += -offset % 4
            size = struct.unpack_from("<I", fields, offset)[0]
            result[code] = fields[offset + 4:offset + 4 + size].decode(errors="replace")
            offset += 5 + size
        elif kind == b"g":
            size = fields[offset]
            result[code] = fields[offset + 1:offset + 1 + size].decode()
            offset += 2 + size
        elif kind == b"u":
            offset += -offset % 4
            result[code] = struct.unpack_from("<I", fields, offset)[0]
            offset += 4
        else:
            break
    return result


class RawClient:
    def __init__(self):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(address.split("path=", 1)[1].split(",")[0])
        self.socket.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\nBEGIN\r\n")
        line = b""
        while not line.endswith(b"\r\n"):
            line += self.socket.recv(1)
        assert line.startswith(b"OK"), line
        self.serial = 0
        self.incoming = b""
        self.outgoing = bytearray()
        self.in_flight = 0
        # Bytes queued and sent since the connection was made, and where in that stream each
        # call held back by a synchronized attack ends.
        self.queued_total = 0
        self.sent_total = 0
        self.held_ends = []
        self.send(marshal_call(self.next_serial(), "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello",
                               destination="org.freedesktop.DBus"), counted=False)
        self.flush_blocking()
        while not self.read_messages(blocking=True):
            pass
        self.socket.setblocking(False)

    def next_serial(self):
        self.serial += 1
        return self.serial

    def send(self, message, counted=True, held=False):
        self.outgoing += message
        self.queued_total += len(message)
        if held:
            self.held_ends.append(self.queued_total)
        if counted:
            self.in_flight += 1

    def sendable(self):
        """How many queued bytes may go now: all but the last HELD_BYTES of a held call."""
        limit = len(self.outgoing)
        if self.held_ends:
            limit = min(limit, self.held_ends[0] - HELD_BYTES - self.sent_total)
        return limit

    def release(self):
        """Sends the held-back end of the first held call."""
        end = self.held_ends.pop(0)
        tail = end - self.sent_total
        self.socket.setblocking(True)
        self.socket.sendall(self.outgoing[:tail])
        self.socket.setblocking(False)
        del self.outgoing[:tail]
        self.sent_total += tail

    def flush_blocking(self):
        self.socket.sendall(self.outgoing)
        self.sent_total += len(self.outgoing)
        self.outgoing.clear()

    def write_some(self):
        limit = min(self.sendable(), 1 << 20)
        if limit <= 0:
            return
        try:
            sent = self.socket.send(self.outgoing[:limit])
        except BlockingIOError:
            return
        del self.outgoing[:sent]
        self.sent_total += sent

    def read_messages(self, blocking=False):
        """Reads what is there; returns the (type, fields) of each whole message."""
        try:
            data = self.socket.recv(1 << 20)
        except BlockingIOError:
            data = b""
        if blocking and not data:
            raise ConnectionError("the bus closed the connection")
        self.incoming += data
        messages = []
        while len(self.incoming) >= 16:
            body_length, _, fields_length = struct.unpack_from("<III", self.incoming, 4)
            total = 16 + fields_length + (-fields_length % 8) + body_length
            if len(self.incoming) < total:
                break
            fields = parse_fields(self.incoming[16:16 + fields_length])
            fields[0] = struct.unpack_from("<I", self.incoming, 8)[0]
            messages.append((self.incoming[1], fields))
            self.incoming = self.incoming[total:]
        return messages


def attack_plan():
    """(connections, calls in flight per connection or None to never read, total calls per
    connection or None for as long as the attack lasts, calls a second per connection or None
    for as fast as they go, the call's marshalling)."""
    get = lambda name: (ROOT, "org.freedesktop.DBus.Properties", "Get", "ss", string_body(SERVICE, name))
    if attack.startswith("bigcalls"):
        big = (ROOT, SERVICE, "GetContent", "s", string_body("x" * (16 << 20)))
        return [(int(attack.rsplit("-", 1)[1]) if "-" in attack else 4, 2, None, None, big)]
    if attack == "nonreader":
        return [(1, None, 7_000, 2_500, (ROOT, "org.freedesktop.DBus.Introspectable", "Introspect", "", b"")),
                (40, None, None, 50, (ROOT, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", "", b""))]
    method = attack.split("-", 1)[1]
    calls = {"Describe": (ROOT, SERVICE, "Describe", "", b""),
             "Introspect": (ROOT, "org.freedesktop.DBus.Introspectable", "Introspect", "", b""),
             "GetManagedObjects": (ROOT, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", "", b""),
             "Get": get("Tabs")}
    return [(64, 120, None, None, calls[method])]


def read_replies(client, counts):
    """Reads what came for a reader: counts replies and errors, answers Pings."""
    try:
        messages = client.read_messages()
    except OSError:
        messages = []
    for kind, fields in messages:
        if kind == 1 and fields.get(3) == "Ping":
            # A reader answers Peer.Ping as it reads, as every D-Bus library does.
            client.send(marshal_return(client.next_serial(), fields), counted=False)
        if kind == 3:
            counts["errors"][fields.get(4, "?")] = counts["errors"].get(fields.get(4, "?"), 0) + 1
        if kind in (2, 3):
            counts["replies"] += 1
            client.in_flight -= 1


def top_up(client, counts, started):
    """Queues the calls `client`'s plan wants sent by now."""
    in_flight, total, rate, call = client.plan
    if rate is None:
        wanted = (in_flight or 1 << 30) - client.in_flight
    else:
        wanted = int(rate * (time.monotonic() - started)) - client.sent
    path, interface, member, signature, body = call
    while wanted > 0 and (total is None or client.sent < total) and len(client.outgoing) < (4 << 20):
        client.send(marshal_call(client.next_serial(), path, interface, member, signature, body), held=SYNCED)
        client.sent += 1
        counts["sent"] += 1
        wanted -= 1


def attacker(report, requests):
    """The attack, in a child process running as GUEST; writes its counts to `report`."""
    import pwd
    entry = pwd.getpwnam(guest)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    counts = {"replies": 0, "errors": {}, "sent": 0}
    selector = selectors.DefaultSelector()
    clients = []
    for connections, in_flight, total, rate, call in attack_plan():
        for _ in range(connections):
            client = RawClient()
            client.plan = (in_flight, total, rate, call)
            client.sent = 0
            client.events = 0
            clients.append(client)
    os.write(report, b"ready\n")
    started = time.monotonic()
    while True:
        for client in clients:
            top_up(client, counts, started)
            # A reader waits to read, anyone with bytes to send to write; nobody spins.
            events = (selectors.EVENT_READ if client.plan[0] is not None else 0) | \
                (selectors.EVENT_WRITE if client.sendable() > 0 else 0)
            if events != client.events:
                if client.events and events:
                    selector.modify(client.socket, events, client)
                elif events:
                    selector.register(client.socket, events, client)
                else:
                    selector.unregister(client.socket)
                client.events = events
        # Synchronized: once every connection has sent all of a call but its end, all send
        # their ends, one right after the other.
        if SYNCED and all(client.held_ends and client.sendable() == 0 for client in clients):
            for client in clients:
                client.release()
        for key, events in selector.select(timeout=0.01):
            client = key.data
            if events & selectors.EVENT_READ:
                read_replies(client, counts)
            if events & selectors.EVENT_WRITE:
                try:
                    client.write_some()
                except OSError:
                    pass
        # The parent asks for the counts by writing to the pipe; the attack goes on after.
        try:
            request = os.read(requests, 1)
        except BlockingIOError:
            request = b""
        if request:
            os.write(report, (json.dumps(counts) + "\n").encode())


def vmrss_kib():
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else None


def admin_selects(summary, tabs):
    """The administrator's Selects, half on one connection, half each on a fresh one; the
    latencies of those answered."""
    latencies = []
    setups = []
    persistent = dbus.bus.BusConnection(address)
    proxy = persistent.get_object(SERVICE, ROOT, introspect=False)
    for index in range(admin_calls):
        fresh = None
        started = time.monotonic()
        try:
            if index % 2:
                fresh = dbus.bus.BusConnection(address)
                setups.append((time.monotonic() - started) * 1000)
                target = fresh.get_object(SERVICE, ROOT, introspect=False)
            else:
                target = proxy
            # As long as a D-Bus library waits by default: answered later, a call is lost to its client.
            target.Select(tabs[index % len(tabs)], dbus_interface=SERVICE, timeout=25)
            latencies.append(((time.monotonic() - started) * 1000, fresh is not None))
        except dbus.DBusException as error:
            name = error.get_dbus_name()
            summary["admin_errors"][name] = summary["admin_errors"].get(name, 0) + 1
            summary.setdefault("admin_error_texts", {})[name] = (error.get_dbus_message() or "")[:200]
        if fresh is not None:
            fresh.close()
    persistent.close()
    summary["fresh_setup_max_ms"] = round(max(setups, default=0), 1)
    return latencies


def wait_for_stop(summary):
    """SIGTERM, with the attackers still connected (a non-reader still not reading); whether
    the daemon ended within 10 s, and when."""
    started = time.monotonic()
    os.kill(pid, signal.SIGTERM)
    stopped = False
    while time.monotonic() - started < 10 and not stopped:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                stopped = stat.read().split(") ", 1)[1].startswith("Z")
        except OSError:
            stopped = True
        time.sleep(0.01)
    summary["stopped"] = stopped
    summary["stop_s"] = round(time.monotonic() - started, 3)


def main():
    # The tabs to select, read before the attack.
    bus = dbus.bus.BusConnection(address)
    tabs = [str(tab) for tab in bus.get_object(SERVICE, ROOT, introspect=False).Get(
        SERVICE, "VisibleTabs", dbus_interface="org.freedesktop.DBus.Properties", timeout=30)]
    bus.close()
    report_read, report_write = os.pipe()
    request_read, request_write = os.pipe()
    os.set_blocking(request_read, False)
    child = os.fork()
    if child == 0:
        os.close(report_read)
        os.close(request_write)
        try:
            # The attacker ends with this process, whatever becomes of it.
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
            attacker(report_write, request_read)
        finally:
            os._exit(0)
    os.close(report_write)
    os.close(request_read)
    summary = {"attack": attack, "vmrss_before_kib": vmrss_kib(), "admin_errors": {}}
    sampling = threading.Event()
    try:
        reports = os.fdopen(report_read)
        assert reports.readline().strip() == "ready"
        peak = {"kib": summary["vmrss_before_kib"]}

        def sample():
            while not sampling.is_set():
                peak["kib"] = max(peak["kib"], vmrss_kib())
                time.sleep(0.05)

        sampler = threading.Thread(target=sample)
        sampler.start()
        time.sleep(seconds)
        latencies = admin_selects(summary, tabs)
        summary["admin_answered"] = len(latencies)
        for label, chosen in (("admin", (True, False)), ("held", (False,)), ("fresh", (True,))):
            values = [latency for latency, fresh in latencies if fresh in chosen]
            summary[label + "_p50_ms"] = round(percentile(values, 0.5) or 0, 1)
            summary[label + "_p99_ms"] = round(percentile(values, 0.99) or 0, 1)
        summary["admin_max_ms"] = round(max((latency for latency, _ in latencies), default=0), 1)
        summary["admin_slowest"] = [[index, round(latency, 1), "fresh" if fresh else "held"] for index, (latency, fresh)
                                    in sorted(enumerate(latencies), key=lambda entry: -entry[1][0])[:5]]
        os.write(request_write, b"?")
        summary["attacker"] = json.loads(reports.readline())
        wait_for_stop(summary)
        sampling.set()
        sampler.join()
        summary["vmrss_peak_kib"] = peak["kib"]
    finally:
        sampling.set()
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
    print("SUMMARY " + json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()

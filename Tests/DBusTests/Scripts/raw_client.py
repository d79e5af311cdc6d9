#!/usr/bin/python3
"""Speaks the D-Bus wire protocol by hand to send what real libraries refuse to:
raw_client.py SOCKET_PATH. Sends a method call to the test service whose string argument is
invalid UTF-8, then reports how the bus treated the connection as one JSON line."""
import json
import os
import socket
import struct
import sys


def pad(data, n):
    return data + b"\0" * ((-len(data)) % n)


def header_field(code, sig, value):
    body = bytes([code]) + bytes([len(sig)]) + sig.encode() + b"\0"
    body = pad(body, 4) if sig in "so" else body
    if sig in "so":
        body += struct.pack("<I", len(value)) + value + b"\0"
    elif sig == "g":
        body += bytes([len(value)]) + value + b"\0"
    return body


def message(serial, path, iface, member, dest, sig=b"", body=b""):
    fields = b""
    for code, s, v in ((1, "o", path), (2, "s", iface), (3, "s", member), (6, "s", dest), (8, "g", sig)):
        if v is None or (s == "g" and not v):
            continue
        fields = pad(fields, 8) + header_field(code, s, v)
    head = struct.pack("<cBBBII", b"l", 1, 0, 1, len(body), serial) + struct.pack("<I", len(fields)) + fields
    return pad(head, 8) + body


sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(sys.argv[1])
sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
assert sock.recv(4096).startswith(b"OK")
sock.sendall(b"BEGIN\r\n")
sock.sendall(message(1, b"/org/freedesktop/DBus", b"org.freedesktop.DBus", b"Hello", b"org.freedesktop.DBus"))
bad = b"\xff\xfe not utf-8"
body = struct.pack("<I", len(bad)) + bad + b"\0"
sock.sendall(message(2, b"/org/example/Test1", b"org.example.Test1", b"EchoString", b"org.example.Test1",
                     b"s", body))
sock.settimeout(5)
received = b""
closed = False
try:
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            closed = True
            break
        received += chunk
except socket.timeout:
    pass
print(json.dumps({"bus_closed_connection": closed, "bytes_received": len(received)}))

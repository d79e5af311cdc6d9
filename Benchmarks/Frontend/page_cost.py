#!/usr/bin/env python3
"""What `GetPage` of a 1,000-row page costs: its time and its size.

The benchmarks' grid plugin (`Benchmarks/GridPlugin`) is staged with one tab, whose page
"rows" has 1,000 rows (PAGE-2's row bound); tabbard serves it on a private bus, the tab is
navigated there, and one client (GLib's GDBus, one connection) calls `GetPage` many times after
a warm-up. Prints the time per call (median and 10th to 90th percentile, client to reply), the
reply's body as marshalled (GVariant's serialized size), the rows it holds and whether the page
was cut to 64 KiB (`truncated`). Figures only.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TabctlStart"))
from tabctl_start import daemon_on_private_bus  # noqa: E402  (one private bus, one way)

try:
    from gi.repository import Gio, GLib  # noqa: E402
except ImportError:
    raise SystemExit("python3-gi is missing: run with Debian's python3 after scripts/install-deps bench")

SERVICE = "org.tabbard.TabBar1"
PATH = "/org/tabbard/TabBar1"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def call(connection, method, arguments):
    return connection.call_sync(SERVICE, PATH, SERVICE, method, arguments, None, Gio.DBusCallFlags.NONE, 10_000, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabbard", required=True, help="the daemon to measure")
    parser.add_argument("--calls", type=int, default=500, help="measured calls (after 50 warm-up calls)")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tabbard-page-cost-") as plugins:
        subprocess.run([os.path.join(ROOT, "Benchmarks", "GridPlugin", "stage-grid-plugin"), plugins, "1"], check=True)
        with daemon_on_private_bus(options.tabbard, plugins, "tabbard-page-cost-") as (_directory, address):
            connection = Gio.DBusConnection.new_for_address_sync(
                address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                None, None)
            deadline = time.monotonic() + 30
            while True:  # the plugin is probed before its first call
                try:
                    call(connection, "Navigate", GLib.Variant("(ss)", ("g0", "rows")))
                    break
                except GLib.Error:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            argument = GLib.Variant("(s)", ("g0",))
            for _ in range(50):
                reply = call(connection, "GetPage", argument)
            times = []
            for _ in range(options.calls):
                began = time.perf_counter()
                reply = call(connection, "GetPage", argument)
                times.append((time.perf_counter() - began) * 1e6)
    page = reply.get_child_value(0)
    rows = page.lookup_value("rows", None)
    truncated = page.lookup_value("truncated", None)
    deciles = statistics.quantiles(times, n=10)
    size = reply.get_size()
    print(f"GetPage of a 1,000-row page: median {statistics.median(times):.0f} µs "
          f"(p10 {deciles[0]:.0f}, p90 {deciles[-1]:.0f}) over {options.calls} calls; "
          f"{size:,} bytes marshalled, {rows.n_children() if rows else 0} rows, "
          f"truncated {truncated.get_boolean() if truncated else False}")


if __name__ == "__main__":
    main()

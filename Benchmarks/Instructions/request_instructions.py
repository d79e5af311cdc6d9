#!/usr/bin/env python3
"""Instructions per request: tabbard against the C service doing the same message work.

Instruction counts do not move with machine load, unlike rates and CPU time, so they show what
a change to the request path did even on a busy machine. For `Select` and `SetBadge`, each
service (tabbard with the bundled plugins and persistence on; `bench-same-work-c`, and for
context the same with `--bytes`, which builds its messages the way tabbard does) runs under
callgrind on a private bus with instrumentation off; one client (dbus-python, a single
connection) makes the warm-up calls, then instrumentation is turned on for the measured calls
(each alternating between two argument lists, so every call changes something, as
`daemon-bench` does) and off again before the service is stopped. Prints, per call, the
instructions of the service's first thread (the loop thread: the request path) and of all its
threads (with tabbard's state writer). Then `Describe` at 10,000 tabs, tabbard's alone (the C
service has no such member): the grid plugin of `daemon-bench`, compiled here, gives the tabs;
the calls are few, since each builds and sends a document of megabytes. `Select` and
`SetBadge` are measured once more with 16 views open on another connection (4 widths, 2
locales; VIEW-6), and the floor of `Select`'s: what libdbus alone costs per extra signal.
Figures only. callgrind's files are kept (`--profiles`, one per thread and run) for
`callgrind_annotate`; `--views-only` measures just tabbard with none and with the 16 views,
and the floor.
"""

import argparse
import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "TabctlStart"))
from tabctl_start import has_owner, private_bus, running, wait_for_name  # noqa: E402  (one private bus, one way)

try:
    import dbus  # noqa: E402
except ImportError:
    raise SystemExit("dbus-python is missing: run with Debian's python3 after scripts/install-deps bench")

TABBARD = "org.tabbard.TabBar1"
SAME_WORK = "org.example.SameWorkC"
PATH = "/org/tabbard/TabBar1"
REQUESTS = {
    "Select(s)": [["alarm"], ["stopwatch"]],
    "SetBadge(ss)": [["alarm", "1"], ["alarm", "2"]],
}
# The bar of the bundled catalog as tabbard shows it (four tabs and More), as daemon-bench gives it.
SAME_WORK_TABS = ["world-clock=World Clock", "alarm=Alarm", "stopwatch=Stopwatch", "timer=Timer", "@more=More"]
# `Describe`'s target is set at this many tabs (docs/performance.md); its calls are counted apart.
DESCRIBE_TABS = 10_000
DESCRIBE_WARM_UP = 2
DESCRIBE_CALLS = 5
# A call under callgrind runs some fifty times slower than natively: `Describe` at 10,000 tabs
# takes seconds there, more than dbus-python's default wait for a reply.
CALL_TIMEOUT = 600
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def grid_plugins(directory, tabs):
    """A plugin directory with `daemon-bench`'s grid plugin declaring tabs `g0` … `g<tabs-1>`,
    staged the one way both use (`Benchmarks/GridPlugin/stage-grid-plugin`)."""
    subprocess.run([os.path.join(ROOT, "Benchmarks", "GridPlugin", "stage-grid-plugin"), directory, str(tabs)], check=True)
    return directory


def thread_totals(prefix):
    """Instructions per thread from callgrind's files `prefix-NN` (one per thread), in thread order."""
    totals = []
    for path in sorted(glob.glob(prefix + "-*")):
        with open(path) as file:
            for line in file:
                # `totals:` counts the instrumented spans; `summary:` is the last dump's, 0 here.
                if line.startswith("totals:"):
                    totals.append(int(line.split()[1]))
                    break
    if not totals:
        raise SystemExit(f"callgrind wrote no totals to {prefix}-*")
    return totals


def remember_probes(tabbard_argv, address, tab):
    """Starts tabbard once natively with its state directory and stops it once it has sent
    `READY=1` and `tab` can be selected, so that the start under callgrind finds every
    plugin's probe remembered: a probe child re-executes the daemon, which under valgrind is
    not the daemon, and fails. The name alone is not the sign: the daemon serves while it
    probes, with the plugin's tabs in the catalog from its manifest, and a daemon stopped then
    has remembered nothing (the grid plugin's probe, with its 10,000 tabs, lost that race in four
    runs of six). `READY=1` waits for every probe to end, and its outcome is in
    `plugins.state` by then (architecture.md, Plugins)."""
    with tempfile.TemporaryDirectory(prefix="tabbard-notify-") as directory:
        notify_path = os.path.join(directory, "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as notify:
            notify.bind(notify_path)
            notify.settimeout(30)
            environment = dict(os.environ, NOTIFY_SOCKET=notify_path)
            with running(tabbard_argv, stdout=subprocess.DEVNULL, env=environment):
                try:
                    while b"READY=1" not in notify.recv(4096):
                        pass
                except socket.timeout:
                    raise SystemExit("tabbard sent no READY=1 within 30 s of its start")
                deadline = time.monotonic() + 10
                while subprocess.run(["dbus-send", f"--bus={address}", "--print-reply", f"--dest={TABBARD}", PATH,
                                      f"{TABBARD}.Select", f"string:{tab}"], capture_output=True).returncode != 0:
                    if time.monotonic() > deadline:
                        raise SystemExit(f"tab {tab} cannot be selected within 10 s of READY=1")
                    time.sleep(0.05)
    while has_owner(address, TABBARD):
        time.sleep(0.02)


# VIEW-6: how many of the 16 views change with each measured `Select` (the selected item and
# its label), and so how many signals of their own the floor counts.
FLOOR_SIGNALS = 12
# VIEW-6: the views open while `Select` is measured again: 4 widths, 2 locales, 16 in all.
VIEWS = [{"max_visible": dbus.UInt32(width, variant_level=1), "locale": dbus.String(locale, variant_level=1)}
         for width in (2, 3, 5, 8) for locale in ("fr_FR", "en_US")] * 2


def open_views(address):
    """Two connections holding the 16 `VIEWS` open, 8 each, the most one connection may (a
    view lasts as long as its connection)."""
    holders = [dbus.bus.BusConnection(address) for _ in range(2)]
    for index, settings in enumerate(VIEWS):
        holders[index % 2].call_blocking(TABBARD, PATH, TABBARD, "OpenView", "a{sv}", [dbus.Dictionary(settings, signature="sv")])
    return holders


def measure(service_argv, name, member, argument_sets, address, scratch, warm_up, calls, check=None, views=False,
            profiles=None):
    """Runs `service_argv` under callgrind and returns (loop thread, all threads) instructions
    per call of `member` over `calls` calls after `warm_up`. `check`, when given, is handed the
    last warm-up call's reply and says why the service under callgrind is not the one meant to
    be measured, or None. With `views`, another connection holds the 16 `VIEWS` open. The
    callgrind files are copied into `profiles` when given (the scratch directory goes)."""
    prefix = os.path.join(scratch, f"callgrind.{name}.{member}{'.views' if views else ''}")
    with running(["valgrind", "--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes",
                  f"--callgrind-out-file={prefix}", "--"] + service_argv,
                 stop_within=60, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as service:
        wait_for_name(address, name, time.monotonic() + 120)
        holders = open_views(address) if views else []
        connection = dbus.bus.BusConnection(address)
        method = connection.get_object(name, PATH, introspect=False).get_dbus_method(member, TABBARD)
        for call in range(warm_up):
            reply = method(*argument_sets[call % 2], timeout=CALL_TIMEOUT)
        problem = check(reply) if check else None
        if problem:
            raise SystemExit(f"{member} under callgrind: {problem}")
        subprocess.run(["callgrind_control", "--instr=on", str(service.pid)], check=True, capture_output=True)
        for call in range(calls):
            method(*argument_sets[call % 2], timeout=CALL_TIMEOUT)
        subprocess.run(["callgrind_control", "--instr=off", str(service.pid)], check=True, capture_output=True)
        connection.close()
        for holder in holders:
            holder.close()
    totals = thread_totals(prefix)
    if profiles:
        os.makedirs(profiles, exist_ok=True)
        for path in glob.glob(prefix + "-*"):
            shutil.copy(path, profiles)
    return totals[0] / calls, sum(totals) / calls


def describes_every_tab(document):
    """Why `Describe`'s `document` is not that of the grid plugin's tabs, or None: a daemon
    that lost the plugin describes an empty catalog in a few hundred bytes, and its count would
    look like a speed-up."""
    catalog = len(json.loads(str(document))["catalog"])
    return None if catalog == DESCRIBE_TABS else f"the catalog holds {catalog} tabs, not {DESCRIBE_TABS:,}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tabbard", required=True, help="the release tabbard to measure")
    parser.add_argument("--same-work", required=True, help="the bench-same-work-c executable")
    parser.add_argument("--plugins", required=True, help="the bundled plugins, staged in release mode")
    parser.add_argument("--calls", type=int, default=2000, help="measured calls per request (default 2000)")
    parser.add_argument("--warm-up", type=int, default=200, help="calls before measuring (default 200)")
    parser.add_argument("--profiles", default=os.path.join(ROOT, ".build-bench", "instructions"),
                        help="where callgrind's files are kept (default .build-bench/instructions)")
    parser.add_argument("--views-only", action="store_true",
                        help="only tabbard, with none and with 16 views open, and the floor (VIEW-6)")
    options = parser.parse_args()
    for tool in ("valgrind", "callgrind_control"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: scripts/install-deps bench installs it")

    with private_bus("tabbard-instructions-") as (scratch, address):
        # Valgrind 3.19 cannot read the DWARF 5 that lld writes; the counts need no symbols.
        tabbard_binary = os.path.join(scratch, "tabbard")
        subprocess.run(["strip", "--strip-debug", "-o", tabbard_binary, options.tabbard], check=True)
        print(f"instructions per call (callgrind), {options.calls} calls after {options.warm_up} warm-up, one client")
        print(f"{'request':14} {'service':22} {'loop thread':>12} {'all threads':>12}")
        for member_label, argument_sets in REQUESTS.items():
            member = member_label.split("(")[0]
            state = os.path.join(scratch, f"state-{member}")
            tabbard = [tabbard_binary, "--address", address, "--plugin-dir", options.plugins,
                       "--state-dir", state, "--log-level", "warning"]
            remember_probes(tabbard, address, argument_sets[0][0])
            same_work = [os.path.abspath(options.same_work), address, SAME_WORK] + SAME_WORK_TABS
            as_bytes = [os.path.abspath(options.same_work), "--bytes", address, SAME_WORK] + SAME_WORK_TABS
            ours = measure(tabbard, TABBARD, member, argument_sets, address, scratch, options.warm_up, options.calls,
                           profiles=options.profiles)
            print(f"{member_label:14} {'tabbard':22} {ours[0]:12,.0f} {ours[1]:12,.0f}")
            # A badge changes no view: with the views open it should cost what it costs without.
            viewed = measure(tabbard, TABBARD, member, argument_sets, address, scratch, options.warm_up, options.calls,
                             views=True, profiles=options.profiles)
            print(f"{member_label:14} {'tabbard, 16 views':22} {viewed[0]:12,.0f} {viewed[1]:12,.0f}")
            print(f"{member_label:14} {'16 views / none':22} {viewed[0] / ours[0]:12.2f} {viewed[1] / ours[1]:12.2f}"
                  + ("  (VIEW-6 target <= 1.5)" if member == "Select" else ""))
            if member == "Select":
                # The floor under VIEW-5: what libdbus alone costs per extra signal, the
                # cheapest there is (no body), and so the least the changed views can add.
                plain = measure(same_work, SAME_WORK, member, argument_sets, address, scratch, options.warm_up,
                                options.calls)
                extra = measure([same_work[0], "--extra-signals", str(FLOOR_SIGNALS)] + same_work[1:], SAME_WORK,
                                member, argument_sets, address, scratch, options.warm_up, options.calls)
                floor = (extra[0] - plain[0]) / FLOOR_SIGNALS
                print(f"{member_label:14} {'libdbus, extra signal':22} {floor:12,.0f}"
                      f"  (C, {FLOOR_SIGNALS} bodiless signals: {plain[0]:,.0f} -> {extra[0]:,.0f})")
                print(f"{member_label:14} {'floor / none':22} {(ours[0] + FLOOR_SIGNALS * floor) / ours[0]:12.2f}"
                      f"  (tabbard alone plus {FLOOR_SIGNALS} such signals)")
            if options.views_only:
                continue
            theirs = plain if member == "Select" else measure(same_work, SAME_WORK, member, argument_sets, address,
                                                              scratch, options.warm_up, options.calls)
            parsed = measure(as_bytes, SAME_WORK, member, argument_sets, address, scratch, options.warm_up, options.calls)
            print(f"{member_label:14} {'same work in C':22} {theirs[0]:12,.0f} {theirs[1]:12,.0f}")
            print(f"{member_label:14} {'C / tabbard':22} {theirs[0] / ours[0]:12.2f} {theirs[1] / ours[1]:12.2f}")
            # Context, not a target: libdbus's share of tabbard's way of building messages.
            print(f"{member_label:14} {'C, written as bytes':22} {parsed[0]:12,.0f} {parsed[1]:12,.0f}")
        if options.views_only:
            return

        plugins = grid_plugins(os.path.join(scratch, "grid"), DESCRIBE_TABS)
        tabbard = [tabbard_binary, "--address", address, "--plugin-dir", plugins,
                   "--state-dir", os.path.join(scratch, "state-Describe"), "--log-level", "warning"]
        remember_probes(tabbard, address, "g1")
        ours = measure(tabbard, TABBARD, "Describe", [[], []], address, scratch, DESCRIBE_WARM_UP, DESCRIBE_CALLS,
                       check=describes_every_tab)
        print(f"instructions per Describe at {DESCRIBE_TABS:,} tabs (callgrind), {DESCRIBE_CALLS} calls after "
              f"{DESCRIBE_WARM_UP} warm-up: loop thread {ours[0]:,.0f}, all threads {ours[1]:,.0f}")


if __name__ == "__main__":
    main()

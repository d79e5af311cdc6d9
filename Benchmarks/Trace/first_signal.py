#!/usr/bin/env python3
"""Where a window-1 call's time goes on the service's loop thread, from its system calls.

At window 1 a call takes about the service's time from waking to its first `sendmsg` (the
first signal, which wakes the bus) plus the bus's routing of every message: the service's
work after its first signal hides behind the bus. This traces the loop thread's system calls
(`perf record` of the raw_syscalls tracepoints, nanosecond times) while one dbus-python
connection makes calls alternating between two argument lists, and prints, as medians over
the calls, the time from the wake-up (the wait's return) to the end of the call's read (the
return of its last `recvmsg`, the one that finds the socket empty: libdbus parses what it read
before it asks again), to the first `sendmsg`, to the last one (the reply), and back into the
wait. Every service reads its calls through the same libdbus code, so the first column tells
the loop's own way to its read, and what lies between the read and the first `sendmsg` is
each service's own work on the call. Load moves these less than it moves rates: one service
is measured at a time, and the figures are the loop thread's own.

Each SERVICE is `tabbard=PATH` (a release tabbard, run with the bundled plugins and its state
in a scratch directory), `c=PATH` (`bench-same-work-c`, its signals built through libdbus's
iterator: the baseline of the targets) or `c-bytes=PATH` (the same service with `--bytes`, its
signals written as bytes and parsed by libdbus as tabbard's are: libdbus's share of tabbard's
path with no Swift code around it); several are traced one after the other, `--rounds` times
over, on one private bus. Figures only.
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "TabctlStart"))
sys.path.insert(0, os.path.join(HERE, "..", "Instructions"))
from tabctl_start import private_bus, running, wait_for_name  # noqa: E402  (one private bus, one way)
# The same services and requests as the instruction counts (it needs dbus-python too).
from request_instructions import PATH, REQUESTS, SAME_WORK, SAME_WORK_TABS, TABBARD, dbus  # noqa: E402

# x86_64 system call numbers.
SENDMSG = 46
RECVMSG = 47
WAITS = {7, 232, 281, 441}  # poll, epoll_wait, epoll_pwait, epoll_pwait2


def service_command(kind, binary, address, scratch, plugins):
    """The command line of one service on the bus, and its bus name."""
    if kind == "tabbard":
        state = tempfile.mkdtemp(prefix="state-", dir=scratch)
        argv = [binary, "--address", address, "--plugin-dir", plugins, "--state-dir", state, "--log-level", "warning"]
        name = TABBARD
    else:
        argv = [binary] + (["--bytes"] if kind == "c-bytes" else []) + [address, SAME_WORK] + SAME_WORK_TABS
        name = SAME_WORK
    return argv, name


def call_loop(address, name, member, argument_sets, count):
    """`count` calls of `member`, each waiting for its reply, cycling through `argument_sets`."""
    bus = dbus.bus.BusConnection(address)
    method = bus.get_object(name, PATH, introspect=False).get_dbus_method(member.split("(")[0], TABBARD)
    for index in range(count):
        method(*argument_sets[index % len(argument_sets)])
    bus.close()


def parse(trace_text):
    """Per call, (read done, first sendmsg, last sendmsg, back in the wait) in µs after the
    wake-up; read done is the return of the last `recvmsg` before the first `sendmsg`."""
    events = []
    for line in trace_text.splitlines():
        # `comm tid [cpu] seconds: raw_syscalls:sys_enter: NR n (...)` or `sys_exit: NR n = r`
        parts = line.split()
        try:
            stamp_index = next(i for i, part in enumerate(parts) if part.endswith(":") and part[:-1].replace(".", "").isdigit())
            stamp = float(parts[stamp_index][:-1])
            kind = parts[stamp_index + 1]
            number = int(parts[parts.index("NR", stamp_index) + 1])
        except (StopIteration, ValueError, IndexError):
            continue
        events.append((stamp, kind.endswith("sys_enter:"), number))
    calls = []
    woke = read = None
    sends = []
    for stamp, entering, number in events:
        if number in WAITS:
            if entering:
                if woke is not None and sends and read is not None:
                    calls.append(((read - woke) * 1e6, (sends[0] - woke) * 1e6, (sends[-1] - woke) * 1e6,
                                  (stamp - woke) * 1e6))
                woke, read, sends = None, None, []
            else:
                woke, read, sends = stamp, None, []
        elif woke is None:
            continue
        elif number == SENDMSG and entering:
            sends.append(stamp)
        elif number == RECVMSG and not entering and not sends:
            read = stamp
    return calls


def trace(kind, binary, address, scratch, plugins, member, calls, warm_up):
    """Traces one service's loop thread over `calls` calls of `member` after `warm_up`."""
    argv, name = service_command(kind, binary, address, scratch, plugins)
    with running(argv, stdout=subprocess.DEVNULL) as service:
        wait_for_name(address, name, time.monotonic() + 10)
        call_loop(address, name, member, REQUESTS[member], warm_up)
        data = os.path.join(scratch, f"perf-{kind}-{member.split('(')[0]}.data")
        # The loop thread is the service's first thread.
        perf = subprocess.Popen(["perf", "record", "-q", "-e", "raw_syscalls:sys_enter,raw_syscalls:sys_exit",
                                 "-t", str(service.pid), "-o", data],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        call_loop(address, name, member, REQUESTS[member], calls)
        perf.send_signal(signal.SIGINT)
        perf.wait(timeout=30)
        script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,tid,time,event,trace", "--ns"],
                                capture_output=True, text=True, check=True)
        return parse(script.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("services", nargs="+", metavar="SERVICE", help="tabbard=PATH, c=PATH or c-bytes=PATH (see above)")
    parser.add_argument("--plugins", required=True, help="the bundled plugins, staged in release mode")
    parser.add_argument("--calls", type=int, default=3000, help="traced calls per service and round (default 3000)")
    parser.add_argument("--warm-up", type=int, default=300, help="calls before tracing (default 300)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds over the services (default 2)")
    parser.add_argument("--request", choices=sorted(REQUESTS), action="append", help="the requests (default both)")
    options = parser.parse_args()
    services = []
    for service in options.services:
        kind, _, binary = service.partition("=")
        if kind not in ("tabbard", "c", "c-bytes") or not os.access(binary, os.X_OK):
            raise SystemExit(f"not a service: {service} (tabbard=PATH, c=PATH or c-bytes=PATH, executable)")
        services.append((kind, os.path.abspath(binary), f"{kind}={os.path.basename(binary)}"))
    if shutil.which("perf") is None:
        raise SystemExit("perf is missing: install linux-perf")

    with private_bus("tabbard-trace-") as (scratch, address):
        print(f"loop thread per call, µs after the wake-up (medians of {options.calls} calls after {options.warm_up})")
        print(f"{'request':13} {'round':>5}  {'service':40} {'read done':>9} {'first sendmsg':>13} {'last sendmsg':>12} "
              f"{'back to wait':>12}")
        # Per request and service, each round's four medians, for the summary.
        rounds = {}
        members = options.request or sorted(REQUESTS, reverse=True)
        for member in members:
            for round_number in range(1, options.rounds + 1):
                for kind, binary, label in services:
                    calls = trace(kind, binary, address, scratch, options.plugins, member, options.calls, options.warm_up)
                    if not calls:
                        raise SystemExit(f"{label}: no call was traced (is perf allowed to trace?)")
                    read, first, last, back = (statistics.median(values) for values in zip(*calls))
                    rounds.setdefault((member, label), []).append((read, first, last, back))
                    print(f"{member:13} {round_number:>5}  {label[-40:]:40} {read:9.1f} {first:13.1f} {last:12.1f} "
                          f"{back:12.1f}")
        print(f"median of the {options.rounds} rounds (min–max)")
        for member in members:
            for _, _, label in services:
                columns = [spread(values) for values in zip(*rounds[(member, label)])]
                print(f"{member:13} {'':>5}  {label[-40:]:40} " + " ".join(f"{column:>19}" for column in columns))


def spread(values):
    """`median (min–max)` of a few figures, one decimal."""
    return f"{statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})"


if __name__ == "__main__":
    main()

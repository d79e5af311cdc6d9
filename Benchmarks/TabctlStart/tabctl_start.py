#!/usr/bin/env python3
"""What a `tabctl` command costs as a whole process, against `dbus-send` making the same call.

Starts a private dbus-daemon and tabbard, then times `tabctl select ID` and
`dbus-send --print-reply ... Select string:ID` many times each, alternating (so drifting
machine load hits both alike; each run selects a different tab than the last, so every call
changes the selection). Also times process start alone: `/bin/true` and `tabctl --version`.
With --baseline-tabctl, another build of tabctl (an earlier tree's) runs in the same rounds.
Each time is posix_spawn to wait4, measured with a monotonic clock; each run's page faults come
from the same wait4's resource usage. System calls are counted in separate, untimed runs (also
alternating) with `perf stat -e raw_syscalls:sys_enter`, or `strace -c` where perf cannot.
The tabctl builds are dropped from the page cache before the warm-up, so that every build is
read from disk as an installed one is after a reboot: the kernel maps a freshly written file's
pages in larger windows, which would give a build just installed fewer page faults than one
copied minutes before. Prints figures only.
"""

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import tempfile
import time

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def run_once(argv, devnull):
    """Wall time of one process, spawn to exit, in milliseconds, and its page faults (minor and
    major); fails on a non-zero exit."""
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
    _, status, usage = os.wait4(pid, 0)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return elapsed, usage.ru_minflt + usage.ru_majflt


def drop_from_page_cache(path):
    """Has the kernel forget the cached pages of `path` (written out first), so that its next
    use reads it from disk; the file itself and other files are untouched."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
        os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(descriptor)


def perf_counts_syscalls():
    """Whether `perf stat` can count system calls here (the tracepoint needs permission)."""
    if shutil.which("perf") is None:
        return False
    result = subprocess.run(["perf", "stat", "-x,", "-e", "raw_syscalls:sys_enter", "true"], capture_output=True, text=True)
    return result.returncode == 0 and "not supported" not in result.stderr and "raw_syscalls" in result.stderr


def count_syscalls(argv, use_perf):
    """System calls one run of `argv` makes (its threads included)."""
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as report:
        if use_perf:
            tool = ["perf", "stat", "-x,", "-o", report.name, "-e", "raw_syscalls:sys_enter", "--"]
        else:
            tool = ["strace", "-f", "-qq", "-c", "-o", report.name, "--"]
        subprocess.run(tool + argv, stdout=subprocess.DEVNULL, check=True)
        for line in report.read().splitlines():
            fields = line.split(",") if use_perf else line.split()
            if use_perf and len(fields) > 2 and fields[2] == "raw_syscalls:sys_enter":
                return int(fields[0])
            if not use_perf and fields and fields[-1] == "total":
                return int(fields[3])
    raise SystemExit(f"cannot count the system calls of {' '.join(argv)}")


def summary(times):
    ordered = sorted(times)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.9)]


def has_owner(address, name):
    """Whether the bus at `address` answers and `name` has an owner on it."""
    result = subprocess.run(["dbus-send", f"--bus={address}", "--print-reply", "--dest=org.freedesktop.DBus",
                             "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", f"string:{name}"],
                            capture_output=True, text=True)
    return "boolean true" in result.stdout


def wait_for_name(address, name, deadline):
    """Waits until the bus answers and `name` has an owner."""
    while time.monotonic() < deadline:
        if has_owner(address, name):
            return
        time.sleep(0.02)
    raise SystemExit(f"{name} has no owner within 10 s")


@contextlib.contextmanager
def running(argv, stop_within=10, **options):
    """`argv` started (`subprocess.Popen` with `options`); yields the process, and on leaving
    terminates it and waits up to `stop_within` seconds for it to end."""
    process = subprocess.Popen(argv, **options)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=stop_within)


@contextlib.contextmanager
def private_bus(prefix):
    """A dbus-daemon (BUS_CONFIG) listening on a socket in a new scratch directory, answering;
    yields the directory and the bus's address, and stops the bus and removes the directory on
    leaving."""
    directory = tempfile.mkdtemp(prefix=prefix)
    try:
        socket = os.path.join(directory, "bus")
        config = os.path.join(directory, "bus.conf")
        with open(config, "w") as file:
            file.write(BUS_CONFIG.format(socket=socket))
        address = f"unix:path={socket}"
        with running(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
            wait_for_name(address, "org.freedesktop.DBus", time.monotonic() + 10)
            yield directory, address
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@contextlib.contextmanager
def daemon_on_private_bus(tabbard, plugins, prefix):
    """A private bus (`private_bus`) with `tabbard` serving on it, stopped on leaving; yields
    the scratch directory and the bus's address."""
    with private_bus(prefix) as (directory, address):
        with running([tabbard, "--address", address, "--plugin-dir", plugins, "--state-dir", directory,
                      "--no-state", "--log-level", "warning"], stdout=subprocess.DEVNULL):
            wait_for_name(address, "org.tabbard.TabBar1", time.monotonic() + 10)
            yield directory, address


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tabctl", required=True)
    parser.add_argument("--tabbard", required=True)
    parser.add_argument("--plugins", required=True)
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--counted-runs", type=int, default=21, help="untimed runs that count system calls")
    parser.add_argument("--baseline-tabctl", help="another tabctl build (an earlier tree's) to time in the same rounds")
    options = parser.parse_args()

    devnull = os.open(os.devnull, os.O_WRONLY)
    with daemon_on_private_bus(options.tabbard, options.plugins, "tabctl-bench-") as (_, address):
        tabctl = os.path.abspath(options.tabctl)
        dbus_send = shutil.which("dbus-send")
        tabs = ["alarm", "timer"]
        commands = {
            "tabctl select ID": lambda tab: [tabctl, "--address", address, "select", tab],
            "dbus-send --print-reply Select": lambda tab: [
                dbus_send, f"--bus={address}", "--print-reply", "--dest=org.tabbard.TabBar1",
                "/org/tabbard/TabBar1", "org.tabbard.TabBar1.Select", f"string:{tab}"],
            "/bin/true": lambda tab: ["/bin/true"],
            "tabctl --version": lambda tab: [tabctl, "--version"],
        }
        if options.baseline_tabctl:
            baseline = os.path.abspath(options.baseline_tabctl)
            commands["baseline tabctl select ID"] = lambda tab: [baseline, "--address", address, "select", tab]
            commands["baseline tabctl --version"] = lambda tab: [baseline, "--version"]
        times = {name: [] for name in commands}
        faults = {name: [] for name in commands}
        for build in [tabctl] + ([os.path.abspath(options.baseline_tabctl)] if options.baseline_tabctl else []):
            drop_from_page_cache(build)
        for warm_up in range(50):
            for name, command in commands.items():
                run_once(command(tabs[warm_up % 2]), devnull)
        for run in range(options.runs):
            for index, (name, command) in enumerate(commands.items()):
                # Each Select picks the tab the previous one did not, so every call changes the selection.
                elapsed, page_faults = run_once(command(tabs[(run * len(commands) + index) % 2]), devnull)
                times[name].append(elapsed)
                faults[name].append(page_faults)
        use_perf = perf_counts_syscalls()
        syscalls = {name: [] for name in commands}
        for run in range(options.counted_runs):
            for index, (name, command) in enumerate(commands.items()):
                syscalls[name].append(count_syscalls(command(tabs[(run * len(commands) + index) % 2]), use_perf))

        print(f"tabctl process cost, {options.runs} runs each, alternating (wall time, spawn to exit); "
              f"system calls: median of {options.counted_runs} untimed runs ({'perf stat' if use_perf else 'strace -c'})")
        print(f"{'command':34} {'median ms':>10} {'p90 ms':>8} {'min ms':>8} {'page faults':>12} {'syscalls':>9}")
        medians = {}
        for name, values in times.items():
            median, p90 = summary(values)
            medians[name] = median
            print(f"{name:34} {median:10.3f} {p90:8.3f} {min(values):8.3f} {statistics.median(faults[name]):12.0f} "
                  f"{statistics.median(syscalls[name]):9.0f}")
        ratio = medians["tabctl select ID"] / medians["dbus-send --print-reply Select"]
        print(f"ratio tabctl / dbus-send (medians): {ratio:.2f}  (target <= 1.0)")
        if options.baseline_tabctl:
            ratio = medians["baseline tabctl select ID"] / medians["dbus-send --print-reply Select"]
            print(f"ratio baseline tabctl / dbus-send (medians): {ratio:.2f}")
        print(f"process start above /bin/true: tabctl --version "
              f"{medians['tabctl --version'] - medians['/bin/true']:.3f} ms")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the order in which tabctl's release build lays out the code its commands run first.

`tabctl` carries the whole Swift runtime and standard library (5.4 MB of code), of which one
command runs about 270 kB in some 650 functions spread over all of it; each page fault on code
maps a 64 kB window, so the scattered functions cost about 40 faults at every start. The
runtime's and the standard library's functions sit in sections of their own (`.text.NAME`), and
the linker places the sections named in `Sources/tabctl/Linking/start-order.txt` first, in that
order (Package.swift), so the code a command runs lies together.

This runs a release `tabctl` (unstripped, as `swift build -c release` leaves it) under callgrind
for the commands scripts call most, against a `tabbard` on a private bus, and writes every
function of the executable that ran, in the order callgrind first met them, as section names.
Run it again when the toolchain changes (the standard library's names change with it); a name
the linker no longer finds is passed over, so a stale file costs faults, never correctness.

    python3 Benchmarks/TabctlStart/start_order.py --tabctl .build/release/tabctl \\
        --tabbard .build/release/tabbard --plugins .build/plugins-release \\
        --output Sources/tabctl/Linking/start-order.txt
"""

import argparse
import os
import re
import subprocess

from tabctl_start import daemon_on_private_bus

# The positions of callgrind's compressed names: `ob=(3) /path`, later `ob=(3)`; the same for
# `fn=` and for the `cob=`/`cfn=` lines of calls, which name functions too.
NAME_LINE = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
# Callgrind marks a function's recursion depth (`name'2`); the symbol is the name before it.
RECURSION = re.compile(r"'\d+$")


def functions_run(profile, executable):
    """The functions of `executable` in `profile` (a callgrind output file), in the order the
    file first lists them as running."""
    objects, functions = {}, {}
    current_object = None
    names = []
    with open(profile) as file:
        for line in file:
            match = NAME_LINE.match(line.rstrip("\n"))
            if not match:
                continue
            kind, number, name = match.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[number] = name
            if kind == "ob":
                current_object = objects[number]
            elif kind == "fn" and current_object == executable:
                names.append(RECURSION.sub("", functions[number]))
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tabctl", required=True, help="a release build of tabctl, unstripped")
    parser.add_argument("--tabbard", required=True)
    parser.add_argument("--plugins", required=True)
    parser.add_argument("--output", required=True)
    options = parser.parse_args()

    with daemon_on_private_bus(options.tabbard, options.plugins, "tabctl-order-") as (directory, address):
        # Valgrind 3.19 cannot read DWARF 5; the symbol table is all this needs.
        executable = os.path.join(directory, "tabctl")
        subprocess.run(["strip", "--strip-debug", "-o", executable, options.tabctl], check=True)
        # `select` first: the command the benchmark holds against dbus-send decides the order.
        commands = [
            ["--address", address, "select", "alarm"],
            ["--address", address, "get", "SelectedTab"],
            ["--address", address, "badge", "alarm", "1"],
            ["--address", address, "list"],
            ["--version"],
        ]
        order, seen = [], set()
        for index, arguments in enumerate(commands):
            profile = os.path.join(directory, f"callgrind.{index}")
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                            executable] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            for name in functions_run(profile, executable):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    with open(options.output, "w") as file:
        file.writelines(f".text.{name}\n" for name in order)
    print(f"{options.output}: {len(order)} functions")


if __name__ == "__main__":
    main()

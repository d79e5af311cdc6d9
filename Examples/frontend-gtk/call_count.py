#!/usr/bin/python3
"""make frontend-calls: the calls the reference frontend makes over a scripted run, from its own
counters (the dump's `call_figures`), on a virtual display against a daemon with the bundled
plugins on a private bus.

    call_count.py BIN_DIR PLUGIN_DIR [SECONDS]

The run: the frontend starts; eight selection changes (four clicks on its bar, four `tabctl
select`); five content changes of the shown stopwatch (start, two laps, stop, reset); then the
stopwatch runs, shown, for SECONDS (180 by default). Prints the calls at start, per selection
change, per content change, and per second while the stopwatch ran."""
import json
import sys
import time

from session import Session


def main():
    bin_dir, plugins = sys.argv[1:3]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 180
    scene = Session(bin_dir, plugins, "frontend-calls")
    try:
        scene.frontend("C.UTF-8")
        for tab in ["alarm", "stopwatch", "timer", "world-clock"]:
            scene.click(scene.item(tab))
            scene.wait_for(lambda: scene.state()["SelectedTab"] == tab and scene.shows_daemon(), "the selection of " + tab)
        for tab in ["timer", "alarm", "world-clock", "stopwatch"]:
            scene.tabctl("select", tab)
            scene.wait_for(scene.shows_daemon, "the selection of " + tab)
        for action in ["start", "lap", "lap", "stop", "reset"]:
            scene.tabctl("activate", "stopwatch", action)
            scene.wait_for(scene.shows_daemon, "the stopwatch's " + action)
            time.sleep(0.2)  # PageChanged is coalesced over 50 ms: let it come
        scene.tabctl("activate", "stopwatch", "start")
        time.sleep(seconds)
        figures = scene.dump()["call_figures"]
    finally:
        scene.close()
    print("frontend-calls: at start %s; per selection change %s; per content change %s; "
          "while the stopwatch ran %s calls in %s s (%s a second)"
          % (figures["start"], figures["per_selection"], figures["per_content_change"],
             figures["calls_while_running"], figures["running_seconds"], figures["per_second_running"]))
    print("FIGURES " + json.dumps(figures))


if __name__ == "__main__":
    main()

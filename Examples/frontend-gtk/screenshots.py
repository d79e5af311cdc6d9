#!/usr/bin/python3
"""make screenshots: the reference frontend on a virtual display (Xvfb) against a daemon with
the bundled plugins on a private bus, driven with tabctl; one PNG of the window per scene.

    screenshots.py BIN_DIR PLUGIN_DIR OUT_DIR

Each picture is taken once the frontend's dump shows the daemon's `Revision` (and the selected
tab's page), so it shows the state the scene set up."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    bin_dir, plugins, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="tabbard-screenshots-")
    address = "unix:path=%s/bus" % work
    display = ":%d" % (500 + os.getpid() % 400)
    environment = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", NO_AT_BRIDGE="1")
    processes = []

    def start(arguments, **options):
        processes.append(subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **options))

    def wait_for(condition, what):
        deadline = time.monotonic() + 30
        while not condition():
            if time.monotonic() > deadline:
                sys.exit("screenshots: %s did not happen within 30 s" % what)
            time.sleep(0.05)

    def tabctl(*arguments):
        subprocess.run([bin_dir + "/tabctl", "--address", address] + list(arguments), check=True,
                       stdout=subprocess.DEVNULL)

    def busctl(*arguments):
        subprocess.run(["busctl", "--address=" + address] + list(arguments), check=True)

    def state():
        reply = subprocess.run(["busctl", "--address=" + address, "--json=short", "call", "org.tabbard.TabBar1",
                                "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "Describe"],
                               capture_output=True, text=True, check=True).stdout
        return json.loads(json.loads(reply)["data"][0])

    def dump():
        try:
            with open(work + "/dump.json") as file:
                return json.load(file)
        except (OSError, ValueError):
            return {}

    def shows_daemon():
        shown, daemon = dump(), state()
        if shown.get("revision") != daemon["Revision"]:
            return False
        # The More list (the frontend's own with a view), the sheet, or the selected tab's page.
        return ("more" in shown or daemon["Customizing"] or not daemon["SelectedTab"]
                or shown.get("page", {}).get("title"))

    def click(widget):
        """Clicks a widget where the frontend's dump places it, as a user would."""
        subprocess.run(["xdotool", "search", "--name", "^tabbard$", "mousemove", "--window", "%1",
                        str(widget[0]), str(widget[1]), "click", "1"], env=environment, check=True)

    def item(item_id):
        """Where the frontend's bar shows `item_id`."""
        return next(entry["at"] for entry in dump()["bar"] if entry["id"] == item_id)

    def picture(name, settle=0.0):
        wait_for(shows_daemon, "showing the daemon's state for " + name)
        time.sleep(settle)  # a running clock: let it tick into the picture
        window = subprocess.run(["xdotool", "search", "--name", "^tabbard$"], env=environment,
                                capture_output=True, text=True).stdout.split()[0]
        subprocess.run(["import", "-window", window, os.path.join(out, name + ".png")], env=environment, check=True)
        print("screenshots: %s/%s.png" % (out, name))

    try:
        start(["Xvfb", display, "-screen", "0", "1000x560x24", "-nolisten", "tcp"])
        start(["dbus-daemon", "--session", "--address=" + address, "--nofork", "--nopidfile"])
        wait_for(lambda: os.path.exists(work + "/bus"), "the private bus")
        start([bin_dir + "/tabbard", "--address", address, "--plugin-dir", plugins, "--state-dir", work + "/state"])
        wait_for(lambda: subprocess.run([bin_dir + "/tabctl", "--address", address, "get", "Version"],
                                        capture_output=True).returncode == 0, "tabbard's start")
        def frontend(language):
            """The frontend in `language`: its view's locale (VIEW-1)."""
            start(["/usr/bin/python3", HERE + "/tabbard_gtk.py", "--address", address, "--dump-file", work + "/dump.json"],
                  env=dict(environment, LANG=language, LC_ALL="", LC_MESSAGES=""))
            wait_for(lambda: dump().get("status") == "ready", "the frontend's start")
            return processes[-1]
        english = frontend("C.UTF-8")

        tabctl("badge", "alarm", "3")
        tabctl("badge", "notes", "--dot")
        picture("bar-more-badge")
        # The More list is the frontend's own (its view's `Tap('@more')`): a click on its bar.
        click(item("@more"))
        wait_for(lambda: "more" in dump(), "the More list")
        picture("more-list")
        # A customization session belongs to the connection that began it: the frontend's Edit.
        click(dump()["more"]["edit"])
        wait_for(lambda: state()["Customizing"], "the customization session")
        wait_for(lambda: "customizing" in dump(), "the customization sheet")
        click(dump()["customizing"]["moves"]["playlists up"])
        wait_for(lambda: state()["Tabs"][3] == "playlists", "playlists moving onto the bar")
        picture("customizing")
        click(dump()["customizing"]["done"])
        wait_for(lambda: not state()["Customizing"], "the end of the customization session")
        click(item("stopwatch"))
        wait_for(lambda: dump().get("page", {}).get("tab") == "stopwatch", "the stopwatch's page")
        tabctl("activate", "stopwatch", "start")
        picture("stopwatch", settle=1.6)
        tabctl("activate", "stopwatch", "lap")
        picture("stopwatch", settle=1.2)
        tabctl("bar", "modes", "create")
        tabctl("bar", "modes", "define", "map", "Map", "map")
        tabctl("bar", "modes", "define", "transit", "Transit")
        tabctl("bar", "modes", "define", "saved", "--system-item", "favorites")
        tabctl("bar", "modes", "items", "map", "transit", "saved")
        tabctl("bar", "modes", "tap", "transit")
        tabctl("bar", "modes", "badge", "saved", "2")
        picture("standalone-bar")
        # French: a second frontend whose user speaks it, its view French (VIEW-1); pages are in
        # the controller's language (PAGE-5), set to French too.
        english.terminate()
        english.wait()
        os.remove(work + "/dump.json")
        frontend("fr_FR.UTF-8")
        busctl("set-property", "org.tabbard.TabBar1", "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "Locale", "s", "fr_FR")
        wait_for(lambda: dump().get("page", {}).get("title") == "Chronomètre", "the page in French")
        picture("french")
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

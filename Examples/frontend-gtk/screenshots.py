#!/usr/bin/python3
"""make screenshots: the reference frontend on a virtual display (Xvfb) against a daemon with
the bundled plugins on a private bus, driven with tabctl; one PNG of the window per scene.

    screenshots.py BIN_DIR PLUGIN_DIR OUT_DIR

Each picture is taken once the frontend's dump shows the daemon's `Revision` (and the selected
tab's page), so it shows the state the scene set up."""
import os
import subprocess
import sys
import time

from session import Session


def main():
    bin_dir, plugins, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    scene = Session(bin_dir, plugins, "screenshots")

    def picture(name, settle=0.0):
        scene.wait_for(scene.shows_daemon, "showing the daemon's state for " + name)
        time.sleep(settle)  # a running clock: let it tick into the picture
        window = subprocess.run(["xdotool", "search", "--name", "^tabbard$"], env=scene.environment,
                                capture_output=True, text=True).stdout.split()[0]
        subprocess.run(["import", "-window", window, os.path.join(out, name + ".png")], env=scene.environment, check=True)
        print("screenshots: %s/%s.png" % (out, name))

    tabctl, busctl, state, dump, click, item, wait_for = (scene.tabctl, scene.busctl, scene.state, scene.dump,
                                                         scene.click, scene.item, scene.wait_for)
    try:
        english = scene.frontend("C.UTF-8")

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
        scene.stop_frontend(english)
        scene.frontend("fr_FR.UTF-8")
        busctl("set-property", "org.tabbard.TabBar1", "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "Locale", "s", "fr_FR")
        wait_for(lambda: dump().get("page", {}).get("title") == "Chronomètre", "the page in French")
        picture("french")
    finally:
        scene.close()


if __name__ == "__main__":
    main()

"""A private scene for the reference frontend: a virtual display (Xvfb), a private bus, tabbard
with the bundled plugins, and frontends started in it; with tabctl, busctl, Describe and the
frontend's dump at hand. `make screenshots` and `make frontend-calls` drive the frontend in one."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Session:
    """The scene; `close` stops everything it started, in reverse order."""

    def __init__(self, bin_dir, plugins, name):
        self.bin_dir, self.name = bin_dir, name
        self.work = tempfile.mkdtemp(prefix="tabbard-%s-" % name)
        self.address = "unix:path=%s/bus" % self.work
        display = ":%d" % (500 + os.getpid() % 400)
        self.environment = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", NO_AT_BRIDGE="1")
        self.processes = []
        self.start(["Xvfb", display, "-screen", "0", "1000x560x24", "-nolisten", "tcp"])
        self.start(["dbus-daemon", "--session", "--address=" + self.address, "--nofork", "--nopidfile"])
        self.wait_for(lambda: os.path.exists(self.work + "/bus"), "the private bus")
        self.start([bin_dir + "/tabbard", "--address", self.address, "--plugin-dir", plugins,
                    "--state-dir", self.work + "/state"])
        self.wait_for(lambda: subprocess.run([bin_dir + "/tabctl", "--address", self.address, "get", "Version"],
                                             capture_output=True).returncode == 0, "tabbard's start")

    def start(self, arguments, **options):
        self.processes.append(subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                               **options))
        return self.processes[-1]

    def close(self):
        for process in reversed(self.processes):
            process.terminate()
            process.wait()
        shutil.rmtree(self.work, ignore_errors=True)

    def wait_for(self, condition, what):
        deadline = time.monotonic() + 30
        while not condition():
            if time.monotonic() > deadline:
                sys.exit("%s: %s did not happen within 30 s" % (self.name, what))
            time.sleep(0.05)

    def frontend(self, language):
        """The frontend in `language`: its view's locale (VIEW-1); started once ready."""
        process = self.start(["/usr/bin/python3", HERE + "/tabbard_gtk.py", "--address", self.address,
                              "--dump-file", self.work + "/dump.json"],
                             env=dict(self.environment, LANG=language, LC_ALL="", LC_MESSAGES=""))
        self.wait_for(lambda: self.dump().get("status") == "ready", "the frontend's start")
        return process

    def stop_frontend(self, process):
        process.terminate()
        process.wait()
        os.remove(self.work + "/dump.json")

    def tabctl(self, *arguments):
        subprocess.run([self.bin_dir + "/tabctl", "--address", self.address] + list(arguments), check=True,
                       stdout=subprocess.DEVNULL)

    def busctl(self, *arguments):
        subprocess.run(["busctl", "--address=" + self.address] + list(arguments), check=True)

    def state(self):
        """The daemon's `Describe`."""
        reply = subprocess.run(["busctl", "--address=" + self.address, "--json=short", "call", "org.tabbard.TabBar1",
                                "/org/tabbard/TabBar1", "org.tabbard.TabBar1", "Describe"],
                               capture_output=True, text=True, check=True).stdout
        return json.loads(json.loads(reply)["data"][0])

    def dump(self):
        """The frontend's last dump (what it built), or {} before the first."""
        try:
            with open(self.work + "/dump.json") as file:
                return json.load(file)
        except (OSError, ValueError):
            return {}

    def shows_daemon(self):
        """Whether the frontend has drawn the daemon's last batch (and the page it selected)."""
        shown, daemon = self.dump(), self.state()
        if shown.get("revision") != daemon["Revision"]:
            return False
        # The More list (the frontend's own with a view), the sheet, or the selected tab's page.
        return ("more" in shown or daemon["Customizing"] or not daemon["SelectedTab"]
                or shown.get("page", {}).get("title"))

    def click(self, widget):
        """Clicks a widget where the frontend's dump places it, as a user would."""
        subprocess.run(["xdotool", "search", "--name", "^tabbard$", "mousemove", "--window", "%1",
                        str(widget[0]), str(widget[1]), "click", "1"], env=self.environment, check=True)

    def item(self, item_id):
        """Where the frontend's bar shows `item_id`."""
        return next(entry["at"] for entry in self.dump()["bar"] if entry["id"] == item_id)

"""The daemon's state in a frontend, kept in sync by the rule SYNC-3: subscribe, `Describe`, drop
the signals from before its reply, apply the rest, redraw when a batch closes, `Describe` again
on a gap; and the selected tab's page. Nothing here knows GTK: any GLib main loop drives it."""
import collections
import json

from gi.repository import Gio, GLib

NAME = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"
PROPERTIES = "org.freedesktop.DBus.Properties"
OBJECT_MANAGER = "org.freedesktop.DBus.ObjectManager"

def escaped(name):
    """An id as the last element of an object path: every byte outside [A-Za-z0-9] as _xx."""
    return "".join(chr(b) if chr(b).isalnum() and b < 128 else "_%02x" % b for b in name.encode())


class Mirror:
    """The daemon's state as `Describe` gave it, kept current by signals (SYNC-3), and the
    selected tab's page. `changed` is called once per batch the daemon closes, and when a
    page or a whole new state arrives."""

    def __init__(self, bus, changed):
        self.bus, self.changed = bus, changed
        self.state = None        # Describe's JSON, updated in place by PropertiesChanged
        self.objects = {}        # object path -> the dict in `state` that holds its properties
        self.page = None         # (tab id, page dict) of the selected tab
        self.calls = collections.Counter()
        self.syncing = False     # a Describe is on its way: signals before its reply are in it
        self.page_due = False    # the open batch moved the selected tab's page: fetched at its close
        self.subscription = None
        self.has_get_page = None  # unknown until the first GetPage answers
        self.instance = None
        Gio.bus_watch_name_on_connection(bus, NAME, Gio.BusNameWatcherFlags.NONE,
                                         self.appeared, self.vanished)

    def call(self, member, args=None, on_reply=None, path=ROOT, interface=NAME, on_error=None):
        """An asynchronous call, counted; `args` is (signature, tuple)."""
        self.calls[member] += 1
        parameters = GLib.Variant(args[0], args[1]) if args else None

        def done(bus, result):
            try:
                reply = bus.call_finish(result).unpack()
            except GLib.Error as error:
                if on_error:
                    on_error(error)
                else:
                    print("tabbard-gtk: %s: %s" % (member, error.message), flush=True)
                return
            if on_reply:
                on_reply(reply)
        self.bus.call(NAME, path, interface, member, parameters, None, Gio.DBusCallFlags.NONE,
                      30000, None, done)

    # Presence: the daemon comes and goes (restart, crash); each owner is synced from scratch.
    def appeared(self, bus, name, owner):
        self.subscription = bus.signal_subscribe(owner, None, None, None, None,
                                                 Gio.DBusSignalFlags.NONE, self.signal)
        self.describe()

    def vanished(self, bus, name):
        if self.subscription is not None:
            bus.signal_unsubscribe(self.subscription)
            self.subscription = None
        self.state, self.page, self.objects, self.has_get_page = None, None, {}, None
        self.changed()

    def describe(self):
        """Subscribed first, then Describe: whatever arrives before its reply is already in it."""
        self.syncing = True
        self.call("Describe", on_reply=self.described)

    def described(self, reply):
        self.syncing, self.page_due = False, False
        state = json.loads(reply[0])
        instance = state.get("InstanceId")
        if instance is not None and instance != self.instance:
            self.page = None  # another daemon (SYNC-1): nothing of the last one carries over
        self.instance, self.state = instance, state
        self.objects = {ROOT: state}
        for tab in state["catalog"]:
            self.objects[ROOT + "/tab/" + escaped(tab["Id"])] = tab
        for bar in state["bars"]:
            bar_path = ROOT + "/bars/" + escaped(bar["Name"])
            self.objects[bar_path] = bar
            for item in bar["items"]:
                self.objects[bar_path + "/item/" + escaped(item["Id"])] = item
        self.fetch_page()
        self.changed()

    def tab(self, tab_id):
        return next((t for t in self.state["catalog"] if t["Id"] == tab_id), None)

    def signal(self, bus, sender, path, interface, member, parameters):
        if self.syncing or self.state is None:
            return
        args = parameters.unpack()
        if interface == OBJECT_MANAGER:
            self.describe()  # a tab, bar or item came or went: simplest to start over
            return
        if member == "PageChanged":
            tab = self.objects.get(path)
            if tab is not None and tab.get("Id") == self.state["SelectedTab"]:
                self.page = (tab["Id"], args[0])
                self.changed()
            return
        if interface != PROPERTIES or member != "PropertiesChanged" or path not in self.objects:
            return
        source, values, _ = args
        target = self.objects[path]
        if path == ROOT and "Revision" in values:
            # The batch's close (SYNC-2): its last signal, one more than the last close.
            if values["Revision"] != target["Revision"] + 1:
                self.describe()  # a batch this client did not see: start over from Describe
                return
            shown = target["SelectedTab"]
            target.update(values)
            if self.page_due or target["SelectedTab"] != shown:
                self.page_due = False
                self.fetch_page()
            self.changed()  # one redraw for the whole batch
            return
        target.update(values)  # applied now, drawn when the batch closes
        if target.get("Id") == self.state["SelectedTab"] and path.startswith(ROOT + "/tab/") and (
                "Page" in values or "Depth" in values
                # ContentRevision on .Tab is v1; on .Content the daemon pushes PageChanged.
                or ("ContentRevision" in values and source == NAME + ".Tab")):
            if set(values) == {"ContentRevision"}:
                self.fetch_page()  # outside Revision: no close follows (PAGE-4)
            else:
                self.page_due = True

    def fetch_page(self):
        """The selected tab's page: GetPage where the daemon has it, else GetContent's text."""
        tab_id = self.state["SelectedTab"]
        if not tab_id:
            self.page = None
            return

        def keep(page):
            if self.state is not None and self.state["SelectedTab"] == tab_id:
                self.page = (tab_id, page)
                self.changed()

        def from_content(reply):
            title, _, body = reply
            keep({"title": title, "text": body, "rows": []})

        def without_get_page(error):
            if "UnknownMethod" not in error.message:
                return print("tabbard-gtk: GetPage: %s" % error.message, flush=True)
            self.has_get_page = False  # a daemon older than GetPage: its text will do
            self.call("GetContent", ("(s)", (tab_id,)), from_content)

        def with_get_page(reply):
            self.has_get_page = True
            keep(reply[0])
        if self.has_get_page is False:
            self.call("GetContent", ("(s)", (tab_id,)), from_content)
        else:
            self.call("GetPage", ("(s)", (tab_id,)), with_get_page, on_error=without_get_page)

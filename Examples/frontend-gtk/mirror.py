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
VIEW = NAME + ".View"

def escaped(name):
    """An id as the last element of an object path: every byte outside [A-Za-z0-9] as _xx."""
    return "".join(chr(b) if chr(b).isalnum() and b < 128 else "_%02x" % b for b in name.encode())


class Mirror:
    """The daemon's state as `Describe` gave it, kept current by signals (SYNC-3), and the
    selected tab's page. `changed` is called once per batch the daemon closes, and when a
    page or a whole new state arrives."""

    def __init__(self, bus, changed, view_settings=dict):
        self.bus, self.changed, self.view_settings = bus, changed, view_settings
        self.state = None        # Describe's JSON, updated in place by PropertiesChanged
        self.objects = {}        # object path -> the dict in `state` that holds its properties
        self.page = None         # (tab id, page dict) of the selected tab
        self.calls = collections.Counter()
        self.syncing = False     # a Describe is on its way: signals before its reply are in it
        self.page_due = False    # the open batch moved the selected tab's page: fetched at its close
        self.subscription = None
        self.has_get_page = None  # unknown until the first GetPage answers
        self.instance = None
        self.view_path, self.view = None, None  # this frontend's view (VIEW-1) and its properties
        self.has_views = None     # unknown until the first OpenView answers
        self.cause = "start"      # why the calls now made are made: counted per cause
        self.caused = collections.Counter()   # calls per cause
        self.events = collections.Counter()   # selection and content changes seen
        Gio.bus_watch_name_on_connection(bus, NAME, Gio.BusNameWatcherFlags.NONE,
                                         self.appeared, self.vanished)

    def call(self, member, args=None, on_reply=None, path=ROOT, interface=NAME, on_error=None):
        """An asynchronous call, counted; `args` is (signature, tuple)."""
        self.calls[member] += 1
        self.caused[self.cause] += 1
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
        self.view_path, self.view, self.has_views, self.cause = None, None, None, "start"
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
            self.view_path, self.view, self.has_views = None, None, None
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
        self.open_view()
        self.changed()

    def tab(self, tab_id):
        return next((t for t in self.state["catalog"] if t["Id"] == tab_id), None)

    def signal(self, bus, sender, path, interface, member, parameters):
        args = parameters.unpack()
        if path.startswith(ROOT + "/view/") or (interface == OBJECT_MANAGER and args[0].startswith(ROOT + "/view/")):
            return self.view_signal(path, member, args)  # a view is read by GetAll, outside Revision
        if self.syncing or self.state is None:
            return
        self.count_cause(path, member, args)
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

    def count_cause(self, path, member, args):
        """Sets why the calls this signal leads to are made: a selection, the shown tab's content."""
        values = args[1] if member == "PropertiesChanged" else {}
        selected = ROOT + "/tab/" + escaped(self.state["SelectedTab"] or "-")
        self.cause = "other"
        # v1 announces content by ContentRevision on .Tab; PAGE-4 by PageChanged alone.
        if path == selected and (member == "PageChanged" or ("ContentRevision" in values and args[0] == NAME + ".Tab")):
            self.cause = "content"
        elif path == ROOT and "SelectedTab" in values:
            self.cause = "selection"
        self.events[self.cause] += 1

    def figures(self):
        """The calls made at start, per selection change and per change of the shown page."""
        def per(cause):
            return round(self.caused[cause] / self.events[cause], 2) if self.events[cause] else None
        return {"start": self.caused["start"], "per_selection": per("selection"),
                "per_content_change": per("content"), "by_cause": dict(self.caused),
                "events": {k: v for k, v in self.events.items() if k != "other"}}

    # Views (VIEW-1..5): the bar as this frontend presents it, its width and language its own.
    def open_view(self):
        """OpenView once per daemon (it ends with this connection); older daemons have none."""
        if self.view_path is not None or self.has_views is False:
            return
        settings = self.view_settings()

        def opened(reply):
            self.has_views, self.view_path = True, reply[0]
            self.call("GetAll", ("(s)", (VIEW,)), self.view_read, path=reply[0], interface=PROPERTIES)

        def refused(error):
            if "UnknownMethod" in error.message:
                self.has_views = False  # the controller's own properties are the presentation
                self.changed()
            elif "locale" in settings:  # a language the daemon does not take: follow its own
                settings.pop("locale")
                self.call("OpenView", ("(a{sv})", (settings,)), opened, on_error=refused)
            else:  # refused (too many views): the controller's bar it is
                print("tabbard-gtk: OpenView: %s" % error.message, flush=True)
                self.has_views = False
                self.changed()
        self.view_path = ""  # asked for: not asked again before the answer
        self.call("OpenView", ("(a{sv})", (settings,)), opened, on_error=refused)

    def ready(self):
        """The state is read, and the view too where the daemon has views."""
        return self.state is not None and (self.has_views is False or self.view is not None)

    def view_read(self, properties):
        self.view = properties[0]
        self.changed()

    def view_signal(self, path, member, args):
        """Signals before GetAll's reply are in it (SYNC-3); after it they are applied."""
        if path == self.view_path and self.view is not None and member == "PropertiesChanged":
            self.view.update(args[1])
            self.changed()

    def set_view(self, key, signature, value):
        """Changes one of this frontend's view settings (`MaxVisible` as the window narrows)."""
        if self.view_path and self.view is not None and self.view.get(key) != value:
            self.call("Set", ("(ssv)", (VIEW, key, GLib.Variant(signature, value))),
                      path=self.view_path, interface=PROPERTIES)

    def presented(self):
        """What the bar shows: the view's presentation over the controller's state, or the
        controller's own where the daemon has no views (or before the view is read)."""
        shown = dict(self.state)
        shown.update({key: value for key, value in (self.view or {}).items()
                      if key in ("Items", "VisibleTabs", "MoreTabs", "ShowsMore", "SelectedItem",
                                 "MoreTitle", "Layout", "Titles")})
        # SEL-4: the More list is shown, not a tab of it (a tab in More is shown inside More).
        shown["ShowingMore"] = (self.view or {}).get(
            "ShowingMore", shown["SelectedItem"] == "@more" and shown["SelectedTab"] not in shown["MoreTabs"])
        return shown

    def tap(self, item, on_reply):
        """A tap through the view where there is one (the delegate may veto: false)."""
        through = self.view_path if self.view is not None else None
        self.call("Tap", ("(s)", (item,)), on_reply, path=through or ROOT, interface=VIEW if through else NAME)

#!/usr/bin/python3
"""tabbard's reference frontend: the controller's tab bar, the selected tab's page, the More
list, the customization sheet and the standalone bars, drawn with GTK 4 from the public D-Bus
API alone; `mirror.py` keeps the daemon's state in sync.

    tabbard_gtk.py [--address ADDRESS] [--dump-file PATH] [--width PIXELS]

Without --address it uses the session bus. With --dump-file it writes, after every redraw,
the widgets it built as JSON (items, titles, icon names, badges, selection, page), how many
redraws it made and the calls it made (per member, and per cause: start, a selection, a content
change, a running clock); SIGUSR1 writes that dump at once (to standard output without
--dump-file). --width sets the window's first width, which decides its view's `max_visible`."""
import argparse
import json
import os
import signal
import time

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, Gio, GLib, GObject, Gtk  # noqa: E402

from mirror import NAME, ROOT, Mirror, escaped  # noqa: E402

# The window's first size: five items and a standalone bar side by side; an item's width.
WIDTH, HEIGHT, ITEM_WIDTH = 760, 520, 150


# What a bar item shows of its tab: the bar is built again only when one of these changes.
ITEM_KEYS = ("Title", "HasBadge", "BadgeValue", "BadgeColor", "Enabled", "IconName", "SelectedIconName",
             "IconPixmaps", "IconThemePath", "Image", "SelectedImage")


class Frontend:
    """The window: the bar, the page (or the More list, or the customization sheet) and the
    standalone bars beside them, rebuilt from the mirror at each redraw; the bar itself only
    when what it shows changed, so that a click on it is never cut in two by a page's tick."""

    def __init__(self, bus, dump_file, width=WIDTH):
        self.dump_file, self.dump_due, self.last_tap = dump_file, False, None
        self.window = Gtk.Window(title="tabbard", default_width=width, default_height=HEIGHT)
        self.css = Gtk.CssProvider()
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), self.css,
                                                  Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
        self.theme = Gtk.IconTheme.get_for_display(Gdk.Display.get_default())
        self.redraw_source = None
        self.redraws = 0        # redraws so far, in the dump: one per batch the daemon closed
        self.clocks = []        # (label, clock, format) of the page's clocks
        self.ticking = None     # the timer that redraws running clocks, only while one runs
        self.built = {}         # what the dump reports, filled while building
        self.bar = None         # (what it shows, the bar, its dump entries), kept across redraws
        self.root = None        # (the window's box, the column of bar and body), kept likewise
        self.running = [0.0, 0, None]  # seconds a running clock was shown, calls meanwhile, last tick
        self.mirror = Mirror(bus, self.schedule_redraw, self.view_settings)
        # The view's MaxVisible follows the window's width (VIEW-1: the view is this frontend's).
        self.window.connect("notify::default-width", lambda *_: self.mirror.set_view("MaxVisible", "u", self.fits()))
        self.window.connect("realize", lambda w: w.get_frame_clock().connect("after-paint", self.painted))
        self.window.present()

    def fits(self):
        """How many items the window's width holds: the view's `max_visible`."""
        return max(2, min(64, self.window.get_default_size()[0] // ITEM_WIDTH))

    def view_settings(self):
        """VIEW-1: the width decides `max_visible`, the user's language `locale` (else the
        controller's is followed)."""
        settings = {"max_visible": GLib.Variant("u", self.fits())}
        language = next((os.environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(k)), "")
        language = language.split(".")[0].split("@")[0]  # fr_FR.UTF-8@euro: fr_FR
        if language not in ("C", "POSIX", ""):
            settings["locale"] = GLib.Variant("s", language)
        return settings

    def user(self, member, *args, **options):
        """A call a click makes (`Activate`, `Navigate`, `Back` …), counted as the user's."""
        self.mirror.cause = "user"
        self.mirror.call(member, *args, **options)

    def schedule_redraw(self):
        # The mirror asks once per closed batch (SYNC-3); at idle, so that batches read
        # together are drawn once.
        if self.redraw_source is None:
            self.redraw_source = GLib.idle_add(self.redraw)

    # Icons (ICON-5): IconName when the theme has it, else IconPixmaps, else Image.
    def icon(self, entry, selected=False):
        path = entry.get("IconThemePath", "")
        if path and path not in self.theme.get_search_path():
            self.theme.add_search_path(path)
        for key in (["SelectedIconName"] if selected else []) + ["IconName"]:
            name = entry.get(key, "")
            if name and self.theme.has_icon(name):
                return Gtk.Image.new_from_icon_name(name), name
        pixmaps = entry.get("IconPixmaps") or []
        if pixmaps:
            width, height, argb = max(pixmaps, key=lambda p: p[0])
            argb = bytes(argb)
            rgba = bytes(b for i in range(0, len(argb), 4) for b in argb[i + 1:i + 4] + argb[i:i + 1])
            pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes(rgba), GdkPixbuf.Colorspace.RGB,
                                                     True, 8, width, height, width * 4)
            return Gtk.Image.new_from_paintable(Gdk.Texture.new_for_pixbuf(pixbuf)), "pixmap:%dx%d" % (width, height)
        image = entry.get("SelectedImage" if selected else "Image", "") or entry.get("Image", "")
        if image.startswith("/") and os.path.isfile(image):
            return Gtk.Image.new_from_file(image), image
        if image and self.theme.has_icon(image):
            return Gtk.Image.new_from_icon_name(image), image
        return None, ""

    def item_button(self, entry, item_id, title, selected, on_click, dump):
        """One bar item: icon over title, a badge in the corner; recorded in `dump`."""
        image, icon_name = self.icon(entry, selected)
        # The icon's place, kept without an icon, so that a badge sits at its top right.
        icon_area = Gtk.Box(width_request=64, height_request=26)
        if image is not None:
            image.set_pixel_size(24)
            image.set_hexpand(True)
            icon_area.append(image)
        overlay = Gtk.Overlay(child=icon_area, halign=Gtk.Align.CENTER)
        badge = None
        if entry.get("HasBadge"):
            badge = {"value": entry.get("BadgeValue", ""), "dot": entry.get("BadgeValue", "") == "",
                     "color": entry.get("BadgeColor", "")}
            mark = Gtk.Label(label=badge["value"] or " ", halign=Gtk.Align.END, valign=Gtk.Align.START)
            mark.add_css_class("badge")
            mark.add_css_class("dot" if badge["dot"] else "count")
            if badge["color"].startswith("#"):
                mark.add_css_class("badge-" + badge["color"][1:])
            overlay.add_overlay(mark)
        label = Gtk.Label(label=title, ellipsize=3, max_width_chars=12)
        column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=2)
        column.append(overlay)
        column.append(label)
        button = Gtk.Button(child=column, hexpand=True, sensitive=entry.get("Enabled", True))
        button.add_css_class("item")
        button.add_css_class("selected" if selected else "unselected")
        button.connect("clicked", lambda _: on_click(item_id))
        dump.append({"id": item_id, "title": label.get_text(), "icon": icon_name, "badge": badge,
                     "enabled": button.get_sensitive(), "selected": selected, "widget": button})
        return button

    # Taps: the daemon decides (the delegate may veto); the outcome comes back as signals.
    def tap(self, item):
        def answered(reply):
            self.last_tap = {"item": item, "selected": bool(reply[0])}
            self.schedule_redraw()
        self.mirror.cause = "user"
        self.mirror.tap(item, answered)

    def tap_bar_item(self, bar, item):
        self.user("Tap", ("(s)", (item,)), path=ROOT + "/bars/" + escaped(bar), interface=NAME + ".Bar")

    def redraw(self):
        self.redraw_source, self.redraws = None, self.redraws + 1
        state = self.mirror.state
        self.built = {"status": "ready" if self.mirror.ready() else "waiting", "bar": [], "bars": []}
        self.clocks = []
        if not self.mirror.ready():
            self.bar, self.root = None, None
            self.window.set_child(Gtk.Label(label="waiting for tabbard…"))
            self.built["message"] = "waiting for tabbard…"
            return self.redrawn()
        self.style(state)
        state = self.mirror.presented()  # the view's bar, or the controller's without views
        selected = state["SelectedItem"]
        shown = json.dumps([selected, state["ShowsMore"], state.get("MoreTitle"), state.get("MoreIconName")]
                           + [[tab_id] + [self.mirror.tab(tab_id).get(key) for key in ITEM_KEYS]
                              for tab_id in state["VisibleTabs"]] + [state.get("Titles")], default=str)
        if self.root is None:
            self.root = (Gtk.Box(), Gtk.Box(orientation=Gtk.Orientation.VERTICAL, hexpand=True))
            self.root[0].append(self.root[1])
            self.window.set_child(self.root[0])
        window, column = self.root
        # Everything but the bar goes; the bar stays in place unless what it shows changed
        # (moved or rebuilt under the pointer, a button drops the press it is handling).
        kept = self.bar[1] if self.bar is not None and self.bar[0] == shown else None
        for box in (column, window):
            child = box.get_first_child()
            while child is not None:
                following = child.get_next_sibling()
                if child is not kept and child is not column:
                    box.remove(child)
                child = following
        if kept is not None:
            bar, self.built["bar"] = kept, self.bar[2]
        else:
            bar = Gtk.Box(spacing=0)
            bar.add_css_class("tabbar")
            for tab_id in state["VisibleTabs"]:
                tab = self.mirror.tab(tab_id)
                bar.append(self.item_button(tab, tab_id, self.title(state, tab_id), tab_id == selected, self.tap,
                                            self.built["bar"]))
            if state["ShowsMore"]:
                more = {"IconName": state.get("MoreIconName", "view-more-symbolic"), "Enabled": True}
                bar.append(self.item_button(more, "@more", state.get("MoreTitle", "More"),
                                            selected == "@more", self.tap, self.built["bar"]))
            self.bar = (shown, bar, self.built["bar"])
        if state["Customizing"]:
            body = self.customization_sheet(state)
        elif state["ShowingMore"]:  # SEL-4,5: the list, not a tab in it
            body = self.more_list(state)
        else:
            body = self.page_view(state)
        body.set_vexpand(True)
        if kept is None:
            column.append(bar)
        if state["Layout"] == "top":
            column.reorder_child_after(bar, None)
            column.append(body)
        else:
            column.prepend(body)
            column.reorder_child_after(bar, body)
        if state["bars"]:
            window.append(Gtk.Separator(orientation=Gtk.Orientation.VERTICAL))
            window.append(self.standalone_bars(state))
        self.built.update({"layout": state["Layout"], "selected_item": selected, "view": self.mirror.view_path or None,
                           "revision": state["Revision"], "instance_id": self.mirror.instance})
        return self.redrawn()

    def title(self, state, tab_id):
        """A tab's title in the view's language (`Titles`), else the controller's."""
        return (state.get("Titles") or {}).get(tab_id) or self.mirror.tab(tab_id)["Title"]

    def redrawn(self):
        if self.ticking is None and any(clock[2] != 0 for _, clock, _ in self.clocks):
            self.ticking = GLib.timeout_add(100, self.tick)  # tenths of a second, drawn locally
            self.running[2] = None
        self.dump_due = True
        self.window.queue_draw()
        return GLib.SOURCE_REMOVE

    def style(self, state):
        """Appearance (LOOK-1,2): the bar's colour and style, the selected and unselected tints."""
        def colour(value, fallback):
            return value if value.startswith("#") and len(value) in (7, 9) else fallback
        dark = state["BarStyle"] == "black"
        background = colour(state.get("EffectiveBarColor", ""), "#202020" if dark else "#f4f4f4")
        tint = colour(state["TintColor"], "#007aff")
        unselected = colour(state["UnselectedItemTintColor"], "#c0c0c0" if dark else "#707070")
        badge_colours = {t.get("BadgeColor", "") for t in state["catalog"]}
        css = (".tabbar { background: %s; padding: 2px; }\n"
               ".item { background: none; border: none; box-shadow: none; color: %s; }\n"
               ".item.selected { color: %s; }\n"
               ".badge { background: #ff3b30; color: white; border-radius: 9px; padding: 0 5px;"
               " font-size: 9pt; min-width: 8px; }\n.badge.dot { min-width: 6px; padding: 0 2px; }\n"
               ".clock { font-family: monospace; }\n.title { font-weight: bold; font-size: 14pt; }\n"
               % (background, unselected, tint))
        css += "".join(".badge-%s { background: %s; }\n" % (c[1:], c)
                       for c in badge_colours if c.startswith("#") and c[1:].isalnum())
        if hasattr(self.css, "load_from_string"):  # GTK 4.12 and later
            self.css.load_from_string(css)
        else:
            self.css.load_from_data(css.encode())

    @staticmethod
    def area(title):
        """What the bar's selection shows: a header with `title` over a body that scrolls."""
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=6, margin_start=12, margin_end=12, margin_top=8)
        header = Gtk.Box(spacing=6)
        label = Gtk.Label(label=title, xalign=0, hexpand=True)
        label.add_css_class("title")
        header.append(label)
        body = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=2)
        box.append(header)
        box.append(Gtk.ScrolledWindow(child=body, vexpand=True))
        return box, header, body, label

    def header_button(self, header, label, on_click, at_start=False):
        button = Gtk.Button(label=label)
        button.connect("clicked", lambda _: on_click())
        if at_start:
            header.prepend(button)
        else:
            header.append(button)
        return button

    def page_view(self, state):
        """The selected tab's page: title, back, text, rows (navigate, act, clocks), actions."""
        page = {"tab": state["SelectedTab"], "title": "", "text": "", "rows": [], "actions": [], "back": None}
        self.built["page"] = page
        if self.mirror.page is None or self.mirror.page[0] != state["SelectedTab"]:
            return self.area("")[0]
        tab_id, content = self.mirror.page
        tab = self.mirror.tab(tab_id)
        box, header, body, title = self.area(content.get("title", ""))
        page["title"] = title.get_text()
        if tab["Depth"] > 1:
            page["back"] = self.header_button(header, "‹ Back", lambda: self.user("Back", ("(s)", (tab_id,))), True)
        if tab["Depth"] > 2:  # NAV-2: more than one page up, the root is one click away
            page["top"] = self.header_button(header, "« Top", lambda: self.user("PopToRoot", ("(s)", (tab_id,))), True)
        if content.get("text") and not content.get("rows"):
            text = Gtk.Label(label=content["text"], xalign=0, wrap=True)
            body.append(text)
            page["text"] = text.get_text()
        for row in content.get("rows", []):
            body.append(self.row(tab_id, row, page["rows"]))
        # v1 pages list no actions: the tab's Actions are what Activate accepts now.
        actions = content.get("actions") or [{"id": a, "label": a} for a in tab.get("Actions", [])]
        strip = Gtk.FlowBox(selection_mode=Gtk.SelectionMode.NONE, max_children_per_line=6)
        for action in actions:
            button = Gtk.Button(label=action.get("label") or action["id"])
            button.connect("clicked", lambda _, a=action["id"]: self.user("Activate", ("(ss)", (tab_id, a))))
            strip.append(button)
            page["actions"].append({"id": action["id"], "label": button.get_label(), "widget": button})
        body.append(strip)
        return box

    def row(self, tab_id, row, dump):
        """One row of a page: icon, title, detail or a clock; activating navigates or acts."""
        line = Gtk.Box(spacing=8)
        if row.get("icon") and self.theme.has_icon(row["icon"]):
            line.append(Gtk.Image.new_from_icon_name(row["icon"]))
        line.append(Gtk.Label(label=row.get("title", ""), xalign=0, hexpand=True))
        detail = Gtk.Label(label=row.get("detail", ""))
        line.append(detail)
        reading = Gtk.Label()
        if "clock" in row:  # beside the detail, which names the place of a time of day
            reading.add_css_class("clock")
            line.append(reading)
            self.clocks.append((reading, row["clock"], row.get("clock_format", "duration")))
            self.show_clock(reading, row["clock"], row.get("clock_format", "duration"))
        widget = line
        if row.get("page") or row.get("action"):
            widget = Gtk.Button(child=line)
            if row.get("page"):
                widget.connect("clicked", lambda _: self.user("Navigate", ("(ss)", (tab_id, row["page"]))))
            else:
                widget.connect("clicked", lambda _: self.user("Activate", ("(ss)", (tab_id, row["action"]))))
        dump.append({"id": row.get("id", ""), "title": row.get("title", ""), "detail": detail.get_text(),
                     "clock": reading.get_text(),
                     "page": row.get("page", ""), "action": row.get("action", ""), "widget": widget})
        return widget

    @staticmethod
    def show_clock(label, clock, form):
        """PAGE-3: value + rate × (now − at), drawn locally; no call while it runs."""
        value, at, rate = clock
        micros = value + rate * (time.time() * 1e6 - at)
        seconds = max(0, int(micros // 1e6))
        if form == "time-of-day":
            seconds %= 86400
            label.set_text("%02d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60))
        else:
            tenths = max(0, int(micros // 1e5) % 10)
            label.set_text("%d:%02d:%02d.%d" % (seconds // 3600, seconds // 60 % 60, seconds % 60, tenths))

    def tick(self):
        running = [(label, clock, form) for label, clock, form in self.clocks if clock[2] != 0]
        # Calls the daemon's changes caused while a running clock was shown (the user's own
        # clicks aside): PAGE-3 and PAGE-4 make them none.
        now, calls = time.monotonic(), self.mirror.caused["content"] + self.mirror.caused["other"]
        if self.running[2] is not None:
            self.running[0] += now - self.running[2][0]
            self.running[1] += calls - self.running[2][1]
        self.running[2] = (now, calls) if running else None
        self.dump_due = True
        for label, clock, form in running:
            self.show_clock(label, clock, form)
        if not running:
            self.ticking = None
        return GLib.SOURCE_CONTINUE if running else GLib.SOURCE_REMOVE

    def more_list(self, state):
        """The More item's list: its tabs as rows, and Edit when the bar can be customized."""
        box, header, body, title = self.area(state.get("MoreTitle", "More"))
        more = {"title": title.get_text(), "rows": [], "edit": None}
        if state["CanCustomize"]:
            more["edit"] = self.header_button(header, "Edit", lambda: self.user("BeginCustomizing"))
        for tab_id in state["MoreTabs"]:
            tab = self.mirror.tab(tab_id)
            image, icon_name = self.icon(tab)
            line = Gtk.Box(spacing=8)
            if image is not None:
                line.append(image)
            line.append(Gtk.Label(label=self.title(state, tab_id), xalign=0, hexpand=True))
            if tab.get("HasBadge"):
                line.append(Gtk.Label(label=tab.get("BadgeValue") or "•"))
            button = Gtk.Button(child=line, sensitive=tab["Enabled"])
            button.connect("clicked", lambda _, t=tab_id: self.tap(t))
            body.append(button)
            more["rows"].append({"id": tab_id, "title": self.title(state, tab_id), "icon": icon_name, "widget": button})
        self.built["more"] = more
        return box

    def customization_sheet(self, state):
        """CUST-3: the session's order live; a customizable tab is dragged onto another's place,
        or moved a place by ▲/▼ (`MoveTab` either way); Done ends the session."""
        box, header, body, _ = self.area("Customize")
        done = self.header_button(header, "Done", lambda: self.user("EndCustomizing"))
        sheet = {"order": [], "done": done, "moves": {}, "rows": {}}
        tabs = state["Tabs"]
        for index, tab_id in enumerate(tabs):
            tab = self.mirror.tab(tab_id)
            line = Gtk.Box(spacing=6)
            line.append(Gtk.Label(label=("▣ " if tab_id in state["VisibleTabs"] else "   ") + self.title(state, tab_id),
                                  xalign=0, hexpand=True))
            for arrow, target in (("▲", index - 1), ("▼", index + 1)):
                button = Gtk.Button(label=arrow, sensitive=tab["Customizable"] and 0 <= target < len(tabs))
                button.connect("clicked", lambda _, t=tab_id, i=target: self.user("MoveTab", ("(su)", (t, i))))
                line.append(button)
                sheet["moves"]["%s %s" % (tab_id, "up" if arrow == "▲" else "down")] = button
            if tab["Customizable"]:  # GTK 4 drag and drop: the tab's id travels as a string
                source = Gtk.DragSource(actions=Gdk.DragAction.MOVE)
                source.connect("prepare", lambda *_, t=tab_id: Gdk.ContentProvider.new_for_value(t))
                line.add_controller(source)
            target = Gtk.DropTarget.new(GObject.TYPE_STRING, Gdk.DragAction.MOVE)
            target.connect("drop", lambda _, t, *__, i=index: self.user("MoveTab", ("(su)", (t, i))) or True)
            line.add_controller(target)
            body.append(line)
            sheet["order"].append(tab_id)
            sheet["rows"][tab_id] = line
        self.built["customizing"] = sheet
        return box

    def standalone_bars(self, state):
        """SBAR-1: each standalone bar, its name over its items, beside the controller's."""
        side = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin_start=8, margin_end=8, margin_top=8,
                       hexpand=False, width_request=240)  # the controller's bar keeps the width
        for bar in state["bars"]:
            side.append(Gtk.Label(label=bar["Name"], xalign=0))
            row = Gtk.Box()
            row.add_css_class("tabbar")
            items = {item["Id"]: item for item in bar["items"]}
            dump = []
            for item_id in bar["Items"]:
                item = items.get(item_id)
                if item is not None:
                    row.append(self.item_button(item, item_id, item["Title"], item_id == bar["SelectedItem"],
                                                lambda i, b=bar["Name"]: self.tap_bar_item(b, i), dump))
            side.append(row)
            self.built["bars"].append({"name": bar["Name"], "items": dump})
        return side

    # The dump: what was built, read back from the widgets, with where each clickable is.
    def painted(self, clock):
        if self.dump_due and self.dump_file:
            self.dump_due = False
            self.write_dump(self.dump_file)

    def dump(self):
        def plain(value):
            if isinstance(value, Gtk.Widget):
                ok, bounds = value.compute_bounds(self.window)
                return [round(bounds.get_x() + bounds.get_width() / 2),
                        round(bounds.get_y() + bounds.get_height() / 2)] if ok else None
            if isinstance(value, dict):
                return {("at" if k == "widget" else k): plain(v) for k, v in value.items()}
            if isinstance(value, list):
                return [plain(v) for v in value]
            return value
        dump = plain(self.built)
        dump["last_tap"], dump["calls"], dump["redraws"] = self.last_tap, dict(self.mirror.calls), self.redraws
        seconds, calls = self.running[:2]
        dump["call_figures"] = dict(self.mirror.figures(), running_seconds=round(seconds, 1), calls_while_running=calls,
                                    per_second_running=round(calls / seconds, 2) if seconds else None)
        return dump

    def write_dump(self, path):
        if path is None:
            print(json.dumps(self.dump()), flush=True)
            return GLib.SOURCE_CONTINUE
        with open(path + ".tmp", "w") as file:
            json.dump(self.dump(), file)
        os.replace(path + ".tmp", path)  # a reader never sees half a dump
        return GLib.SOURCE_CONTINUE


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", help="the bus tabbard is on (default: the session bus)")
    parser.add_argument("--dump-file", help="write the built widgets as JSON after each redraw")
    parser.add_argument("--width", type=int, default=WIDTH, help="the window's first width (%d)" % WIDTH)
    options = parser.parse_args()
    Gtk.init()
    if options.address:
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        bus = Gio.DBusConnection.new_for_address_sync(options.address, flags, None, None)
    else:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    frontend = Frontend(bus, options.dump_file, options.width)
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, frontend.write_dump, options.dump_file)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    frontend.window.connect("close-request", lambda _: loop.quit())
    loop.run()


if __name__ == "__main__":
    main()

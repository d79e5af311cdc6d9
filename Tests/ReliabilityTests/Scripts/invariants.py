"""The model's invariants, checked on one `Describe` document; imported by the other scripts."""
import json

SERVICE = "org.tabbard.TabBar1"
ROOT = "/org/tabbard/TabBar1"


def describe(bus, timeout=10):
    """The daemon's state as a dict, through `Describe`."""
    proxy = bus.get_object(SERVICE, ROOT, introspect=False)
    return json.loads(str(proxy.Describe(dbus_interface=SERVICE, timeout=timeout)))


def violations(state):
    """Every invariant that `state` (a parsed `Describe`) breaks, as sentences; empty when none."""
    found = []
    tabs = list(state["Tabs"])
    visible, more, hidden = list(state["VisibleTabs"]), list(state["MoreTabs"]), list(state["HiddenTabs"])
    catalog_ids = [entry["Id"] for entry in state["catalog"]]
    if len(set(tabs)) != len(tabs):
        found.append("Tabs has duplicates: %r" % tabs)
    if len(set(catalog_ids)) != len(catalog_ids):
        found.append("catalog ids are not unique: %r" % catalog_ids)
    if not set(tabs) <= set(catalog_ids):
        found.append("Tabs %r not all in the catalog" % tabs)
    if visible + more + hidden != tabs and sorted(visible + more + hidden) != sorted(tabs):
        found.append("Visible %r + More %r + Hidden %r do not partition Tabs %r" % (visible, more, hidden, tabs))
    if len(visible) + len(more) + len(hidden) != len(tabs):
        found.append("the partition has %d entries for %d tabs" % (len(visible) + len(more) + len(hidden), len(tabs)))
    layout = state["Layout"]
    if layout == "bottom" and hidden:
        found.append("layout bottom with hidden tabs %r" % hidden)
    if layout == "top" and more:
        found.append("layout top with More tabs %r" % more)
    if bool(state["ShowsMore"]) != bool(more):
        found.append("ShowsMore %r with More tabs %r" % (state["ShowsMore"], more))
    item, tab, index = state["SelectedItem"], state["SelectedTab"], state["SelectedIndex"]
    if tab == "":
        if index != -1:
            found.append("no SelectedTab but SelectedIndex %d" % index)
    elif tab not in tabs:
        found.append("SelectedTab %r not in Tabs" % tab)
    elif index != tabs.index(tab):
        found.append("SelectedIndex %d is not the index of SelectedTab %r in %r" % (index, tab, tabs))
    if item == "@more":
        if not more:
            found.append("SelectedItem @more without a More list")
        elif tab not in ("", *more):
            found.append("SelectedItem @more with SelectedTab %r outside the More list" % tab)
    elif item != "":
        if item not in visible:
            found.append("SelectedItem %r is not a bar tab" % item)
        if item != tab:
            found.append("SelectedItem %r differs from SelectedTab %r" % (item, tab))
    elif tab != "" and tab not in more:
        found.append("no SelectedItem but SelectedTab %r" % tab)
    if tabs and tab == "" and item == "":
        found.append("tabs %r but nothing selected" % tabs)
    if not set(state["CustomizableTabs"]) <= set(tabs):
        found.append("CustomizableTabs %r not a subset of Tabs %r" % (state["CustomizableTabs"], tabs))
    for entry in state["catalog"]:
        placement = entry["Placement"]
        expected = ("bar" if entry["Id"] in visible else "more" if entry["Id"] in more
                    else "hidden" if entry["Id"] in hidden else "none")
        if placement != expected:
            found.append("tab %r has Placement %r, expected %r" % (entry["Id"], placement, expected))
        expected_index = tabs.index(entry["Id"]) if entry["Id"] in tabs else -1
        if entry["Index"] != expected_index:
            found.append("tab %r has Index %r, expected %r" % (entry["Id"], entry["Index"], expected_index))
        if bool(entry["Selected"]) != (entry["Id"] == tab):
            found.append("tab %r has Selected %r with SelectedTab %r" % (entry["Id"], entry["Selected"], tab))
    return found


def rss_kib(pid):
    """The resident set size of process `pid` in KiB (VmRSS)."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS for %d" % pid)

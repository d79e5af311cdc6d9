import Foundation
import TabbardTestSupport
import Testing

/// State preservation across restarts, clean and not (STATE-2, STATE-3, STATE-4).
@Suite("State across restarts")
struct StateTests {
    /// `Describe` as a dictionary, without the counters that move on their own and the
    /// `InstanceId` each start draws anew (SYNC-1).
    static func describe(_ address: String) throws -> [String: Any] {
        let output = try busctlJSON(address, "Describe")
        guard var state = try parseJSON(output) as? [String: Any] else { throw TestFailure("Describe: \(output)") }
        state["Revision"] = nil
        state["InstanceId"] = nil
        state["catalog"] = (state["catalog"] as? [[String: Any]] ?? []).map { tab in
            var tab = tab
            tab["ContentRevision"] = nil
            return tab
        }
        return state
    }

    /// The keys (`catalog` entries by tab id) whose values differ, with both values.
    static func differences(_ before: [String: Any], _ after: [String: Any]) -> [String] {
        var found: [String] = []
        for key in Set(before.keys).union(after.keys).sorted() where key != "catalog" {
            if !same(before[key], after[key]) {
                found.append("\(key): \(before[key] ?? "none") → \(after[key] ?? "none")")
            }
        }
        let tabs = { (state: [String: Any]) in
            Dictionary(
                (state["catalog"] as? [[String: Any]] ?? []).map { ($0["Id"] as? String ?? "", $0) },
                uniquingKeysWith: { first, _ in first })
        }
        let (old, new) = (tabs(before), tabs(after))
        for id in Set(old.keys).union(new.keys).sorted() {
            for key in Set((old[id] ?? [:]).keys).union((new[id] ?? [:]).keys).sorted()
            where !same(old[id]?[key], new[id]?[key]) {
                found.append("\(id).\(key): \(old[id]?[key] ?? "none") → \(new[id]?[key] ?? "none")")
            }
        }
        return found
    }

    private static func same(_ first: Any?, _ second: Any?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        return (try? jsonText([first])) == (try? jsonText([second]))
    }

    @Test(
        "a tab without a restoration id is never restored as the selection: the configured tab is selected after a restart (STATE-1, SEL-7)"
    )
    func unrestorableSelectionFallsThrough() throws {
        let config = try ReloadTests.configuration("selected = \"alarm\"\n")
        let daemon = try DaemonProcess(arguments: ["--config", config])
        #expect(
            try stringProperty(
                daemon.bus.address, "RestorationId", path: Names.tab("timer"), interface: Names.tabInterface) == "")
        try busctlCall(daemon.bus.address, "Select", "s", "timer")
        try daemon.restart()
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "alarm")
    }

    @Test(
        "a restart after SIGTERM restores order, customizable set, selection, badges, navigation, appearance, MaxVisible, Layout, Locale and Orientation (STATE-2, STATE-3)"
    )
    func cleanRestartRestoresEverything() throws {
        let daemon = try DaemonProcess()
        let bus = daemon.bus.address
        try busctlCall(bus, "SetTabs", "as", "3", "videos", "world-clock", "stopwatch")
        try busctlCall(bus, "SetCustomizable", "as", "2", "videos", "world-clock")
        try busctlCall(bus, "Customize", "as", "3", "world-clock", "videos", "stopwatch")
        try busctlSet(bus, "MaxVisible", "u", "2")
        try busctlCall(bus, "Select", "s", "stopwatch") // Shown inside More (SEL-4).
        try busctlCall(bus, "SetBadge", "ss", "videos", "9")
        try busctlCall(bus, "SetBadge", "ss", "world-clock", "")
        try busctlCall(bus, "SetBadgeColor", "ss", "videos", "#00FF00")
        try busctlCall(bus, "Navigate", "ss", "videos", "movies")
        try busctlCall(bus, "Navigate", "ss", "songs", "all") // Restorable though not in Tabs.
        try busctlSet(bus, "BarStyle", "s", "black")
        try busctlSet(bus, "TintColor", "s", "#112233")
        try busctlSet(bus, "BarTintColor", "s", "#445566")
        try busctlSet(bus, "Translucent", "b", "false")
        try busctlSet(bus, "BackgroundImage", "s", "bg")
        try busctlSet(bus, "ShadowImage", "s", "shadow")
        try busctlCall(bus, "SetDividerImage", "sss", "divider", "normal", "selected")
        try busctlSet(bus, "Locale", "s", "fr")
        try busctlCall(bus, "SetOrientation", "s", "landscape-left")
        let before = try Self.describe(bus)

        try daemon.restart()
        let after = try Self.describe(bus)
        #expect(Self.differences(before, after).isEmpty, "changed by the restart: \(Self.differences(before, after))")
        #expect(after["Tabs"] as? [String] == ["world-clock", "videos", "stopwatch"])
        #expect(after["CustomizableTabs"] as? [String] == ["world-clock", "videos"])
        #expect(after["SelectedTab"] as? String == "stopwatch" && after["SelectedItem"] as? String == "@more")
        #expect(after["Orientation"] as? String == "landscape-left" && after["Locale"] as? String == "fr")
        #expect(
            try stringProperty(bus, "Title", path: Names.tab("world-clock"), interface: Names.tabInterface) == "Horloge"
        )
        #expect(try stringProperty(bus, "Page", path: Names.tab("songs"), interface: Names.tabInterface) == "all")
        #expect(
            try property(bus, "HasBadge", path: Names.tab("world-clock"), interface: Names.tabInterface) as? Bool
                == true)

        try busctlSet(bus, "Layout", "s", "top")
        try daemon.restart()
        #expect(try stringProperty(bus, "Layout") == "top")
        #expect(try stringsProperty(bus, "HiddenTabs") == ["stopwatch"])
        #expect(daemon.stop() == 0)
    }

    @Test(
        "after kill -9 following an acknowledged Customize, the order is restored, and so are other structural changes (STATE-4)"
    )
    func crashAfterCustomize() throws {
        let daemon = try DaemonProcess()
        let order = [
            "notes", "alarm", "world-clock", "stopwatch", "timer", "playlists", "artists", "songs", "videos",
            "podcasts", "audiobooks", "genres", "composers", "compilations", "most-viewed", "search",
        ]
        #expect(
            try busctlCall(daemon.bus.address, "Customize", arguments: ["as", "\(order.count)"] + order) == "b true\n")
        try daemon.restart(signal: SIGKILL)
        #expect(try stringsProperty(daemon.bus.address, "Tabs") == order)
        // Other structural changes are on disk before their reply too.
        try busctlCall(daemon.bus.address, "SetCustomizable", "as", "2", "alarm", "notes")
        try busctlSet(daemon.bus.address, "TintColor", "s", "#ABCDEF")
        try busctlSet(daemon.bus.address, "Layout", "s", "top")
        try daemon.restart(signal: SIGKILL)
        #expect(try stringsProperty(daemon.bus.address, "CustomizableTabs") == ["notes", "alarm"])
        #expect(try stringProperty(daemon.bus.address, "TintColor") == "#ABCDEF")
        #expect(try stringProperty(daemon.bus.address, "Layout") == "top")
    }

    @Test("selection, badges and navigation reach the disk within the flush interval, so a crash keeps them (STATE-4)")
    func crashAfterFlush() throws {
        let daemon = try DaemonProcess()
        try busctlCall(daemon.bus.address, "Select", "s", "songs")
        try busctlCall(daemon.bus.address, "SetBadge", "ss", "genres", "4")
        try busctlCall(daemon.bus.address, "Navigate", "ss", "songs", "all")
        usleep(1_500_000) // The default flush interval is 100 ms.
        try daemon.restart(signal: SIGKILL)
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "songs")
        #expect(
            try stringProperty(
                daemon.bus.address, "BadgeValue", path: Names.tab("genres"), interface: Names.tabInterface) == "4")
        #expect(
            try stringProperty(daemon.bus.address, "Page", path: Names.tab("songs"), interface: Names.tabInterface)
                == "all")
    }

    @Test(
        "runtime changes persist while the configuration is unchanged; a changed configured setting wins and is logged (STATE-2)"
    )
    func configurationChangeWins() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try ReloadTests.configuration(
            "tabs = [\"alarm\", \"notes\", \"songs\"]\nmax_visible = 5\n", in: directory)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        try busctlCall(daemon.bus.address, "RemoveTab", "s", "notes")
        try busctlSet(daemon.bus.address, "MaxVisible", "u", "3")
        try daemon.restart()
        #expect(try stringsProperty(daemon.bus.address, "Tabs") == ["alarm", "songs"])
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)

        _ = try ReloadTests.configuration("tabs = [\"alarm\", \"notes\", \"songs\"]\nmax_visible = 4\n", in: directory)
        try daemon.restart()
        #expect(try stringsProperty(daemon.bus.address, "Tabs") == ["alarm", "songs"])
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 4)
        #expect(daemon.log.contains("max_visible") || daemon.log.contains("MaxVisible"), "\(daemon.log)")
    }

    @Test("tabs whose plugin is gone are dropped from the restored order and selection (STATE-2)")
    func departedTabsDropped() throws {
        let daemon = try DaemonProcess()
        try busctlCall(daemon.bus.address, "SetTabs", "as", "3", "notes", "alarm", "songs")
        try busctlCall(daemon.bus.address, "Select", "s", "songs")
        #expect(daemon.stop() == 0)
        let fewer = try DaemonProcess(
            bus: daemon.bus, stateDirectory: daemon.stateDirectory,
            pluginDirectory: try ReloadTests.pluginDirectory(with: ["clock", "notes"]))
        #expect(try stringsProperty(fewer.bus.address, "Tabs") == ["notes", "alarm"])
        #expect(try stringProperty(fewer.bus.address, "SelectedTab") != "songs")
        #expect(fewer.stop() == 0)
    }

    @Test("--no-state neither restores nor saves")
    func noState() throws {
        let daemon = try DaemonProcess(arguments: ["--no-state"])
        try busctlCall(daemon.bus.address, "SetTabs", "as", "1", "alarm")
        try daemon.restart()
        #expect(try stringsProperty(daemon.bus.address, "Tabs").count == 16)
        #expect(try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory).isEmpty)
    }

    @Test("a corrupt state file is set aside and the daemon starts from the configuration (STATE-4)")
    func corruptStateSetAside() throws {
        let state = try makeTemporaryDirectory("tabbard-state")
        try "{\"formatVersion\": 1, \"tabs\": [tr".write(
            toFile: state + "/state.json", atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(stateDirectory: state)
        #expect(daemon.log.contains("set aside"), "\(daemon.log)")
        let files = try FileManager.default.contentsOfDirectory(atPath: state)
        #expect(files.contains("state.json.corrupt"), "\(files)")
        #expect(try stringsProperty(daemon.bus.address, "Tabs").count == 16)
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") == "world-clock")
        #expect(daemon.stop() == 0)
    }
}

import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The bundled plugins' behaviour, driven as the daemon drives it: through `PluginTab`.
@Suite("Bundled plugins")
struct BundledPluginTests {
    /// A host with every bundled plugin loaded, and the events it received.
    struct Fixture {
        let host: PluginHost
        let events = EventRecorder()

        init() throws {
            let staged = try PackagePaths.requireStagedPlugins()
            host = PluginHost(trust: .session, log: quietLog)
            host.load(directories: [staged])
        }

        func tab(_ id: String) throws -> PluginTab {
            try #require(host.createTab(id: id, sink: events.sink), "no tab \(id)")
        }
    }

    // MARK: clock

    @Test("alarm: the badge counts enabled alarms and follows enable and add")
    func alarmBadge() throws {
        let fixture = try Fixture()
        let alarm = try fixture.tab("alarm")
        #expect(fixture.events.changes(for: "alarm") == [.badge("1")])
        #expect(try alarm.actions() == ["add", "disable-1", "enable-2"])
        #expect(alarm.activate("enable-2"))
        #expect(!alarm.activate("enable-2"), "already enabled")
        #expect(alarm.activate("add"))
        #expect(
            fixture.events.changes(for: "alarm") == [
                .badge("1"), .badge("2"), .contentChanged, .badge("3"), .contentChanged,
            ])
        #expect(try alarm.render(page: "main").body == "1. 07:00  on\n2. 08:30  on\n3. 09:00  on")
        #expect(alarm.activate("disable-1") && alarm.activate("disable-2") && alarm.activate("disable-3"))
        #expect(fixture.events.changes(for: "alarm").last(where: { $0 != .contentChanged }) == .badge(nil))
    }

    @Test("stopwatch: start, lap, stop and reset, with a laps page")
    func stopwatchActions() throws {
        let fixture = try Fixture()
        let stopwatch = try fixture.tab("stopwatch")
        #expect(try stopwatch.actions() == ["start"])
        #expect(!stopwatch.activate("lap"), "no lap while stopped")
        #expect(stopwatch.activate("start"))
        #expect(try stopwatch.actions() == ["stop", "lap"])
        #expect(stopwatch.activate("lap"))
        #expect(stopwatch.activate("stop"))
        #expect(try stopwatch.actions() == ["start", "reset"])
        #expect(try stopwatch.render(page: "main").body.contains("Laps: 1"))
        #expect(stopwatch.navigate(to: "laps"))
        #expect(!stopwatch.navigate(to: "splits"))
        let laps = try stopwatch.render(page: "laps")
        #expect(laps.title == "Laps" && laps.body.hasPrefix("Lap 1  00:00."))
        #expect(stopwatch.activate("reset"))
        #expect(try stopwatch.render(page: "main").body == "00:00.0")
        #expect(try stopwatch.render(page: "laps").body == "No laps")
    }

    @Test(
        "PAGE-3: a running stopwatch, shown or not, says no content change; its page's clock runs, and start and stop change it"
    )
    func stopwatchNeverTicks() async throws {
        let fixture = try Fixture()
        let stopwatch = try fixture.tab("stopwatch")
        stopwatch.willAppear()
        stopwatch.didAppear()
        #expect(stopwatch.activate("start"))
        let afterStart = fixture.events.contentChanges(for: "stopwatch")
        #expect(afterStart == 1, "start changes the clock's rate")
        let running = try stopwatch.render(page: "main").rows.first?.clock
        #expect(running?.rate == 1 && running?.format == .duration, "\(String(describing: running))")
        // Shown and running: silence, where it used to tick ten times a second.
        try await Task.sleep(for: .milliseconds(350))
        #expect(fixture.events.contentChanges(for: "stopwatch") == afterStart)
        #expect(stopwatch.activate("stop"))
        #expect(fixture.events.contentChanges(for: "stopwatch") == afterStart + 1)
        let stopped = try stopwatch.render(page: "main").rows.first?.clock
        #expect(stopped?.rate == 0 && (stopped?.value ?? 0) >= 350_000, "\(String(describing: stopped))")
        stopwatch.destroy()
    }

    @Test("world clock: cities are added and removed; PAGE-3: each city a running time-of-day clock, never a tick")
    func worldClock() async throws {
        let fixture = try Fixture()
        let clock = try fixture.tab("world-clock")
        let body = try clock.render(page: "main").body
        #expect(
            body.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
                "Cupertino", "London", "Tokyo",
            ])
        #expect(try clock.actions().contains("add-paris"))
        #expect(clock.activate("add-paris"))
        #expect(clock.activate("remove-london"))
        #expect(!clock.activate("add-atlantis"))
        let lines = try clock.render(page: "main").body.split(separator: "\n")
        #expect(lines.count == 3 && lines[2].hasPrefix("Paris  ") && lines[2].hasSuffix("  UTC+1"))
        let rows = try clock.render(page: "main").rows
        #expect(rows.map(\.id) == ["cupertino", "tokyo", "paris"] && rows.last?.detail == "UTC+1")
        #expect(
            rows.allSatisfy {
                $0.clock?.format == .timeOfDay && $0.clock?.rate == 1 && ($0.clock?.value ?? -1) < 86_400_000_000
            })
        let before = fixture.events.contentChanges(for: "world-clock")
        clock.didAppear()
        try await Task.sleep(for: .milliseconds(1200))
        #expect(fixture.events.contentChanges(for: "world-clock") == before, "shown: no tick")
        clock.didDisappear()
    }

    @Test("timer: the badge shows the minutes left while it runs")
    func timerBadge() async throws {
        let fixture = try Fixture()
        let timer = try fixture.tab("timer")
        #expect(try timer.actions() == ["start-1m", "start-5m", "start-10m", "start-15m", "start-30m", "start-60m"])
        #expect(timer.activate("start-5m"))
        #expect(await fixture.events.wait { fixture.events.changes(for: "timer").contains(.badge("5")) })
        #expect(try timer.actions() == ["cancel"])
        #expect(try timer.render(page: "main").body.hasPrefix("4:5") || timer.render(page: "main").body == "5:00 left")
        #expect(timer.activate("cancel"))
        #expect(fixture.events.changes(for: "timer").last(where: { $0 != .contentChanged }) == .badge(nil))
        #expect(try timer.render(page: "main").body == "Not running")
        timer.destroy()
    }

    // MARK: media

    @Test("media: every section renders and its groups are pages")
    func mediaSections() throws {
        let fixture = try Fixture()
        let media = try #require(fixture.host.modules.first { $0.name == "media" })
        let ids = media.manifest?.tabs.map(\.id) ?? []
        #expect(ids.count == 11, "enough tabs to overflow into More")
        for id in ids {
            let tab = try fixture.tab(id)
            let root = try tab.render(page: tab.declaration.rootPage)
            #expect(!root.title.isEmpty, "\(id)")
            tab.destroy()
        }
        let playlists = try fixture.tab("playlists")
        let root = try playlists.render(page: "main")
        #expect(root.title == "Playlists" && root.body == "Recently Added (3)\nTop 25 Most Played (3)")
        #expect(
            root.rows.map(\.page) == ["recently-added", "top-25"],
            "PAGE-1: the pages the tab can reach are its rows' pages")
        #expect(playlists.navigate(to: "recently-added"))
        #expect(!playlists.navigate(to: "unknown"))
        #expect(try playlists.render(page: "recently-added").body == "Blue in Green\nSo What\nNaima")
        #expect(try playlists.actions() == [])
        #expect(!playlists.activate("play"))
        #expect(fixture.host.catalog.first { $0.tab.id == "most-viewed" }?.tab.systemItem == "most-viewed")
    }

    // MARK: notes (C)

    @Test("notes: the C plugin's badge counts notes; add and clear")
    func notes() throws {
        let fixture = try Fixture()
        let notes = try fixture.tab("notes")
        #expect(fixture.events.changes(for: "notes") == [.badge(nil)])
        #expect(try notes.actions() == ["add"])
        #expect(
            try notes.render(page: "main")
                == PluginContent(
                    title: "Notes", mimeType: "text/plain", body: "No notes",
                    actionLabels: [
                        PluginActionLabel(action: "add", label: "Add note", icon: "list-add-symbolic"),
                        PluginActionLabel(action: "clear", label: "Clear notes", icon: "edit-clear-all-symbolic"),
                    ]))
        #expect(notes.activate("add") && notes.activate("add"))
        #expect(try notes.actions() == ["add", "clear"])
        #expect(try notes.render(page: "main").body == "Note 1\nNote 2")
        #expect(
            try notes.render(page: "main").rows == [
                PluginPageRow(id: "note-1", title: "Note 1"), PluginPageRow(id: "note-2", title: "Note 2"),
            ])
        #expect(
            fixture.events.changes(for: "notes") == [
                .badge(nil), .badge("1"), .contentChanged, .badge("2"), .contentChanged,
            ])
        #expect(notes.activate("clear"))
        #expect(!notes.activate("clear"), "nothing left to clear")
        #expect(fixture.events.changes(for: "notes").last(where: { $0 != .contentChanged }) == .badge(nil))
        #expect(!notes.navigate(to: "other") && notes.navigate(to: "main"), "no navigate function: only the root page")
    }

    @Test("callbacks after destroy are dropped")
    func destroyedTabIsSilent() async throws {
        let fixture = try Fixture()
        let stopwatch = try fixture.tab("stopwatch")
        #expect(stopwatch.activate("start"))
        stopwatch.didAppear()
        stopwatch.destroy()
        let count = fixture.events.contentChanges(for: "stopwatch")
        try await Task.sleep(for: .milliseconds(300))
        #expect(fixture.events.contentChanges(for: "stopwatch") == count)
        #expect(!stopwatch.activate("stop"))
        #expect(throws: PluginCallError.self) { try stopwatch.render(page: "main") }
    }
}

@testable import TabbardPluginHost
import Testing
@testable import TabbardDaemon

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
        #expect(fixture.events.changes(for: "alarm") == [.badge("1"), .badge("2"), .contentChanged, .badge("3"), .contentChanged])
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

    @Test("stopwatch: live content ticks only while the tab is visible")
    func stopwatchTicksWhileVisible() async throws {
        let fixture = try Fixture()
        let stopwatch = try fixture.tab("stopwatch")
        #expect(stopwatch.activate("start"))
        let afterStart = fixture.events.contentChanges(for: "stopwatch")
        // Running but not shown: no ticks.
        try await Task.sleep(for: .milliseconds(350))
        #expect(fixture.events.contentChanges(for: "stopwatch") == afterStart)
        stopwatch.willAppear()
        stopwatch.didAppear()
        #expect(await fixture.events.wait { fixture.events.contentChanges(for: "stopwatch") >= afterStart + 2 })
        stopwatch.willDisappear()
        stopwatch.didDisappear()
        // A tick already running may land; after that, silence.
        try await Task.sleep(for: .milliseconds(150))
        let afterHide = fixture.events.contentChanges(for: "stopwatch")
        try await Task.sleep(for: .milliseconds(350))
        #expect(fixture.events.contentChanges(for: "stopwatch") == afterHide)
        stopwatch.destroy()
    }

    @Test("world clock: cities are added and removed; it ticks only while shown")
    func worldClock() async throws {
        let fixture = try Fixture()
        let clock = try fixture.tab("world-clock")
        let body = try clock.render(page: "main").body
        #expect(body.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["Cupertino", "London", "Tokyo"])
        #expect(try clock.actions().contains("add-paris"))
        #expect(clock.activate("add-paris"))
        #expect(clock.activate("remove-london"))
        #expect(!clock.activate("add-atlantis"))
        let lines = try clock.render(page: "main").body.split(separator: "\n")
        #expect(lines.count == 3 && lines[2].hasPrefix("Paris  ") && lines[2].hasSuffix("  UTC+1"))
        let before = fixture.events.contentChanges(for: "world-clock")
        try await Task.sleep(for: .milliseconds(1200))
        #expect(fixture.events.contentChanges(for: "world-clock") == before, "hidden: no tick")
        clock.didAppear()
        #expect(await fixture.events.wait { fixture.events.contentChanges(for: "world-clock") > before })
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
        #expect(try playlists.render(page: "main") == PluginContent(title: "Playlists", mimeType: "text/plain", body: "Recently Added (3)\nTop 25 Most Played (3)"))
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
        #expect(try notes.render(page: "main") == PluginContent(title: "Notes", mimeType: "text/plain", body: "No notes"))
        #expect(notes.activate("add") && notes.activate("add"))
        #expect(try notes.actions() == ["add", "clear"])
        #expect(try notes.render(page: "main").body == "Note 1\nNote 2")
        #expect(fixture.events.changes(for: "notes") == [.badge(nil), .badge("1"), .contentChanged, .badge("2"), .contentChanged])
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
        #expect(await fixture.events.wait { fixture.events.contentChanges(for: "stopwatch") >= 2 })
        stopwatch.destroy()
        let count = fixture.events.contentChanges(for: "stopwatch")
        try await Task.sleep(for: .milliseconds(300))
        #expect(fixture.events.contentChanges(for: "stopwatch") == count)
        #expect(!stopwatch.activate("stop"))
        #expect(throws: PluginCallError.self) { try stopwatch.render(page: "main") }
    }
}

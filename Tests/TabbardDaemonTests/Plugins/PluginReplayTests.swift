import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// What a helper that came back is told: its tabs again, their stacks, and the shown tab's
/// appearance in UIKit's order (docs/plugins.md, Isolation).
@Suite("Replaying a plugin's tabs to its helper")
struct PluginReplayTests {
    @Test(
        "each tab is created in catalog order and taken up its stack; the shown one then appears, will before did (NAV-2)"
    )
    func replayOrder() {
        let calls = PluginReplay.calls(
            for: [("alarm", ["main"]), ("stopwatch", ["main", "laps", "lap-2"]), ("timer", ["main"])],
            shown: "stopwatch")
        #expect(
            calls == [
                .create(tabID: "alarm"),
                .create(tabID: "stopwatch"), .navigate(tabID: "stopwatch", page: "laps"),
                .navigate(tabID: "stopwatch", page: "lap-2"),
                .create(tabID: "timer"),
                .notice(tabID: "stopwatch", .willAppear), .notice(tabID: "stopwatch", .didAppear),
            ])
    }

    @Test("a shown tab of another plugin, or the More list, appears nowhere")
    func shownElsewhere() {
        #expect(PluginReplay.calls(for: [("notes", ["main"])], shown: "world-clock") == [.create(tabID: "notes")])
        #expect(PluginReplay.calls(for: [("notes", ["main"])], shown: nil) == [.create(tabID: "notes")])
        #expect(PluginReplay.calls(for: [], shown: "notes").isEmpty)
    }
}

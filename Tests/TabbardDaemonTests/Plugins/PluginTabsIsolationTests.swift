import Foundation
import Loop
import Synchronization
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The tabs of an isolated plugin as `PluginTabs` drives them (docs/plugins.md, Isolation):
/// started in a helper of their own with the plugin's first tab, told again what they are
/// after the helper came back, and the helper stopped with the plugin's last tab.
@Suite("Plugin tabs: isolated plugins")
struct PluginTabsIsolationTests {
    /// Plugin tabs over an isolated fixture plugin `sheltered` with tabs `s1` and `s2`, whose
    /// helpers are this package's daemon in plugin-host mode.
    static func shelteredTabs(in directory: TemporaryDirectory, loop: EventLoop) throws -> PluginTabs {
        try compileFixture("sheltered", in: directory)
        try directory.write(
            "sheltered.plugin", PluginHostIsolationTests.isolatedManifest("sheltered", tabs: ["s1", "s2"]))
        let admission = PluginHostIsolationTests.admission(
            PluginRecords(file: nil, log: quietLog), loop: loop,
            probe: PackagePaths.root + "/.build/debug/tabbard", arguments: ["--instance", "session"])
        let host = PluginHost(trust: .session, log: quietLog, admission: admission)
        host.load(directories: [directory.path])
        #expect(host.modules.isEmpty)
        return PluginTabs(host: host, loop: loop, log: quietLog)
    }

    /// `shelteredTabs(in:loop:)` in a new temporary directory, on a new loop.
    static func shelteredTabs() throws -> (directory: TemporaryDirectory, loop: EventLoop, tabs: PluginTabs) {
        let directory = try TemporaryDirectory()
        let loop = try EventLoop()
        return (directory, loop, try shelteredTabs(in: directory, loop: loop))
    }

    @Test(
        "an isolated tab is created in a helper, created again when its helper comes back, and the last tab's end stops the helper"
    )
    func isolatedTabsFollowTheirHelper() throws {
        let (directory, loop, tabs) = try Self.shelteredTabs()
        defer { withExtendedLifetime(directory) {} }
        // The fixture sets an empty badge on each tab it creates; events come on the loop thread.
        let badges = Mutex<[String]>([])
        let pids = Mutex<[pid_t]>([])
        var returns = 0
        tabs.onNews = { news in
            switch news {
            case .helperReturned(let plugin):
                #expect(plugin == "sheltered")
                returns += 1
                pids.withLock { $0.append(tabs.helper(of: plugin)?.pid ?? 0) }
            case .tab(let event):
                guard case .badge("") = event.change else { return }
                let count = badges.withLock {
                    $0.append(event.tabID); return $0.count
                }
                if count == 2 { _ = kill(pids.withLock { $0[0] }, SIGKILL) }
                if count == 4 { loop.stop() }
            case .helperSettled, .probeEnded:
                break
            }
        }
        #expect(tabs.start("s1", stack: ["root"]))
        #expect(tabs.start("s2", stack: ["root"]))
        #expect(tabs.plugin(of: "s1") == "sheltered" && tabs.isIsolated("s1") && tabs.isIsolated("s2"))
        try PluginHelperProcessTests.run(loop)

        #expect(
            badges.withLock { $0 } == ["s1", "s2", "s1", "s2"], "each tab created once per helper, in catalog order")
        let started = pids.withLock { $0 }
        #expect(returns == 2 && started.count == 2 && started[0] != started[1])
        let helper = try #require(tabs.helper(of: "sheltered"))
        #expect(helper.failures == 1)

        tabs.end("s1")
        #expect(tabs.helper(of: "sheltered") != nil && !tabs.isIsolated("s1"))
        tabs.end("s2")
        #expect(tabs.helper(of: "sheltered") == nil && tabs.plugin(of: "s2") == nil)
        #expect(helper.status == .stopped)
        try PluginHelperProcessTests.stop(helper, on: loop)
    }

    @Test(
        "a helper's return is handed on once its tabs were told again: helperReturned, then helperSettled, then what the tabs created again said"
    )
    func returnHeardInOrder() throws {
        let (directory, loop, tabs) = try Self.shelteredTabs()
        defer { withExtendedLifetime(directory) {} }
        var heard: [String] = []
        var startingWhenReturned: Bool?
        tabs.onNews = { news in
            switch news {
            case .helperReturned(let plugin):
                startingWhenReturned = tabs.isStartingHelpers
                heard.append("returned \(plugin)")
            case .helperSettled(let plugin):
                heard.append("settled \(plugin)")
            case .tab(let event):
                // The fixture sets an empty badge on each tab it creates.
                guard case .badge("") = event.change else { return }
                heard.append("\(event.tabID) badge")
                if heard.count == 4 { loop.stop() }
            case .probeEnded(let plugin, _):
                heard.append("probe \(plugin)")
            }
        }
        #expect(tabs.start("s1", stack: ["root"]))
        #expect(tabs.start("s2", stack: ["root"]))
        #expect(tabs.isStartingHelpers)
        try PluginHelperProcessTests.run(loop)
        #expect(heard == ["returned sheltered", "settled sheltered", "s1 badge", "s2 badge"])
        #expect(startingWhenReturned == false, "told its tabs before its return is heard")
        let helper = try #require(tabs.helper(of: "sheltered"))
        tabs.end("s1")
        tabs.end("s2")
        try PluginHelperProcessTests.stop(helper, on: loop)
    }

    @Test("an isolated tab's actions are answered later by its helper; a tab not started fails at once")
    func isolatedActionsAnsweredLater() throws {
        let (directory, loop, tabs) = try Self.shelteredTabs()
        defer { withExtendedLifetime(directory) {} }
        var answer: Result<[String], PluginCallError>?
        tabs.onNews = { news in
            guard case .helperReturned = news else { return }
            tabs.actions(ofIsolated: "s1") {
                answer = $0; loop.stop()
            }
        }
        #expect(tabs.start("s1", stack: ["root"]))
        try PluginHelperProcessTests.run(loop)
        #expect(answer == .success([]), "the fixture has no actions function: an empty list, from the helper")

        var early: Result<[String], PluginCallError>?
        tabs.actions(ofIsolated: "s2") { early = $0 }
        #expect(
            early
                == .failure(
                    PluginCallError(
                        plugin: "sheltered", tabID: "s2", function: "actions", reason: "failed: the tab is not started")
                ))
        let helper = try #require(tabs.helper(of: "sheltered"))
        tabs.end("s1")
        try PluginHelperProcessTests.stop(helper, on: loop)
    }
}

import Foundation
import Loop
import Synchronization
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// An isolated plugin across its helper's end and return: calls fail at once saying it is
/// unavailable while it is down, and its tabs get their instances, stacks and appearance again
/// when it is back (docs/plugins.md, Isolation).
@Suite("Isolated plugins across a helper's restart")
struct IsolatedPluginTests {
    @Test(
        "the shown ticking tab ticks again after its helper was killed and came back; meanwhile content is unavailable")
    func replayAfterKill() throws {
        _ = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        let helper = try PluginHelperProcessTests.helper(
            PackagePaths.testPlugins + "/swiftfault.plugin", loop: loop, watch: watch)
        var ticks = 0
        var returned: () -> Void = {}
        let plugin = IsolatedPlugin(helper: helper)
        watch.event = { event in
            if event.tabID == "swiftfault-tab" && event.change == .contentChanged { ticks += 1 }
        }
        watch.up = { _ in
            // What the plugin tabs do as they take the helper's return from the queue.
            plugin.replay([("swiftfault-tab", ["main", "about"])], shown: "swiftfault-tab", locale: "")
            returned()
        }
        var returns = 0
        var about: Result<PluginContent, PluginCallError>?
        var askedBeforeEnd: Result<PluginContent, PluginCallError>?
        var askedWhileDown: Result<PluginContent, PluginCallError>?
        var ticksAtKill = 0
        var killing: LoopTimer?
        watch.down = { _ in plugin.content(of: "swiftfault-tab", page: "main") { askedWhileDown = $0 } }
        returned = {
            returns += 1
            // Its ticks start with the action, in each new helper.
            plugin.perform(.activate(tabID: "swiftfault-tab", action: "tick"), of: "swiftfault-tab") { _ in }
            if returns == 1 { plugin.content(of: "swiftfault-tab", page: "about") { about = $0 } }
            killing = try? loop.schedule(after: .milliseconds(500)) {
                guard returns == 1 else { return loop.stop() }
                ticksAtKill = ticks
                _ = kill(helper.pid!, SIGKILL)
                // Sent before the daemon saw the helper end: failed when it does.
                plugin.content(of: "swiftfault-tab", page: "main") { askedBeforeEnd = $0 }
            }
        }
        plugin.start()
        let timeout = try loop.schedule(after: .seconds(20)) { loop.stop() }
        loop.run()
        timeout.cancel()
        killing?.cancel()
        try PluginHelperProcessTests.stop(helper, on: loop)
        #expect(returns == 2)
        #expect(
            about == .success(PluginContent(title: "Fault", mimeType: "text/plain", body: "stack: main/about")),
            "the stack replayed")
        #expect(ticksAtKill >= 2, "ticks before the kill: \(ticksAtKill)")
        #expect(ticks - ticksAtKill >= 2, "ticks after the return: \(ticks - ticksAtKill)")
        for (when, answer) in [("before the end was seen", askedBeforeEnd), ("while down", askedWhileDown)] {
            guard case .failure(let error)? = answer else {
                Issue.record("content asked \(when) answered \(String(describing: answer))")
                continue
            }
            #expect(
                error.description.hasPrefix(
                    "plugin swiftfault: render for tab swiftfault-tab failed: the plugin is unavailable ("), "\(error)")
        }
    }

    @Test(
        "a helper that said ready takes no call before it was told its tabs: it counts as starting; told once, it answers"
    )
    func noCallBeforeReplay() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        let helper = try PluginHelperProcessTests.helper(staged + "/notes.plugin", loop: loop, watch: watch)
        let plugin = IsolatedPlugin(helper: helper)
        var before: Result<PluginContent, PluginCallError>?
        var startingBefore = false
        var toldTwice = true
        var after: Result<PluginContent, PluginCallError>?
        watch.up = { _ in
            startingBefore = plugin.isStarting && !plugin.isUp
            plugin.content(of: "notes", page: "main") { before = $0 }
            plugin.replay([("notes", ["main"])], shown: nil, locale: "")
            toldTwice = plugin.replay([("notes", ["main"])], shown: nil, locale: "")
            plugin.content(of: "notes", page: "main") {
                after = $0; loop.stop()
            }
        }
        plugin.start()
        try PluginHelperProcessTests.run(loop)
        try PluginHelperProcessTests.stop(helper, on: loop)
        #expect(startingBefore && !toldTwice)
        #expect(
            before
                == .failure(
                    PluginCallError(
                        plugin: "notes", tabID: "notes", function: "render",
                        reason: "failed: the plugin is unavailable (its helper is starting)")))
        guard case .success(let content)? = after else {
            Issue.record("content after the replay answered \(String(describing: after))")
            return
        }
        #expect(!content.body.isEmpty)
    }
}

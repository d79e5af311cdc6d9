import Foundation
import Loop
import Synchronization
@testable import TabbardPluginHost
import Testing
@testable import TabbardDaemon

/// An isolated plugin across its helper's end and return: calls fail at once saying it is
/// unavailable while it is down, and its tabs get their instances, stacks and appearance again
/// when it is back (docs/plugins.md, Isolation).
@Suite("Isolated plugins across a helper's restart")
struct IsolatedPluginTests {
    @Test("the shown stopwatch ticks again after its helper was killed and came back; meanwhile content is unavailable")
    func replayAfterKill() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let helper = try PluginHelperProcessTests.helper("\(staged)/clock.plugin", loop: loop)
        var ticks = 0
        var returned: () -> Void = {}
        let plugin = IsolatedPlugin(helper: helper, current: { ([("stopwatch", ["main", "laps"])], "stopwatch") }) { news in
            switch news {
            case .tab(let event): if event.tabID == "stopwatch" && event.change == .contentChanged { ticks += 1 }
            case .helperReturned: returned()
            case .helperSettled, .probeEnded: break
            }
        }
        var returns = 0
        var laps: Result<PluginContent, PluginCallError>?
        var askedBeforeEnd: Result<PluginContent, PluginCallError>?
        var askedWhileDown: Result<PluginContent, PluginCallError>?
        var ticksAtKill = 0
        var watch: LoopTimer?
        helper.onDown = { _ in plugin.content(of: "stopwatch", page: "main") { askedWhileDown = $0 } }
        returned = {
            returns += 1
            // Started only once it was told the tab appears: a stopwatch ticks only while shown.
            plugin.perform(.activate(tabID: "stopwatch", action: "start"), of: "stopwatch") { _ in }
            if returns == 1 { plugin.content(of: "stopwatch", page: "laps") { laps = $0 } }
            watch = try? loop.schedule(after: .milliseconds(500)) {
                guard returns == 1 else { return loop.stop() }
                ticksAtKill = ticks
                _ = kill(helper.pid!, SIGKILL)
                // Sent before the daemon saw the helper end: failed when it does.
                plugin.content(of: "stopwatch", page: "main") { askedBeforeEnd = $0 }
            }
        }
        plugin.start()
        let timeout = try loop.schedule(after: .seconds(20)) { loop.stop() }
        loop.run()
        timeout.cancel()
        watch?.cancel()
        try PluginHelperProcessTests.stop(helper, on: loop)
        #expect(returns == 2)
        #expect(laps == .success(PluginContent(title: "Laps", mimeType: "text/plain", body: "No laps")))
        #expect(ticksAtKill >= 2, "ticks before the kill: \(ticksAtKill)")
        #expect(ticks - ticksAtKill >= 2, "ticks after the return: \(ticks - ticksAtKill)")
        for (when, answer) in [("before the end was seen", askedBeforeEnd), ("while down", askedWhileDown)] {
            guard case .failure(let error)? = answer else {
                Issue.record("content asked \(when) answered \(String(describing: answer))")
                continue
            }
            #expect(error.description.hasPrefix("plugin clock: render for tab stopwatch failed: the plugin is unavailable ("), "\(error)")
        }
    }
}

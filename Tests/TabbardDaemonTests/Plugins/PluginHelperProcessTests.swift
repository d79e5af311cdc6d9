import Foundation
import Loop
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// An isolated plugin's helper kept running: started again with backoff when it ends,
/// disabled after `PluginAdmission.failureLimit` failures, recorded in `plugins.state`
/// (docs/plugins.md, Isolation).
@Suite("Plugin helper processes")
struct PluginHelperProcessTests {
    /// A helper for `manifest` whose news `watch` hears (none is heard without one).
    static func helper(
        _ manifest: String, loop: EventLoop, watch: HelperWatch? = nil, records: PluginRecords? = nil,
        fingerprint: PluginFingerprint? = nil,
        deadline: Duration = .seconds(5), failureWindow: Duration = PluginHelperProcess.defaultFailureWindow,
        stableAfter: Duration = PluginHelperProcess.stableAfter,
        environment: [String] = ["PATH=/usr/bin:/bin"]
    ) throws -> PluginHelperProcess {
        let read = try PluginManifest(parsing: String(contentsOfFile: manifest, encoding: .utf8), file: manifest)
        let helper = PluginHelperProcess(
            manifest: read, executable: PackagePaths.root + "/.build/debug/tabbard", arguments: [],
            environment: environment, loop: loop, log: quietLog, news: watch?.news ?? PluginNewsQueue(loop: loop),
            records: records, fingerprint: fingerprint, deadline: deadline, firstBackoff: .milliseconds(10),
            failureWindow: failureWindow, stableAfter: stableAfter)
        watch?.helper = helper
        return helper
    }

    /// The notes plugin's helper, killed `after` each time it says ready, `kills` times or
    /// until it is disabled, its failures recorded in memory for the staged module: how many
    /// times it was killed, each backoff it was given (read as it went down), the failures it
    /// had at the end and the count recorded, and whether it was disabled.
    static func killedRepeatedly(
        after delays: [Duration], failureWindow: Duration, stableAfter: Duration = PluginHelperProcess.stableAfter
    )
        throws -> (kills: Int, backoffs: [Duration], failures: Int, recorded: Int?, disabled: Bool)
    {
        let (staged, fingerprint) = try Self.stagedNotes()
        let records = PluginRecords(file: nil, log: quietLog)
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        let helper = try Self.helper(
            "\(staged)/notes.plugin", loop: loop, watch: watch, records: records, fingerprint: fingerprint,
            failureWindow: failureWindow, stableAfter: stableAfter)
        var kills = 0
        var backoffs: [Duration] = []
        var disabled = false
        var pending: LoopTimer?
        watch.up = { _ in
            guard kills < delays.count else { return loop.stop() }
            let pid = helper.pid!
            pending = try? loop.schedule(after: delays[kills]) { _ = kill(pid, SIGKILL) }
            kills += 1
        }
        watch.down = { _ in backoffs.append(helper.backoff) }
        watch.disabled = { _ in
            disabled = true; loop.stop()
        }
        helper.start()
        try Self.run(loop)
        pending?.cancel()
        try Self.stop(helper, on: loop)
        return (kills, backoffs, helper.failures, records.record(for: fingerprint)?.failures, disabled)
    }

    /// The staged plugins' directory, and the fingerprint of the notes plugin's module there.
    static func stagedNotes() throws -> (staged: String, fingerprint: PluginFingerprint) {
        let staged = try PackagePaths.requireStagedPlugins()
        let module = open(staged + "/libnotes.so", O_RDONLY | O_CLOEXEC)
        defer { close(module) }
        return (staged, try #require(PluginFingerprint(descriptor: module, path: staged + "/libnotes.so")))
    }

    static func run(_ loop: EventLoop) throws {
        let timeout = try loop.schedule(after: .seconds(20)) { loop.stop() }
        loop.run()
        timeout.cancel()
    }

    /// Stops `helper` and runs `loop` until its process is collected: a helper left a zombie
    /// would confuse whoever waits for children of this test process next.
    static func stop(_ helper: PluginHelperProcess, on loop: EventLoop) throws {
        helper.stop()
        let deadline = MonotonicInstant.now() + .seconds(10)
        while helper.isCollecting && MonotonicInstant.now() < deadline {
            let turn = try loop.schedule(after: .milliseconds(10)) { loop.stop() }
            loop.run()
            turn.cancel()
        }
        #expect(!helper.isCollecting)
    }

    @Test("a helper killed from outside is counted and started again, and answers as before")
    func restartAfterKill() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        let helper = try Self.helper("\(staged)/notes.plugin", loop: loop, watch: watch)
        var ups = 0
        var pids: [pid_t] = []
        var downs: [String] = []
        var created: Result<PluginLinkReply, PluginLink.Ending>?
        watch.up = { link in
            ups += 1
            pids.append(helper.pid ?? 0)
            if ups == 1 {
                _ = kill(helper.pid!, SIGKILL)
            } else {
                link.call(.create(tabID: "notes")) {
                    created = $0; loop.stop()
                }
            }
        }
        watch.down = { downs.append($0) }
        helper.start()
        try Self.run(loop)
        #expect(ups == 2 && pids.count == 2 && pids[0] != pids[1])
        #expect(downs == ["its helper ended (signal 9, Killed)"])
        #expect(helper.failures == 1 && helper.status == .up)
        #expect(created == .success(.done(true)))
        try Self.stop(helper, on: loop)
        #expect(helper.status == .stopped && helper.pid == nil)
    }

    @Test("a helper holds no descriptor of the daemon's: its standard streams, its link, and the module it loaded")
    func helperDescriptors() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        let helper = try Self.helper("\(staged)/notes.plugin", loop: loop, watch: watch)
        var held: [String: String] = [:]
        watch.up = { _ in
            let directory = "/proc/\(helper.pid!)/fd"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                held[name] = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")) ?? "?"
            }
            loop.stop()
        }
        helper.start()
        try Self.run(loop)
        try Self.stop(helper, on: loop)
        #expect(Set(held.keys).isSuperset(of: ["0", "1", "2", "3"]))
        #expect(held["3"]?.hasPrefix("socket:") == true)
        let others = held.filter { Int($0.key)! > 3 }
        // dlopen through the checked descriptor keeps that descriptor open: it is the module.
        #expect(others.values.allSatisfy { $0.hasSuffix("/libnotes.so") }, "\(held)")
        #expect(others.count <= 1, "\(held)")
    }

    @Test("a plugin whose helper keeps crashing is disabled after the failure limit and recorded in plugins.state")
    func disabledAfterRepeatedCrashes() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("crash", in: directory, defines: ["CRASH_IN_ENTRY"])
        let manifest = try directory.write(
            "crash.plugin",
            "name = \"crash\"\nmodule = \"libcrash.so\"\nabi = \"1.0\"\n[[tabs]]\nid = \"crash\"\ntitle = \"Crash\"\n")
        let module = open(directory.path + "/libcrash.so", O_RDONLY | O_CLOEXEC)
        defer { close(module) }
        let fingerprint = try #require(PluginFingerprint(descriptor: module, path: directory.path + "/libcrash.so"))
        let records = PluginRecords(
            file: StateFile(directory: directory.path, name: PluginRecords.fileName), log: quietLog)
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        // Its helpers crash on purpose, into the test's own output: no backtrace from the runtime.
        let helper = try Self.helper(
            manifest, loop: loop, watch: watch, records: records, fingerprint: fingerprint,
            environment: ["PATH=/usr/bin:/bin", "SWIFT_BACKTRACE=enable=no"])
        var downs: [String] = []
        var disabled: String?
        watch.down = { downs.append($0) }
        watch.up = { _ in Issue.record("a helper that crashes while loading said ready") }
        watch.disabled = {
            disabled = $0; loop.stop()
        }
        helper.start()
        try Self.run(loop)
        let crashed = "its helper ended (signal 6, Aborted)"
        #expect(downs == [crashed, crashed])
        #expect(disabled == crashed)
        #expect(helper.status == .disabled(reason: crashed))
        #expect(records.record(for: fingerprint)?.failures == PluginAdmission.failureLimit)
        // Disabled means not started again, here and at the next start (PluginAdmission.check).
        helper.start()
        #expect(helper.status == .disabled(reason: crashed) && helper.pid == nil)
        #expect(throws: PluginRefusal.self) {
            try PluginAdmission.check(records.record(for: fingerprint)!, of: fingerprint)
        }
    }

    @Test("a helper disabled soon after it said ready leaves no start deadline behind to fire on its ended link")
    func noStartDeadlineAfterReady() throws {
        let (staged, fingerprint) = try Self.stagedNotes()
        let records = PluginRecords(file: nil, log: quietLog)
        for _ in 1..<PluginAdmission.failureLimit { _ = records.recordFailure(fingerprint, reason: "earlier") }
        let loop = try EventLoop()
        let deadline = Duration.milliseconds(300)
        let watch = HelperWatch(loop: loop)
        let helper = try Self.helper(
            "\(staged)/notes.plugin", loop: loop, watch: watch, records: records, fingerprint: fingerprint,
            deadline: deadline)
        watch.up = { _ in _ = kill(helper.pid!, SIGKILL) }
        var after: LoopTimer?
        // Past the start's deadline: the daemon would end here if it still fired.
        watch.disabled = { _ in after = try? loop.schedule(after: deadline * 3) { loop.stop() } }
        helper.start()
        try Self.run(loop)
        #expect(after != nil)
        #expect(helper.status == .disabled(reason: "its helper ended (signal 9, Killed)"))
    }

    @Test("a helper released while it runs (the daemon stopping) ends its link without calling back into its owner")
    func releasedWhileRunning() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let loop = try EventLoop()
        let watch = HelperWatch(loop: loop)
        var helper: PluginHelperProcess? = try Self.helper("\(staged)/notes.plugin", loop: loop, watch: watch)
        var pid: pid_t = 0
        var release: LoopTimer?
        watch.up = { _ in
            pid = helper!.pid!
            // Next turn, outside the helper's own callback.
            release = try? loop.schedule(after: .milliseconds(1)) {
                helper = nil // As the service and its plugin tabs go at the daemon's stop.
                loop.stop()
            }
        }
        helper!.start()
        try Self.run(loop)
        #expect(helper == nil && pid != 0 && release != nil)
        // The child was killed; collect it, as the daemon's exit would.
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid)
    }

    @Test("three failures within the failure window disable the plugin")
    func failuresWithinTheWindow() throws {
        let outcome = try Self.killedRepeatedly(after: Array(repeating: .zero, count: 4), failureWindow: .seconds(30))
        #expect(outcome.disabled && outcome.kills == PluginAdmission.failureLimit)
        #expect(outcome.failures == PluginAdmission.failureLimit && outcome.recorded == PluginAdmission.failureLimit)
    }

    @Test(
        "failures spread wider than the failure window never disable the plugin; plugins.state records those within it")
    func failuresSpreadWider() throws {
        // Each helper is killed 300 ms after it is ready: no three failures fall within 500 ms.
        let outcome = try Self.killedRepeatedly(
            after: Array(repeating: .milliseconds(300), count: 5), failureWindow: .milliseconds(500))
        #expect(!outcome.disabled && outcome.kills == 5)
        #expect(outcome.failures < PluginAdmission.failureLimit && outcome.recorded == outcome.failures, "\(outcome)")
    }

    @Test(
        "the backoff doubles while the helper keeps failing, and starts again at the first once a helper was ready for stableAfter"
    )
    func backoffAfterStableHelper() throws {
        // Killed at once twice, then after 400 ms up, stable after 300 ms; the window keeps
        // earlier failures from disabling it.
        let outcome = try Self.killedRepeatedly(
            after: [.zero, .zero, .milliseconds(400), .zero], failureWindow: .milliseconds(350),
            stableAfter: .milliseconds(300))
        #expect(!outcome.disabled)
        #expect(
            outcome.backoffs == [.milliseconds(10), .milliseconds(20), .milliseconds(10), .milliseconds(20)],
            "\(outcome.backoffs)")
    }

    @Test("the failure window is TABBARD_PLUGIN_FAILURE_WINDOW_MS when set, ten minutes otherwise")
    func failureWindowSetting() {
        #expect(
            PluginHelperProcess.failureWindow(environment: ["TABBARD_PLUGIN_FAILURE_WINDOW_MS": "1500"])
                == .milliseconds(1500))
        #expect(PluginHelperProcess.failureWindow(environment: [:]) == .seconds(600))
        #expect(
            PluginHelperProcess.failureWindow(environment: ["TABBARD_PLUGIN_FAILURE_WINDOW_MS": "soon"])
                == .seconds(600))
    }

    @Test("failures an earlier run recorded count as if they happened at this one's start")
    func recordedFailuresCount() throws {
        let (staged, fingerprint) = try Self.stagedNotes()
        let records = PluginRecords(file: nil, log: quietLog)
        records.recordFailures(fingerprint, count: 2, reason: "earlier")
        let helper = try Self.helper(
            "\(staged)/notes.plugin", loop: try EventLoop(), records: records, fingerprint: fingerprint)
        #expect(helper.failures == 2)
    }
}

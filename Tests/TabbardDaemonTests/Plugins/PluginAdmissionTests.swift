import Foundation
import Loop
import Synchronization
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The parts of the guard against crashing and hanging plugins that run without a daemon:
/// the remembered outcomes, the probe child's verdicts and the hang watch.
@Suite("Plugin admission")
struct PluginAdmissionTests {
    static let clock = PluginFingerprint(path: "/plugins/libclock.so", size: 1234, modified: 1_700_000_000_123_456_789)

    @Test("outcomes survive a new PluginRecords on the same file, and a replaced file forgets its old record")
    func recordsPersist() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(directory: directory.path, name: PluginRecords.fileName)
        let records = PluginRecords(file: file, log: quietLog)
        records.remember(Self.clock, probed: true)
        let bad = PluginFingerprint(path: "/plugins/lib bad\tname.so", size: 9, modified: 1)
        records.remember(bad, probed: false, reason: "crashed (signal 6,\tAborted)\n")
        #expect(records.recordFailure(Self.clock, reason: "render for tab a did not return within 5000 ms") == 1)

        let reread = PluginRecords(file: file, log: quietLog)
        #expect(
            reread.record(for: Self.clock)
                == PluginRecord(probed: true, failures: 1, reason: "render for tab a did not return within 5000 ms"))
        // Tabs and newlines are written as spaces, so every record stays one line.
        let cleaned = PluginFingerprint(path: "/plugins/lib bad name.so", size: 9, modified: 1)
        #expect(
            reread.record(for: cleaned)
                == PluginRecord(probed: false, failures: 1, reason: "crashed (signal 6, Aborted) "))

        var touched = Self.clock
        touched.modified += 1
        reread.remember(touched, probed: true)
        #expect(reread.record(for: Self.clock) == nil)
        #expect(
            PluginRecords(file: file, log: quietLog).record(for: touched)
                == PluginRecord(probed: true, failures: 0, reason: ""))
    }

    @Test("malformed lines are forgotten, and records without a file stay in memory")
    func malformedAndMemoryOnly() throws {
        let directory = try TemporaryDirectory()
        try directory.write(PluginRecords.fileName, "ok x 1 2 /a.so\t\nmaybe 0 1 2 /b.so\t\nbad 2 10 20 /c.so\tgone\n")
        let records = PluginRecords(
            file: StateFile(directory: directory.path, name: PluginRecords.fileName), log: quietLog)
        #expect(records.record(for: PluginFingerprint(path: "/c.so", size: 10, modified: 20))?.failures == 2)
        #expect(records.record(for: PluginFingerprint(path: "/a.so", size: 1, modified: 2)) == nil)
        #expect(records.record(for: PluginFingerprint(path: "/b.so", size: 1, modified: 2)) == nil)

        let memory = PluginRecords(file: nil, log: quietLog)
        memory.remember(Self.clock, probed: false, reason: "no")
        #expect(memory.record(for: Self.clock)?.probed == false)
    }

    /// Stand-ins for the probe child: scripts that behave as `bodies` say, all written (and
    /// closed, close-on-exec) before any runs, so that no process spawned meanwhile by a test
    /// running in parallel holds one open for writing when it is executed (ETXTBSY).
    static func scripts(_ bodies: [String], in directory: TemporaryDirectory) throws -> [String] {
        try bodies.enumerated().map { index, body in
            let path = directory.path + "/probe\(index).sh"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw FixtureError.missing(path) }
            let text = Array("#!/bin/sh\n\(body)\n".utf8)
            let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == text.count else { throw FixtureError.missing(path) }
            return path
        }
    }

    @Test("the probe child's verdicts: passed, refused, crashed, wrong exit, and killed after the timeout")
    func trialOutcomes() throws {
        let directory = try TemporaryDirectory()
        let bodies = [
            "[ \"$1 $2\" = '--probe-plugin x.plugin' ] && echo 'ok: plugin x 1 (ABI 1.0)'",
            "echo 'refused: plugin table lacks the required function render'; exit 1",
            "kill -SEGV $$", "exit 3", "exec sleep 60",
        ]
        let scripts = try Self.scripts(bodies, in: directory)
        func run(_ index: Int, timeout: Duration = .seconds(20)) -> PluginTrial.Outcome {
            PluginTrial.run(executable: scripts[index], path: "x.plugin", arguments: [], timeout: timeout)
        }
        #expect(run(0) == .passed)
        #expect(run(1) == .failed("plugin table lacks the required function render"))
        #expect(run(2) == .failed("crashed (signal \(SIGSEGV), \(String(cString: strsignal(SIGSEGV))))"))
        #expect(run(3) == .failed("exited with status 3"))
        #expect(run(4, timeout: .milliseconds(200)) == .failed("did not finish within 200 ms (killed)"))
    }

    @Test("a passed probe is logged as remembered only when there is a state file to remember it in (--no-state)")
    func probeLogSaysRememberedOnlyWithState() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("probed", in: directory)
        try directory.write("probed.plugin", testManifest("probed", tabs: ["probed-tab"]))
        let passing = try Self.scripts(["echo 'ok: plugin probed 0.1 (ABI 1.0)'"], in: directory)[0]
        func probeLine(records: PluginRecords) throws -> String? {
            let captured = CapturedLog()
            let loop = try EventLoop()
            let admission = PluginAdmission(
                records: records, log: captured.log, loop: loop, hangLimit: .seconds(5),
                probeArguments: [], saveState: { nil }, executable: passing)
            let host = PluginHost(trust: .session, log: captured.log, admission: admission)
            host.load(directories: [directory.path])
            #expect(host.isProbing("probed") && host.modules.isEmpty)
            // The probe ends on the loop, which runs until then (20 s at most).
            admission.news.listen(on: loop) { _ in loop.stop() }
            let timeout = try loop.schedule(after: .seconds(20)) { loop.stop() }
            loop.run()
            timeout.cancel()
            #expect(host.modules.map(\.name) == ["probed"])
            return captured.lines.first { $0.contains("passed its probe") }
        }
        let withoutState = try #require(try probeLine(records: PluginRecords(file: nil, log: quietLog)))
        #expect(!withoutState.contains("remembered"), "\(withoutState)")
        let withState = try #require(
            try probeLine(
                records: PluginRecords(
                    file: StateFile(directory: directory.path, name: PluginRecords.fileName), log: quietLog)))
        #expect(withState.contains("remembered"), "\(withState)")
    }

    @Test(
        "the hang watch reports a call that outlives its limit, naming plugin, function and tab, and stays quiet for calls that return"
    )
    func hangWatch() {
        let reported = Mutex<[HangWatch.Call]>([])
        let watch = HangWatch(limit: .milliseconds(100)) { call in reported.withLock { $0.append(call) } }
        for _ in 0..<5 {
            let previous = watch.begin(.init(plugin: "quick", function: "render", tab: "a", fingerprint: nil))
            watch.end(restoring: previous)
        }
        usleep(300_000)
        #expect(reported.withLock { $0.isEmpty })

        _ = watch.begin(.init(plugin: "slow", function: "activate", tab: "b", fingerprint: Self.clock))
        let deadline = Date().addingTimeInterval(10)
        while reported.withLock({ $0.isEmpty }) && Date() < deadline { usleep(10_000) }
        let call = reported.withLock { $0.first }
        #expect(
            call?.plugin == "slow" && call?.function == "activate" && call?.tab == "b"
                && call?.fingerprint == Self.clock)
    }

    @Test("plugin calls in quick succession wake the hang watch once, not once per call (four per Select)")
    func hangWatchSleepsThroughBusyCalls() {
        let watch = HangWatch(limit: .seconds(60)) { _ in }
        usleep(50_000) // The thread starts and waits for a first call.
        // Calls with a little work between them, as a daemon answering requests makes them.
        for _ in 0..<200 {
            let previous = watch.begin(.init(plugin: "clock", function: "did_appear", tab: "alarm", fingerprint: nil))
            watch.end(restoring: previous)
            usleep(200)
        }
        #expect(watch.wakeUps <= 1, "\(watch.wakeUps) wake-ups for 200 calls")
    }

    @Test("a tick after the last plugin call the hang watch sleeps without a timeout: an idle daemon is not woken")
    func hangWatchSleepsWhenIdle() {
        let watch = HangWatch(limit: .milliseconds(100)) { _ in }
        for _ in 0..<20 {
            let previous = watch.begin(.init(plugin: "clock", function: "render", tab: "alarm", fingerprint: nil))
            watch.end(restoring: previous)
            usleep(1_000)
        }
        usleep(300_000)
        let settled = watch.wakeUps
        usleep(500_000)
        #expect(watch.wakeUps == settled)
    }

    @Test("the hang limit comes from TABBARD_PLUGIN_HANG_LIMIT_MS, else half of WATCHDOG_USEC, else 5 s")
    func hangLimit() {
        #expect(HangWatch.limit(environment: [:]) == .seconds(5))
        #expect(HangWatch.limit(environment: ["WATCHDOG_USEC": "30000000"]) == .seconds(15))
        #expect(
            HangWatch.limit(environment: ["WATCHDOG_USEC": "30000000", "TABBARD_PLUGIN_HANG_LIMIT_MS": "250"])
                == .milliseconds(250))
        #expect(HangWatch.limit(environment: ["TABBARD_PLUGIN_HANG_LIMIT_MS": "0"]) == .seconds(5))
    }
}

/// What a child that runs plugin code is given of the daemon's environment.
@Suite("The environment of a plugin's child process")
struct PluginEnvironmentTests {
    @Test(
        "only locale, time zone and the journal stream pass, with a fixed PATH; the service manager's, the bus's and anything else stay behind"
    )
    func cleanEnvironment() {
        let daemon = [
            "LANG": "de_DE.UTF-8", "LC_TIME": "C", "TZ": "Europe/Berlin", "JOURNAL_STREAM": "8:123",
            "NOTIFY_SOCKET": "/run/systemd/notify", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus",
            "STATE_DIRECTORY": "/var/lib/tabbard", "WATCHDOG_USEC": "30000000", "PATH": "/home/me/bin:/usr/bin",
            "LD_PRELOAD": "/tmp/evil.so", "API_TOKEN": "secret",
        ]
        #expect(
            PluginEnvironment.entries(from: daemon) == [
                "PATH=/usr/local/bin:/usr/bin:/bin", "JOURNAL_STREAM=8:123",
                "LANG=de_DE.UTF-8", "LC_TIME=C", "TZ=Europe/Berlin",
            ])
    }
}

import Foundation
import TabbardTestSupport
import Testing

/// What the daemon meets in its state directory when someone got there first: a FIFO where a
/// file belongs, a link to `/dev/zero` or to a file it must not write, and a second daemon on
/// the same directory (docs/reliability.md). Each try starts the daemon on a fresh directory
/// with the fault planted, makes acknowledged changes, stops it with SIGTERM and starts it
/// again: it must start and stop in time, answer every call, and keep every acknowledged
/// change (STATE-4).
@Suite("Hostile state directory")
struct StateDirectoryFaultTests {
    /// One fault: what is planted, and when.
    struct Fault {
        /// The name in figures and failures.
        let name: String
        /// In the fresh state directory, before the daemon's first start.
        var beforeStart: (_ stateDirectory: String) throws -> Void = { _ in }
        /// Before each change, while the daemon runs.
        var beforeChange: (_ daemon: DaemonProcess) throws -> Void = { _ in }
        /// Once the daemon has stopped, before it starts again.
        var afterStop: (_ daemon: DaemonProcess) throws -> Void = { _ in }
        /// At the end of each try, with the daemon stopped.
        var afterTry: (_ daemon: DaemonProcess) -> Void = { _ in }

        /// `plant` puts something at `name` in the state directory before the first start;
        /// the daemon must set it aside as `setAsideAs` and say so.
        static func plantedBeforeStart(
            _ fault: String, at name: String, setAsideAs: String,
            plant: @escaping (_ path: String) throws -> Void
        ) -> Fault {
            Fault(
                name: fault, beforeStart: { directory in try plant(directory + "/" + name) },
                afterTry: { daemon in
                    var info = stat()
                    #expect(
                        lstat(daemon.stateDirectory + "/" + setAsideAs, &info) == 0,
                        "no \(setAsideAs) in \(daemon.stateDirectory)")
                    #expect(
                        daemon.log.contains("set aside as \(daemon.stateDirectory)/\(setAsideAs)"),
                        "log:\n\(daemon.log)")
                })
        }
    }

    /// What the tries of one fault added up to.
    struct Figures {
        var tries = 0
        var acknowledged = 0
        var refused = 0
        var unanswered = 0
        var lost = 0
    }

    static let tries = Variant.pick(short: 2, long: 20)
    static let changesPerTry = Variant.pick(short: 3, long: 10)

    @Test(
        "a FIFO at state.json is set aside at start; the daemon serves, stops on SIGTERM, keeps every acknowledged change (STATE-4)"
    )
    func fifoAtState() throws {
        try exercise(
            .plantedBeforeStart(
                "fifo-at-state", at: "state.json", setAsideAs: "state.json.fifo", plant: { try makeFIFO($0) }))
    }

    @Test("a FIFO at plugins.state is set aside at start; the daemon serves and keeps every acknowledged change")
    func fifoAtPluginRecords() throws {
        try exercise(
            .plantedBeforeStart(
                "fifo-at-plugins-state", at: "plugins.state", setAsideAs: "plugins.state.fifo",
                plant: { try makeFIFO($0) }))
    }

    @Test("a FIFO planted at state.json.new blocks no write: every call is answered and kept (STATE-4)")
    func fifoAtTemporary() throws {
        try exercise(
            Fault(
                name: "fifo-at-temporary",
                beforeChange: { daemon in
                    // One still there means the last write never got past it.
                    try makeFIFO(daemon.stateDirectory + "/state.json.new", unlessPresent: true)
                }))
    }

    @Test(
        "state.json linked to /dev/zero is set aside unread; the daemon starts small and keeps every acknowledged change"
    )
    func deviceAtState() throws {
        try exercise(
            .plantedBeforeStart("dev-zero-at-state", at: "state.json", setAsideAs: "state.json.symlink") { path in
                try makeLink(path, to: "/dev/zero")
            })
    }

    @Test("a link planted at state.json.new is removed, never written through: its target stays as it was (STATE-4)")
    func linkAtTemporary() throws {
        let victim = try makeTemporaryDirectory("tabbard-victim") + "/precious"
        let content = "not the daemon's to write\n"
        try content.write(toFile: victim, atomically: false, encoding: .utf8)
        try exercise(
            Fault(
                name: "symlink-at-temporary",
                beforeChange: { daemon in
                    // One still there means the last write never got past it; a write in flight is
                    // the daemon's own file, which a loaded machine can leave in place a moment.
                    try makeLink(daemon.stateDirectory + "/state.json.new", to: victim, unlessPresent: true)
                }))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == content)
    }

    @Test(
        "a second daemon on another bus with the same state directory refuses to start, naming the first; nothing of the first's is lost"
    )
    func secondDaemon() throws {
        let others = SecondDaemons()
        try exercise(
            Fault(
                name: "second-daemon",
                beforeChange: { daemon in
                    try others.tryStart(beside: daemon)
                },
                afterStop: { _ in
                    others.stopSurvivors()
                }))
        #expect(others.attempts == Self.tries * Self.changesPerTry)
        #expect(
            others.refusals == others.attempts,
            "\(others.attempts - others.refusals) second daemons did not refuse to start")
    }

    // MARK: - Running a fault

    /// Runs `tries` rounds of `fault` and checks what every round must leave; prints and
    /// returns the figures.
    @discardableResult
    private func exercise(_ fault: Fault) throws -> Figures {
        var figures = Figures()
        for round in 0..<Self.tries {
            let context = "\(fault.name), try \(round)"
            let directory = try makeTemporaryDirectory("tabbard-state")
            try fault.beforeStart(directory)
            let daemon = try DaemonProcess(stateDirectory: directory) // Fails unless serving within 30 s.
            let rss = residentKiB(daemon.pid)
            #expect(rss < 200_000, "\(context): VmRSS \(rss) KiB after the start")
            var ledger = try ChangeLedger(address: daemon.bus.address)
            for _ in 0..<Self.changesPerTry {
                try fault.beforeChange(daemon)
                try ledger.change(daemon.bus.address)
            }
            let stopped = daemon.stop(within: 10)
            #expect(stopped == 0, "\(context): SIGTERM ended the daemon with status \(stopped); log:\n\(daemon.log)")
            try fault.afterStop(daemon)
            try daemon.start()
            try ledger.check(daemon.bus.address, context: context)
            #expect(daemon.stop(within: 10) == 0, "\(context): log:\n\(daemon.log)")
            #expect(!daemon.log.contains("cannot save state"), "\(context): log:\n\(daemon.log)")
            fault.afterTry(daemon)
            figures.tries += 1
            figures.acknowledged += ledger.acknowledged
            figures.refused += ledger.refused
            figures.unanswered += ledger.unanswered
            figures.lost += ledger.lost
        }
        #expect(figures.unanswered == 0, "\(fault.name): \(figures.unanswered) calls were not answered within 10 s")
        #expect(figures.lost == 0, "\(fault.name): \(figures.lost) acknowledged changes lost")
        print(
            "state-directory \(fault.name): SUMMARY {\"tries\": \(figures.tries), \"acknowledged\": \(figures.acknowledged), "
                + "\"refused\": \(figures.refused), \"unanswered\": \(figures.unanswered), \"lost\": \(figures.lost)}")
        return figures
    }
}

/// Second daemons started beside a running one, on a bus of their own and its state directory.
/// Each must end by itself, non-zero, naming the first one's pid; one that runs instead is
/// kept running until the first has stopped and then stopped with SIGTERM, as an operator
/// would, so that what it saves at its stop shows in the first one's restored state.
private final class SecondDaemons {
    private(set) var attempts = 0
    private(set) var refusals = 0
    private var survivors: [(process: LoggedProcess, bus: PrivateBus)] = []

    func tryStart(beside daemon: DaemonProcess) throws {
        attempts += 1
        let bus = try PrivateBus()
        let second = try LoggedProcess([
            try PackagePaths.executable("tabbard"), "--address", bus.address,
            "--plugin-dir", daemon.pluginDirectory, "--state-dir", daemon.stateDirectory,
        ])
        guard second.waitForExit(timeout: 5, stopping: false) else {
            Issue.record("a second daemon on \(daemon.stateDirectory) still runs after 5 s")
            survivors.append((second, bus))
            return
        }
        let output = second.lines.joined(separator: "\n")
        #expect(second.exitStatus == 1, "the second daemon exited with \(second.exitStatus ?? -1):\n\(output)")
        #expect(
            output.contains("pid \(daemon.pid)"), "the refusal does not name the holder, pid \(daemon.pid):\n\(output)")
        if second.exitStatus != 0 { refusals += 1 }
    }

    func stopSurvivors() {
        for survivor in survivors { survivor.process.stop(signal: SIGTERM) }
        survivors.removeAll()
    }
}

/// Creates a FIFO at `path`; with `unlessPresent`, one already there is left as it is.
private func makeFIFO(_ path: String, unlessPresent: Bool = false) throws {
    guard mkfifo(path, 0o600) == 0 || (unlessPresent && errno == EEXIST) else {
        throw TestFailure("mkfifo \(path): \(String(cString: strerror(errno)))")
    }
}

/// Creates a symbolic link at `path` pointing to `target`; with `unlessPresent`, something
/// already at `path` (the link planted before a change the daemon has not written yet, or its
/// own temporary file in the middle of a write) is left as it is.
private func makeLink(_ path: String, to target: String, unlessPresent: Bool = false) throws {
    guard symlink(target, path) == 0 || (unlessPresent && errno == EEXIST) else {
        throw TestFailure("symlink \(path): \(String(cString: strerror(errno)))")
    }
}

import BenchClient
import BenchSupport
import Glibc

/// `make bench`'s isolation part: what running the bundled plugins each in a helper process
/// (`isolation = "process"`) costs against running them in the daemon. Two daemons run side
/// by side, each on a private bus of its own with its own client, both configured explicitly
/// (`[plugin.NAME] isolation`), so that the defaults decide nothing here:
///
/// - `GetContent` and `Activate` latency at window 1, the two daemons' runs interleaved round
///   by round (odd rounds in reverse order), with each ratio taken per round, and the daemon's
///   and the helpers' CPU time per call beside it;
/// - `VmRSS` of each helper, anonymous and file-backed, and of both daemons;
/// - start to `READY=1`, and on to every plugin answering `GetContent`, in both modes, first
///   starts (a new state directory each) and remembered ones, interleaved.
@MainActor final class IsolationBench {
    /// One of the two daemons: its bus, client and configuration.
    @MainActor final class Side {
        let label: String
        let isolation: String
        let bus: BenchBus
        let client: OpaquePointer
        let runner: RequestRunner
        let configuration: String
        var daemon: pid_t = 0

        init(label: String, isolation: String, plugins: [String]) {
            self.label = label
            self.isolation = isolation
            bus = BenchBus()
            Self.buses.append(bus)
            guard let client = bench_connect(bus.address) else {
                IsolationBench.abort("\(label): cannot connect to its bus")
            }
            self.client = client
            configuration = bus.scratch("config") + "/tabbard.toml"
            writeFile(
                configuration, plugins.map { "[plugin.\($0)]\nisolation = \"\(isolation)\"\n" }.joined(separator: "\n"))
            runner = RequestRunner(client: client) { reason in IsolationBench.abort(reason) }
        }

        /// The buses of every side, stopped together when a run fails.
        static var buses: [BenchBus] = []
    }

    /// Stops both sides' buses and what runs on them, and ends the benchmark with `reason`.
    static func abort(_ reason: String) -> Never {
        for bus in Side.buses { bus.stop() }
        fatalError(reason)
    }

    /// What is measured of one request in one round on one side.
    struct Run {
        let figures: Figures
        /// CPU time per call, µs: the daemon's (all its threads) and its helpers' together.
        let daemonCPU: Double
        let helperCPU: Double
    }

    private let tabbard: String
    private let pluginDirectory: String
    private let calls: Int
    private let rounds: Int
    /// The bundled plugins and, for each, a tab whose `GetContent` says its plugin answers.
    static let plugins = [("clock", "alarm"), ("media", "playlists"), ("notes", "notes")]
    static let service = "org.tabbard.TabBar1"
    static let controllerPath = "/org/tabbard/TabBar1"

    let inProcess: Side
    let isolated: Side
    private var runs: [String: [Run]] = [:]
    private var starts: [String: [(ready: Double, serving: Double)]] = [:]
    private var helpers: [(plugin: String, memory: Memory)] = []
    private var daemons: [String: Memory] = [:]

    /// A process's memory in kB: `VmRSS` with its anonymous and file-backed parts, and the
    /// proportional set size (`Pss`, `/proc/PID/smaps_rollup`), which counts a page shared by
    /// n processes as 1/n: the helpers share the daemon's executable and runtime libraries.
    struct Memory {
        let resident, anonymous, file: Int
        let proportional, proportionalAnonymous, proportionalFile: Int

        init(pid: pid_t) {
            let probe = DaemonProbe(pid: pid)
            (resident, anonymous, file) = (probe.residentKilobytes, probe.anonymousKilobytes, probe.fileKilobytes)
            var fields: [String: Int] = [:]
            for line in (readText("/proc/\(pid)/smaps_rollup") ?? "").split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.count >= 2, let value = Int(words[1]) { fields[String(words[0])] = value }
            }
            (proportional, proportionalAnonymous, proportionalFile) = (
                fields["Pss:"] ?? -1, fields["Pss_Anon:"] ?? -1, fields["Pss_File:"] ?? -1
            )
        }

        /// `VmRSS a + f, Pss a + f` in MB.
        var text: String {
            func megabytes(_ kilobytes: Int) -> String { number(Double(kilobytes) / 1024, 1) }
            return "VmRSS \(megabytes(resident)) (\(megabytes(anonymous)) + \(megabytes(file))), "
                + "Pss \(megabytes(proportional)) (\(megabytes(proportionalAnonymous)) + \(megabytes(proportionalFile)))"
        }
    }

    /// The requests measured: a cheap page of the C plugin (`notes`) and of the Swift one
    /// (`alarm`), and an action pair that changes something every call (`add`, then `clear`:
    /// the badge and the actions change, as a click does).
    let requests: [Request]

    init(tabbard: String, pluginDirectory: String, calls: Int, rounds: Int) {
        self.tabbard = tabbard
        self.pluginDirectory = pluginDirectory
        self.calls = calls
        self.rounds = rounds
        let names = Self.plugins.map(\.0)
        inProcess = Side(label: "in-process", isolation: "in-process", plugins: names)
        isolated = Side(label: "process", isolation: "process", plugins: names)
        func controller(_ label: String, _ member: String, _ sets: [[String]]) -> Request {
            Request(
                label: label, destination: Self.service, path: Self.controllerPath, interface: "org.tabbard.TabBar1",
                member: member, argumentSets: sets)
        }
        requests = [
            controller("GetContent notes (C)", "GetContent", [["notes"]]),
            controller("GetContent alarm (Swift)", "GetContent", [["alarm"]]),
            controller("Activate notes add/clear", "Activate", [["notes", "add"], ["notes", "clear"]]),
        ]
    }

    /// Runs every measure; the daemons are stopped and the buses removed afterwards.
    func measure() {
        measureStarts(count: 7)
        for side in [inProcess, isolated] { side.daemon = start(side, state: side.bus.scratch("state")) }
        for side in [inProcess, isolated] {
            for request in requests { _ = side.runner.measure(request, window: 1, count: min(calls, 2000)) }
        }
        for round in 0..<rounds {
            for request in round % 2 == 0 ? requests : requests.reversed() {
                for side in round % 2 == 0 ? [inProcess, isolated] : [isolated, inProcess] {
                    runs[key(side, request), default: []].append(run(request, on: side))
                }
            }
        }
        for side in [inProcess, isolated] { daemons[side.label] = Memory(pid: side.daemon) }
        helpers = Self.children(of: isolated.daemon).map { (Self.pluginName(of: $0), Memory(pid: $0)) }.sorted {
            $0.plugin < $1.plugin
        }
        for side in [inProcess, isolated] {
            side.bus.kill(side.daemon, signal: SIGTERM)
            side.bus.stop()
        }
    }

    private func key(_ side: Side, _ request: Request) -> String { side.label + "|" + request.label }

    /// One run of `request` on `side`, with the CPU time its daemon and helpers spent on it.
    private func run(_ request: Request, on side: Side) -> Run {
        let daemon = DaemonProbe(pid: side.daemon)
        let helpers = Self.children(of: side.daemon).map { DaemonProbe(pid: $0) }
        let daemonBefore = daemon.totalCPUNanoseconds
        let helpersBefore = helpers.map(\.totalCPUNanoseconds).reduce(0, +)
        let figures = side.runner.measure(request, window: 1, count: calls)
        let daemonSpent = daemon.totalCPUNanoseconds - daemonBefore
        let helpersSpent = helpers.map(\.totalCPUNanoseconds).reduce(0, +) - helpersBefore
        return Run(
            figures: figures, daemonCPU: Double(daemonSpent) / 1000 / Double(calls),
            helperCPU: Double(helpersSpent) / 1000 / Double(calls))
    }

    // MARK: Starts

    private func arguments(_ side: Side, state: String) -> [String] {
        [
            tabbard, "--address", side.bus.address, "--config", side.configuration, "--plugin-dir", pluginDirectory,
            "--state-dir", state, "--log-level", "warning",
        ]
    }

    /// Starts the daemon of `side` and waits until every plugin answers.
    private func start(_ side: Side, state: String) -> pid_t {
        let pid = side.bus.spawn(arguments(side, state: state))
        var waited = 0
        while !serving(side) && waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        return pid
    }

    /// Whether a tab of every bundled plugin answers `GetContent` on `side`'s bus.
    private func serving(_ side: Side) -> Bool {
        Self.plugins.allSatisfy { _, tab in
            bench_call_succeeds(
                side.client, Self.service, Self.controllerPath, "org.tabbard.TabBar1", "GetContent", tab) != 0
        }
    }

    /// `count` first starts and `count` remembered starts in each mode, interleaved.
    private func measureStarts(count: Int) {
        let remembered = [inProcess, isolated].map { ($0.label, $0.bus.scratch("remembered")) }
        for side in [inProcess, isolated] { _ = time(side, state: side.bus.scratch("remembered"), scratch: "warm-up") }
        for attempt in 0..<count {
            for side in attempt % 2 == 0 ? [inProcess, isolated] : [isolated, inProcess] {
                starts["\(side.label)|first", default: []].append(
                    time(side, state: side.bus.scratch("first-\(attempt)"), scratch: "first-\(attempt)"))
                let state = remembered.first { $0.0 == side.label }!.1
                starts["\(side.label)|remembered", default: []].append(
                    time(side, state: state, scratch: "remembered-\(attempt)"))
            }
        }
    }

    private func time(_ side: Side, state: String, scratch: String) -> (ready: Double, serving: Double) {
        let measured = StartTime.measure(
            bus: side.bus, argv: arguments(side, state: state), scratch: "notify-" + scratch,
            serving: { serving(side) },
            waitGone: {
                var waited = 0
                while bench_name_has_owner(side.client, Self.service) != 0 && waited < 1000 {
                    usleep(5_000)
                    waited += 1
                }
            })
        guard let measured else {
            Self.abort("\(side.label) start: no READY=1, or its plugins did not answer, within 10 s")
        }
        return measured
    }

    // MARK: Helpers

    /// The processes whose parent is `pid` (its plugin helpers).
    static func children(of pid: pid_t) -> [pid_t] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [pid_t] = []
        while let entry = readdir(proc) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard let child = pid_t(name), let stat = readText("/proc/\(child)/stat"),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command: state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == pid { found.append(child) }
        }
        return found
    }

    /// The plugin a helper serves: the manifest named after `--plugin-host` on its command line.
    static func pluginName(of pid: pid_t) -> String {
        let words = (readText("/proc/\(pid)/cmdline") ?? "").split(separator: "\0").map(String.init)
        guard let index = words.firstIndex(of: "--plugin-host"), index + 1 < words.count else { return "pid \(pid)" }
        let file = words[index + 1].split(separator: "/").last.map(String.init) ?? words[index + 1]
        return file.hasSuffix(".plugin") ? String(file.dropLast(7)) : file
    }

    // MARK: Report

    /// Prints the figures.
    func print() {
        Swift.print(
            "isolation: the bundled plugins in the daemon against each in a helper process, \(calls) calls per run, \(rounds) interleaved rounds, window 1, two daemons on two private buses"
        )
        Swift.print(
            pad("request", 28) + pad("mode", 12) + pad("p50 µs", 9) + pad("p99 µs", 9) + pad("calls/s", 9)
                + "CPU µs per call: daemon + helpers")
        for request in requests {
            for side in [inProcess, isolated] {
                let series = runs[key(side, request)]!
                let median = Figures.median(series.map(\.figures))
                Swift.print(
                    pad(request.label, 28) + pad(side.label, 12) + pad(number(median.p50, 1), 9)
                        + pad(number(median.p99, 1), 9)
                        + pad(number(median.callsPerSecond, 0), 9)
                        + "\(number(Spread(series.map(\.daemonCPU)).median, 1)) + \(number(Spread(series.map(\.helperCPU)).median, 1))"
                )
            }
        }
        Swift.print("process / in-process, per round, median (min–max); target: p50 within 1.5× + 50 µs:")
        for request in requests {
            let local = runs[key(inProcess, request)]!.map(\.figures)
            let remote = runs[key(isolated, request)]!.map(\.figures)
            let p50 = Spread(ratiosOf: remote.map(\.p50), to: local.map(\.p50))
            let p99 = Spread(ratiosOf: remote.map(\.p99), to: local.map(\.p99))
            let added = Spread(zip(remote, local).map { $0.p50 - $1.p50 })
            let allowed = Spread(local.map { 1.5 * $0.p50 + 50 })
            let met = zip(remote, local).filter { $0.p50 <= 1.5 * $1.p50 + 50 }.count
            Swift.print(
                "  \(pad(request.label, 26)) p50 \(p50.text(2))×, p99 \(p99.text(2))×; +\(added.text(1)) µs at p50; "
                    + "allowed \(allowed.text(1)) µs: met in \(met) of \(remote.count) rounds")
        }
        Swift.print("memory after the runs, MB (anonymous + file-backed):")
        for helper in helpers { Swift.print("  helper \(pad(helper.plugin, 18)) \(helper.memory.text)") }
        for side in [inProcess, isolated] {
            Swift.print("  daemon, \(pad(side.label, 11)) \(daemons[side.label]!.text)")
        }
        Swift.print("start, ms, median (min–max) of 7: to READY=1, and to every plugin answering GetContent:")
        for side in [inProcess, isolated] {
            for kind in ["remembered", "first"] {
                let times = starts["\(side.label)|\(kind)"]!
                let goal = side === isolated && kind == "remembered" ? "  (target < 50 ms)" : ""
                Swift.print(
                    "  \(pad(side.label, 11)) \(pad(kind, 11)) READY=1 \(Spread(times.map(\.ready)).text(1)), serving \(Spread(times.map(\.serving)).text(1))\(goal)"
                )
            }
        }
    }
}

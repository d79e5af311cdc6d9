import BenchSupport
import Glibc

/// Issue 37's 16 MB calls: the CPU a receiver spends per call whose one argument is a 16 MB
/// string no member takes, the daemon against the C echo service on libdbus's own loop, both
/// answering with an error and so doing nothing but read and check the message. A call that
/// comes behind N such calls in the bus's queue for the daemon, first in first out, waits N
/// times the daemon's figure (docs/reliability.md, Under 16 MB calls).
@MainActor struct LargeCallsBench {
    let runner: RequestRunner
    let rounds: Int
    /// Calls per run.
    static let calls = 8
    /// The argument's size.
    static let bytes = 16 << 20

    /// Per-round CPU per call, in ms, of each receiver.
    struct Figures {
        var daemon: [Double] = []
        var echo: [Double] = []
    }

    /// Interleaved rounds of calls to the daemon (`GetContent`, answered `InvalidArgs`) and to
    /// the echo service (a member it lacks, answered `UnknownMethod`).
    func measure(daemon: pid_t, daemonName: String, echo: pid_t, echoName: String) -> Figures {
        let argument = String(repeating: "x", count: Self.bytes)
        let toDaemon = Request(
            label: "GetContent(s) 16 MB", destination: daemonName, path: "/org/tabbard/TabBar1",
            interface: "org.tabbard.TabBar1", member: "GetContent", argumentSets: [[argument]])
        let toEcho = Request(
            label: "C echo, 16 MB to no member", destination: echoName, path: "/bench",
            interface: "org.example.Bench1", member: "NoSuchMember", argumentSets: [[argument]])
        _ = runner.measure(toDaemon, window: 1, count: 2, errorsExpected: true)
        _ = runner.measure(toEcho, window: 1, count: 2, errorsExpected: true)
        var figures = Figures()
        for round in 0..<rounds {
            let order = round % 2 == 0 ? [(toDaemon, daemon), (toEcho, echo)] : [(toEcho, echo), (toDaemon, daemon)]
            for (request, pid) in order {
                let before = Self.cpuMilliseconds(pid)
                _ = runner.measure(request, window: 1, count: Self.calls, errorsExpected: true)
                let perCall = (Self.cpuMilliseconds(pid) - before) / Double(Self.calls)
                if pid == daemon { figures.daemon.append(perCall) } else { figures.echo.append(perCall) }
            }
        }
        return figures
    }

    /// Every thread's CPU time of `pid` so far, in ms.
    static func cpuMilliseconds(_ pid: pid_t) -> Double {
        Double(DaemonProbe(pid: pid).totalCPUNanoseconds) / 1_000_000
    }

    /// Prints the figures and what they mean for a call queued behind 4 and 8 such calls.
    static func print(_ figures: Figures) {
        let daemon = Spread(figures.daemon)
        let echo = Spread(figures.echo)
        Swift.print(
            "16 MB calls (a string argument no member takes, answered with an error), CPU per call, ms, median (min–max) of \(figures.daemon.count) rounds of \(calls):"
        )
        Swift.print("  the daemon \(daemon.text(1)); the C echo service on libdbus's own loop \(echo.text(1))")
        Swift.print(
            "  a call behind 4 of them in the bus's queue waits at least \(number(4 * daemon.median, 0)) ms of the daemon's CPU, behind 8 (what 127 MiB of queue holds) \(number(8 * daemon.median, 0)) ms (issue 37 aims at ≤ 100 ms at the 99th percentile)"
        )
    }
}

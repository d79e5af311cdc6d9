import BenchClient
import BenchSupport
import Glibc

/// One kind of request: a member of some service and the argument lists it cycles through.
struct Request {
    let label: String
    let destination: String
    let path: String
    let interface: String
    let member: String
    let argumentSets: [[String]]

    /// The same member and arguments sent to another service (a baseline doing the same work).
    func sent(to destination: String, as label: String) -> Request {
        Request(
            label: label, destination: destination, path: path, interface: interface, member: member,
            argumentSets: argumentSets)
    }
}

/// Sends requests through the one raw-libdbus bench client and keeps the figures of every run.
@MainActor final class RequestRunner {
    private let client: OpaquePointer
    private let onFailure: (String) -> Never
    private var latencies: [Int64] = []

    /// A runner over `client`; `onFailure` ends the benchmark when a run fails.
    init(client: OpaquePointer, onFailure: @escaping (String) -> Never) {
        self.client = client
        self.onFailure = onFailure
    }

    /// `count` calls of `request` with `window` in flight; error replies end the benchmark
    /// unless `errorsExpected`.
    func measure(_ request: Request, window: Int32, count: Int, errorsExpected: Bool = false) -> Figures {
        if latencies.count < count { latencies = [Int64](repeating: 0, count: count) }
        let cStrings = request.argumentSets.flatMap { $0 }.map { strdup($0) }
        defer { for pointer in cStrings { free(pointer) } }
        let pointers = cStrings.map { UnsafePointer<CChar>($0) }
        let elapsed = pointers.withUnsafeBufferPointer { arguments in
            latencies.withUnsafeMutableBufferPointer { buffer in
                bench_run_strings(
                    client, request.destination, request.path, request.interface, request.member,
                    arguments.baseAddress, Int32(request.argumentSets.first?.count ?? 0),
                    Int32(request.argumentSets.count), errorsExpected ? 1 : 0, window, Int32(count), buffer.baseAddress)
            }
        }
        guard elapsed > 0 else { onFailure("\(request.label): the run failed") }
        return Figures(latencies: Array(latencies.prefix(count)), elapsed: elapsed)
    }

    /// Every request at every window, `rounds` times over, interleaved (so drifting machine
    /// load hits all alike), after one warm-up run of each. Odd rounds run the requests in
    /// reverse order, so that neither of two neighbours always runs first.
    func rounds(_ requests: [Request], windows: [Int32], rounds: Int, calls: Int) -> RoundTable {
        for request in requests { _ = measure(request, window: 32, count: min(calls, 2000)) }
        var table = RoundTable(requests: requests, windows: windows)
        for round in 0..<rounds {
            for window in windows {
                for request in round % 2 == 0 ? requests : requests.reversed() {
                    table.runs[RoundTable.key(request, window), default: []].append(
                        measure(request, window: window, count: calls))
                }
            }
        }
        return table
    }

    /// `request` against `baseline` in `pairs` pairs of short back-to-back runs of `calls`
    /// calls each, after one warm-up run of each: the ratio of their rates, pair by pair. A
    /// pair takes a fraction of a second, so the machine's speed, which drifts over seconds,
    /// is about the same for both of its runs; the order within a pair alternates
    /// (ABBA), so that neither side always runs right after the other.
    func pairedRuns(_ request: Request, against baseline: Request, window: Int32, pairs: Int, calls: Int) -> Spread {
        _ = measure(request, window: window, count: calls)
        _ = measure(baseline, window: window, count: calls)
        let ratios = (0..<pairs).map { pair in
            let first = pair % 2 == 0 ? request : baseline
            let second = pair % 2 == 0 ? baseline : request
            let firstRate = measure(first, window: window, count: calls).callsPerSecond
            let secondRate = measure(second, window: window, count: calls).callsPerSecond
            return pair % 2 == 0 ? firstRate / secondRate : secondRate / firstRate
        }
        return Spread(ratios)
    }
}

/// The runs of several requests over interleaved rounds.
struct RoundTable {
    let requests: [Request]
    let windows: [Int32]
    /// Each request's runs at each window, in round order.
    var runs: [String: [Figures]] = [:]

    static func key(_ request: Request, _ window: Int32) -> String { "\(request.label)|\(window)" }

    /// Calls per second of each round.
    func throughput(_ request: Request, window: Int32) -> Spread {
        Spread(runs[Self.key(request, window)]!.map(\.callsPerSecond))
    }

    /// `request`'s throughput over `baseline`'s, round by round.
    func ratio(_ request: Request, to baseline: Request, window: Int32) -> Spread {
        Spread(ratiosOf: throughput(request, window: window).rounds, to: throughput(baseline, window: window).rounds)
    }

    /// Prints one row per request and window: calls/s (median, min–max) and the median
    /// round's p50 and p99 latencies.
    func print() {
        Swift.print(
            pad("request", 34) + pad("window", 8) + pad("calls/s median (min–max)", 28) + pad("p50 µs", 9) + "p99 µs")
        for window in windows {
            for request in requests {
                let median = Figures.median(runs[Self.key(request, window)]!)
                Swift.print(
                    pad(request.label, 34) + pad("\(window)", 8) + pad(throughput(request, window: window).text(0), 28)
                        + pad(number(median.p50, 1), 9) + number(median.p99, 1))
            }
        }
    }
}

import Glibc

/// Throughput and latency of one run.
public struct Figures {
    /// Calls per second over the run.
    public var callsPerSecond: Double
    /// Median latency in microseconds.
    public var p50: Double
    /// 99th-percentile latency in microseconds.
    public var p99: Double

    /// Figures from per-call latencies (nanoseconds) and the run's wall time (nanoseconds).
    public init(latencies: [Int64], elapsed: Int64) {
        let sorted = latencies.sorted()
        callsPerSecond = Double(latencies.count) / (Double(elapsed) / 1e9)
        p50 = Double(sorted[sorted.count / 2]) / 1000
        p99 = Double(sorted[sorted.count * 99 / 100]) / 1000
    }

    init(callsPerSecond: Double, p50: Double, p99: Double) {
        self.callsPerSecond = callsPerSecond
        self.p50 = p50
        self.p99 = p99
    }

    /// The median of each figure over several rounds.
    public static func median(_ rounds: [Figures]) -> Figures {
        func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Figures(
            callsPerSecond: middle(rounds.map(\.callsPerSecond)), p50: middle(rounds.map(\.p50)),
            p99: middle(rounds.map(\.p99)))
    }
}

/// `text` padded with spaces to `width` columns.
public func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// `value` rounded to `decimals` places, as text.
public func number(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? String(Int(rounded)) : String(rounded)
}

/// Answers `--help` with `usage` and exits 0; exits 2 with `usage` on standard error for any
/// argument that is not one of `options` (each followed by its value) or `flags`. A benchmark
/// that ran for minutes because of a mistyped option would measure the wrong thing.
public func checkCommandLine(usage: String, options: [String], flags: [String] = []) {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    var index = arguments.startIndex
    while index < arguments.endIndex {
        let argument = arguments[index]
        if options.contains(argument), index + 1 < arguments.endIndex {
            index += 2
        } else if flags.contains(argument) {
            index += 1
        } else {
            warn("\(CommandLine.arguments[0]): unexpected argument '\(argument)'\n\(usage)")
            exit(2)
        }
    }
}

/// The word after `name` on the command line (`--plugins DIR`), or `value`.
public func option(_ name: String, default value: String) -> String {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return arguments[index + 1]
}

/// The number after `name` on the command line (`--calls 5000`), or `value`.
public func option(_ name: String, default value: Int) -> Int {
    Int(option(name, default: "")) ?? value
}

/// One measure over several interleaved rounds: its median and its spread.
public struct Spread {
    /// The value of each round, in round order.
    public let rounds: [Double]

    /// A spread of the given per-round values (at least one).
    public init(_ rounds: [Double]) {
        precondition(!rounds.isEmpty, "a spread needs at least one round")
        self.rounds = rounds
    }

    /// The per-round ratios `numerator[i] / denominator[i]`: rounds measured side by side, so
    /// that load drifting between rounds cancels out of each ratio.
    public init(ratiosOf numerator: [Double], to denominator: [Double]) {
        precondition(numerator.count == denominator.count, "ratios pair rounds one to one")
        self.init(zip(numerator, denominator).map { $0 / $1 })
    }

    /// The median round.
    public var median: Double { rounds.sorted()[rounds.count / 2] }
    /// The lowest round.
    public var min: Double { rounds.min()! }
    /// The highest round.
    public var max: Double { rounds.max()! }

    /// `median (min–max)` with `decimals` places.
    public func text(_ decimals: Int) -> String {
        "\(number(median, decimals)) (\(number(min, decimals))–\(number(max, decimals)))"
    }
}

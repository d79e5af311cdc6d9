import TabbardPluginKit

/// The `stopwatch` tab: start, stop, lap, reset; the root page shows the reading, the
/// `laps` page every lap. It ticks (ten times a second) only while shown and running.
final class Stopwatch: TabContent {
    static let id = "stopwatch"

    let host: TabHost
    /// When the current run started; nil while stopped.
    private var runningSince: Duration?
    /// Time of the runs before the current one.
    private var accumulated = Duration.zero
    /// Split times, oldest first.
    private(set) var laps: [Duration] = []
    private var isVisible = false
    private let ticker: Ticker

    init(host: TabHost) {
        self.host = host
        self.ticker = Ticker(every: .milliseconds(100), label: "clock.stopwatch") { [host] in host.contentChanged() }
    }

    /// The reading now.
    var elapsed: Duration {
        accumulated + (runningSince.map { MonotonicClock.now() - $0 } ?? .zero)
    }

    var pages: [String] { ["laps"] }

    var actions: [String] {
        if runningSince != nil { return ["stop", "lap"] }
        return elapsed == .zero ? ["start"] : ["start", "reset"]
    }

    func activate(_ action: String) -> Bool {
        switch action {
        case "start" where runningSince == nil:
            runningSince = MonotonicClock.now()
        case "stop" where runningSince != nil:
            accumulated = elapsed
            runningSince = nil
        case "lap" where runningSince != nil:
            laps.append(elapsed)
        case "reset" where runningSince == nil:
            accumulated = .zero
            laps = []
        default:
            return false
        }
        updateTicking()
        contentChanged()
        return true
    }

    func render(page: String) -> PageContent {
        if page == "laps" {
            let lines = laps.enumerated().map { "Lap \($0.offset + 1)  \(ClockFormat.elapsed($0.element))" }
            return PageContent(title: "Laps", body: lines.isEmpty ? "No laps" : lines.joined(separator: "\n"))
        }
        var body = ClockFormat.elapsed(elapsed)
        if !laps.isEmpty { body += "\nLaps: \(laps.count), last \(ClockFormat.elapsed(laps[laps.count - 1]))" }
        return PageContent(title: "Stopwatch", body: body)
    }

    func didAppear() {
        isVisible = true
        updateTicking()
    }

    func didDisappear() {
        isVisible = false
        updateTicking()
    }

    func close() { ticker.stop() }

    private func updateTicking() {
        if isVisible && runningSince != nil { ticker.start() } else { ticker.stop() }
    }
}

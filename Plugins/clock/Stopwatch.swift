import TabbardPluginKit

/// The `stopwatch` tab: start, stop, lap, reset; the root page shows the reading as a live
/// clock (PAGE-3), the `laps` page every lap. It never ticks: a frontend extrapolates the
/// reading, and the page changes only when the stopwatch starts, stops, laps or resets.
final class Stopwatch: TabContent {
    static let id = "stopwatch"

    let host: TabHost
    /// When the current run started; nil while stopped.
    private var runningSince: Duration?
    /// Time of the runs before the current one.
    private var accumulated = Duration.zero
    /// Split times, oldest first.
    private(set) var laps: [Duration] = []

    init(host: TabHost) {
        self.host = host
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
        contentChanged()
        return true
    }

    func render(page: String) -> PageContent {
        let actionLabels = actions.map {
            ActionLabel(action: $0, label: ClockWords.say($0.prefix(1).uppercased() + $0.dropFirst(), locale))
        }
        if page == "laps" {
            let rows = laps.enumerated().map { lap in
                PageRow(
                    id: "lap-\(lap.offset + 1)", title: ClockWords.say("Lap %", locale, "\(lap.offset + 1)"),
                    detail: ClockFormat.elapsed(lap.element),
                    clock: PageClock(value: Self.microseconds(lap.element), rate: 0))
            }
            let lines = laps.enumerated().map { "Lap \($0.offset + 1)  \(ClockFormat.elapsed($0.element))" }
            return PageContent(
                title: ClockWords.say("Laps", locale), body: lines.isEmpty ? "No laps" : lines.joined(separator: "\n"),
                rows: rows, actionLabels: actionLabels)
        }
        let reading = elapsed
        var body = ClockFormat.elapsed(reading)
        if !laps.isEmpty { body += "\nLaps: \(laps.count), last \(ClockFormat.elapsed(laps[laps.count - 1]))" }
        var rows = [
            PageRow(
                id: "elapsed", title: ClockWords.say("Elapsed", locale),
                clock: PageClock(value: Self.microseconds(reading), rate: runningSince == nil ? 0 : 1))
        ]
        rows.append(PageRow(id: "laps", title: ClockWords.say("Laps", locale), detail: "\(laps.count)", page: "laps"))
        return PageContent(
            title: ClockWords.say("Stopwatch", locale), body: body, rows: rows, actionLabels: actionLabels)
    }

    /// `duration` in whole microseconds.
    static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }
}

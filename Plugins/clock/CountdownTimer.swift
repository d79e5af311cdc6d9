import Synchronization
import TabbardPluginKit

/// The `timer` tab: start a countdown of a few fixed lengths, or cancel it. While it runs
/// the badge shows the minutes left (rounded up); the page shows it as a live clock counting
/// down (PAGE-3), and changes only when the countdown starts, is cancelled or ends.
final class CountdownTimer: TabContent {
    static let id = "timer"

    /// The lengths offered as `start-<N>m` actions, in minutes.
    static let lengths = [1, 5, 10, 15, 30, 60]

    let host: TabHost
    private let countdown: Countdown

    init(host: TabHost) {
        self.host = host
        self.countdown = Countdown(host: host)
    }

    var actions: [String] {
        countdown.isRunning ? ["cancel"] : Self.lengths.map { "start-\($0)m" }
    }

    func activate(_ action: String) -> Bool {
        if action == "cancel" {
            guard countdown.isRunning else { return false }
            countdown.cancel()
            return true
        }
        guard action.hasPrefix("start-"), action.hasSuffix("m"), !countdown.isRunning,
            let minutes = Int(action.dropFirst(6).dropLast()), Self.lengths.contains(minutes)
        else { return false }
        countdown.start(length: .seconds(60 * minutes))
        return true
    }

    func render(page: String) -> PageContent {
        let labels = actions.map { action in
            ActionLabel(
                action: action,
                label: action == "cancel"
                    ? ClockWords.say("Cancel", locale)
                    : ClockWords.say("Start % min", locale, String(action.dropFirst(6).dropLast())))
        }
        let title = ClockWords.say("Timer", locale)
        if let remaining = countdown.remaining {
            // PAGE-3: counting down; a frontend extrapolates it, so the page changes only at the end.
            let row = PageRow(
                id: "remaining", title: ClockWords.say("Remaining", locale),
                clock: PageClock(value: Stopwatch.microseconds(remaining), rate: -1))
            return PageContent(
                title: title, body: "\(ClockFormat.remaining(remaining)) left", rows: [row], actionLabels: labels)
        }
        let state = countdown.finished ? "Done" : "Not running"
        let row = PageRow(id: "remaining", title: ClockWords.say(state, locale), clock: PageClock(value: 0, rate: 0))
        return PageContent(title: title, body: state, rows: [row], actionLabels: labels)
    }

    func didAppear() { countdown.setVisible(true) }
    func didDisappear() { countdown.setVisible(false) }
    func close() { countdown.cancel() }
}

/// The running countdown, shared between the host's loop thread (actions, rendering) and
/// the ticker's thread (badge and content updates), hence the lock.
final class Countdown: Sendable {
    private struct State {
        /// On `MonotonicClock`.
        var deadline: Duration?
        var finished = false
        var visible = false
        var shownMinutes: Int?
    }

    private let host: TabHost
    private let state = Mutex(State())
    private let ticker: Ticker

    init(host: TabHost) {
        self.host = host
        // The ticker holds the countdown weakly, so a destroyed tab's countdown can go away.
        let link = WeakCountdown()
        self.ticker = Ticker(every: .seconds(1), label: "clock.timer") { link.countdown?.tick() }
        link.countdown = self
    }

    var isRunning: Bool { state.withLock { $0.deadline != nil } }
    var finished: Bool { state.withLock { $0.finished } }

    /// Time left, or nil when not running.
    var remaining: Duration? {
        state.withLock { state in state.deadline.map { max(.zero, $0 - MonotonicClock.now()) } }
    }

    func start(length: Duration) {
        state.withLock { state in
            state.deadline = MonotonicClock.now() + length
            state.finished = false
        }
        ticker.start()
        tick()
        // The page's clock starts counting down: a change of rate (PAGE-3).
        host.contentChanged()
    }

    func cancel() {
        ticker.stop()
        state.withLock { state in
            state.deadline = nil
            state.shownMinutes = nil
        }
        host.badge = nil
        host.contentChanged()
    }

    func setVisible(_ visible: Bool) {
        state.withLock { $0.visible = visible }
    }

    /// Runs on the ticker's thread (and once on start): badge, content, and the end.
    private func tick() {
        let (minutes, ended) = state.withLock { state -> (Int?, Bool) in
            guard let deadline = state.deadline else { return (nil, false) }
            let left = ClockFormat.wholeSecondsRoundedUp(deadline - MonotonicClock.now())
            if left == 0 {
                state.deadline = nil
                state.finished = true
                state.shownMinutes = nil
                return (nil, true)
            }
            let minutes = (left + 59) / 60
            let changed = minutes != state.shownMinutes
            state.shownMinutes = minutes
            return (changed ? minutes : nil, false)
        }
        if ended {
            ticker.stop()
            host.badge = nil
            host.log(.notice, "timer: time is up")
            host.contentChanged()
            return
        }
        if let minutes { host.badge = "\(minutes)" }
    }
}

/// A weak reference the ticker's handler can hold without keeping the countdown alive.
private final class WeakCountdown: @unchecked Sendable {
    // Written once in `Countdown.init`, before the ticker can run; read-only afterwards.
    weak var countdown: Countdown?
}

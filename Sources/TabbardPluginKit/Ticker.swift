import Dispatch
import Synchronization

/// A repeating timer on a thread of the plugin, for live content.
///
/// Start it in `didAppear()` and stop it in `didDisappear()`: a tab that is not shown then
/// costs no wake-ups at all. The handler runs on the ticker's own serial queue, never on
/// the host's loop thread, so it may only touch `Sendable` state (the `TabHost` is).
public final class Ticker: Sendable {
    private let interval: Duration
    private let handler: @Sendable () -> Void
    private let queue: DispatchQueue
    private let timer: Mutex<(any DispatchSourceTimer)?>

    /// A stopped ticker that will call `handler` every `interval` once started.
    public init(every interval: Duration, label: String = "tabbard.ticker", _ handler: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.handler = handler
        self.queue = DispatchQueue(label: label)
        self.timer = Mutex(nil)
    }

    /// Whether the ticker is running.
    public var isRunning: Bool { timer.withLock { $0 != nil } }

    /// Starts ticking (first tick after one interval); does nothing if already running.
    public func start() {
        timer.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: queue)
            let (seconds, attoseconds) = interval.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(10))
            source.setEventHandler(handler: handler)
            source.resume()
            timer = source
        }
    }

    /// Stops ticking; no tick starts after it returns (one already running may finish).
    public func stop() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    deinit {
        timer.withLock { $0?.cancel() }
    }
}

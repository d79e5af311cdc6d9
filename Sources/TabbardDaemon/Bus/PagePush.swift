import DBus
import DaemonBase
import Loop
import TabbardBusContract

/// PAGE-4: `PageChanged` of the selected tab, so that a frontend showing it needs no call per
/// content change. Coalesced per tab: one goes out at once when the tab sent none in the last
/// 50 ms, else one timer sends the page as it is when the 50 ms are over, so that a plugin
/// flooding content changes costs a frontend 20 messages a second at most and its last change
/// is always sent. No timer runs while no change waits.
///
/// Threading: used on the loop thread.
final class PagePush {
    /// Makes the tab's page, if it is still to be sent, and hands it on; a page that cannot be
    /// made (its plugin failed) is not sent.
    typealias Render = (_ send: @escaping (PageDocument) -> Void) -> Void

    /// The least time between two `PageChanged` of one tab.
    static let interval = Duration.milliseconds(50)

    private let connection: Connection
    private let loop: EventLoop
    private let log: Log
    /// When each tab's last `PageChanged` was made.
    private var lastSent: [String: MonotonicInstant] = [:]
    /// The timer of each tab whose change waits for its 50 ms.
    private var waiting: [String: LoopTimer] = [:]

    /// Pushes pages on `connection`, with its timers on `loop`.
    init(connection: Connection, loop: EventLoop, log: Log) {
        self.connection = connection
        self.loop = loop
        self.log = log
    }

    /// The content of the selected tab `id` changed: its page goes out now or at the end of
    /// its 50 ms, made by `render` then.
    func changed(_ id: String, path: DBus.ObjectPath, render: @escaping Render) {
        // A waiting timer makes the page when it fires: this change is in it.
        guard waiting[id] == nil else { return }
        let now = MonotonicInstant.now()
        if let last = lastSent[id], now - last < Self.interval {
            do {
                waiting[id] = try loop.schedule(after: Self.interval - (now - last)) { [weak self] in
                    self?.waiting[id] = nil
                    self?.send(id, path: path, render)
                }
                return
            } catch {
                log.warning("cannot wait to send PageChanged of tab \(id): \(error); sent now")
            }
        }
        send(id, path: path, render)
    }

    /// Tab `id` left the bus: nothing more is sent for it.
    func forget(_ id: String) {
        waiting.removeValue(forKey: id)?.cancel()
        lastSent[id] = nil
    }

    private func send(_ id: String, path: DBus.ObjectPath, _ render: Render) {
        lastSent[id] = MonotonicInstant.now()
        render { [weak self] page in
            guard let self else { return }
            // After the PropertiesChanged of the ContentRevision it belongs to.
            connection.flushPropertyChanges()
            do {
                try connection.emit(
                    path: path, interface: BusNames.contentInterface, name: ContentSignalName.pageChanged.rawValue, page
                )
            } catch {
                log.warning("cannot emit PageChanged of tab \(id): \(error)")
            }
        }
    }
}

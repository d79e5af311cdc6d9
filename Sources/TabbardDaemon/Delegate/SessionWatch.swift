import DBus
import Loop
import TabModel

/// Ends a customization session that its owner abandoned: when the owner's connection leaves
/// the bus (CUST-4), or after `customization_timeout_s` without a call from it (CUST-8), as if
/// it had called `EndCustomizing`.
final class SessionWatch {
    /// How long a session may go without a call from its owner; a change (on reload) applies
    /// from the owner's next call or the next session.
    var idleTimeout: Duration
    private let connection: Connection
    private let loop: EventLoop
    private let log: Log
    private var owner: String?
    private var departure: SignalSubscription?
    private var idleTimer: LoopTimer?

    /// A watch that follows session owners on `connection` and times them on `loop`.
    init(connection: Connection, loop: EventLoop, log: Log, idleTimeout: Duration) {
        self.connection = connection
        self.loop = loop
        self.log = log
        self.idleTimeout = idleTimeout
    }

    /// Follows the model after `Customizing` changed: starts watching the owner of a new
    /// `session`, or stops. `end` ends the session of the owner it is given, as
    /// `EndCustomizing` would; it runs on the loop thread when the owner abandons the session.
    func follow(_ session: CustomizationSession?, end: @escaping (_ owner: String) -> Void) {
        guard let session else {
            stop()
            return
        }
        guard session.owner != owner else { return }
        stop()
        owner = session.owner
        do {
            departure = try connection.watchNameOwner(session.owner) { [unowned self] newOwner in
                if newOwner == nil { abandoned(because: "its owner \(session.owner) left the bus", end) }
            }
            idleTimer = try loop.schedule(after: idleTimeout) { [unowned self] in
                abandoned(because: "its owner \(session.owner) made no call for \(idleTimeout)", end)
            }
        } catch {
            log.warning("cannot watch the customization session of \(session.owner): \(error)")
        }
    }

    /// The owner called: the idle clock starts again.
    func touch(by caller: String) {
        guard caller == owner else { return }
        idleTimer?.arm(after: idleTimeout)
    }

    private func abandoned(because reason: String, _ end: (String) -> Void) {
        guard let owner else { return }
        log.notice("customization session ended: \(reason)")
        end(owner)
    }

    private func stop() {
        departure?.cancel()
        departure = nil
        idleTimer?.cancel()
        idleTimer = nil
        owner = nil
    }
}

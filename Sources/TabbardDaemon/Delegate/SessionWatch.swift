import DBus
import DaemonBase
import Loop
import TabModel

/// Ends a customization session that its owner abandoned: when the owner's connection leaves
/// the bus (CUST-4), or after `customization_timeout_s` without a call from it (CUST-8), as if
/// it had called `EndCustomizing`. Any method call or property write from the owner counts,
/// to any object, session member or not; calls from other connections never do. The
/// controller's session and each standalone bar's (SBAR-5) are independent, so each is watched
/// on its own, by `Session`.
final class SessionWatch {
    /// Which session: the controller's, or the one of a standalone bar.
    enum Session: Hashable {
        /// The controller's (CUST-3).
        case controller
        /// The one of the standalone bar with this name (SBAR-5).
        case bar(String)
    }

    /// What is kept while one session is open.
    private struct Watched {
        var owner: String
        var departure: SignalSubscription?
        var idleTimer: LoopTimer?

        func cancel() {
            departure?.cancel()
            idleTimer?.cancel()
        }
    }

    /// How long a session may go without a call from its owner; a change (on reload) applies
    /// from the owner's next call or the next session.
    var idleTimeout: Duration
    private let connection: Connection
    private let loop: EventLoop
    private let log: Log
    private var watched: [Session: Watched] = [:]

    /// A watch that follows session owners on `connection` and times them on `loop`.
    init(connection: Connection, loop: EventLoop, log: Log, idleTimeout: Duration) {
        self.connection = connection
        self.loop = loop
        self.log = log
        self.idleTimeout = idleTimeout
    }

    /// Follows the model after `Customizing` of `session` changed: starts watching `owner`, the
    /// owner of the open session, or stops when it is nil. `end` ends the session of the owner
    /// it is given, as `EndCustomizing` would; it runs on the loop thread when the owner
    /// abandons the session.
    func follow(_ session: Session, owner: String?, end: @escaping (_ owner: String) -> Void) {
        guard let owner else {
            stop(session)
            return
        }
        guard watched[session]?.owner != owner else { return }
        stop(session)
        var watch = Watched(owner: owner)
        do {
            watch.departure = try connection.watchNameOwner(owner) { [unowned self] newOwner in
                if newOwner == nil { abandoned(session, because: "its owner \(owner) left the bus", end) }
            }
            watch.idleTimer = try loop.schedule(after: idleTimeout) { [unowned self] in
                abandoned(session, because: "its owner \(owner) made no call for \(idleTimeout)", end)
            }
        } catch {
            log.warning("cannot watch the customization session of \(owner): \(error)")
        }
        watched[session] = watch
    }

    /// `caller` made a method call or wrote a property: the idle clock of every session it
    /// owns starts again. Called for every call the daemon answers, so it does nothing but
    /// look while no session is open.
    func heard(from caller: String) {
        for watch in watched.values where watch.owner == caller {
            watch.idleTimer?.arm(after: idleTimeout)
        }
    }

    private func abandoned(_ session: Session, because reason: String, _ end: (String) -> Void) {
        guard let owner = watched[session]?.owner else { return }
        switch session {
        case .controller: log.notice("customization session ended: \(reason)")
        case .bar(let name): log.notice("customization session of bar \(name) ended: \(reason)")
        }
        end(owner)
    }

    private func stop(_ session: Session) {
        watched.removeValue(forKey: session)?.cancel()
    }
}

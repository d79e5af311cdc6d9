import DBus
import Loop
import TabModel

/// Ends a customization session that its owner abandoned: when the owner's connection leaves
/// the bus (CUST-4), or after `customization_timeout_s` without a call from it (CUST-8), as if
/// it had called `EndCustomizing`.
final class SessionWatch {
    private unowned let service: TabBarService
    /// How long a session may go without a call from its owner; a change (on reload) applies
    /// from the owner's next call or the next session.
    var idleTimeout: Duration
    private var owner: String?
    private var departure: SignalSubscription?
    private var idleTimer: LoopTimer?

    init(service: TabBarService, idleTimeout: Duration) {
        self.service = service
        self.idleTimeout = idleTimeout
    }

    /// Follows the model after `Customizing` changed: starts watching a new owner, or stops.
    func sessionChanged() {
        guard let session = service.controller.session else {
            stop()
            return
        }
        guard session.owner != owner else { return }
        stop()
        owner = session.owner
        do {
            departure = try service.connection.watchNameOwner(session.owner) { [unowned self] newOwner in
                if newOwner == nil { end(because: "its owner \(session.owner) left the bus") }
            }
            idleTimer = try service.loop.schedule(after: idleTimeout) { [unowned self] in
                end(because: "its owner \(session.owner) made no call for \(idleTimeout)")
            }
        } catch {
            service.log.warning("cannot watch the customization session of \(session.owner): \(error)")
        }
    }

    /// The owner called: the idle clock starts again.
    func touch(by caller: String) {
        guard caller == owner else { return }
        idleTimer?.arm(after: idleTimeout)
    }

    private func end(because reason: String) {
        guard let owner else { return }
        service.log.notice("customization session ended: \(reason)")
        service.publish(service.controller.endSession(owner: owner).events)
    }

    private func stop() {
        departure?.cancel()
        departure = nil
        idleTimer?.cancel()
        idleTimer = nil
        owner = nil
    }
}

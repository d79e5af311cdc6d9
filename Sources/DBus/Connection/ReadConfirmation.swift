import CDBus
import Loop

/// The daemon cannot see whether a caller reads its replies; the bus can, and holds what is
/// unread against the daemon. So past `CallLimits.pingAfter` unconfirmed bytes an unprivileged
/// caller is sent an `org.freedesktop.DBus.Peer.Ping` (libdbus, GDBus, sd-bus and dbus-python
/// answer it as they read): its answer comes after everything sent before it was read, and
/// confirms those bytes. A caller that does not answer stays unconfirmed; past
/// `CallLimits.unreadPerCaller` its calls wait for the answer, and when a Ping goes
/// unanswered (`pingTimeout`) they are refused with `LimitsExceeded` until one is answered.
extension Connection {
    /// How long a Ping may wait for its answer, and how long after a failed one the next.
    static let pingTimeout: Duration = .seconds(10)
    static let pingRetryDelay: Duration = .seconds(1)
    /// Pings in flight at once, at most: the bus allows a connection 128 calls awaiting
    /// replies (`max_replies_per_connection`), and the daemon's other calls need some.
    static let pingsInFlight = 32

    /// Pings `caller` when it has enough unconfirmed, or when all unprivileged callers
    /// together have, and no Ping is already on its way.
    func confirmReadingIfDue(_ caller: Caller) {
        guard caller.ping == nil, caller.pingRetry == nil, caller.unconfirmedBytes > 0,
            caller.unconfirmedBytes >= CallLimits.pingAfter || scheduler.unconfirmedBytes >= CallLimits.unreadAll / 2
        else { return }
        guard scheduler.pingsInFlight < Self.pingsInFlight else {
            retryPing(caller)
            return
        }
        caller.pingCovers = caller.unconfirmedBytes
        do {
            caller.ping = try callAsync(
                destination: caller.name, path: "/", interface: "org.freedesktop.DBus.Peer",
                method: "Ping", timeout: Self.pingTimeout
            ) { [weak self, weak caller] result in
                guard let self else { return }
                scheduler.pingsInFlight -= 1
                guard let caller, scheduler.callers[caller.name] === caller else { return }
                caller.ping = nil
                pinged(caller, result)
            }
            scheduler.pingsInFlight += 1
        } catch {
            retryPing(caller)
        }
    }

    private func pinged(_ caller: Caller, _ result: Result<Message, DBusError>) {
        switch result {
        case .success:
            break
        case .failure(let error) where Self.peerAnswered(error):
            break
        case .failure:
            if caller.unconfirmedBytes >= CallLimits.unreadPerCaller {
                caller.isUnresponsive = true
                refuseWaiting(caller)
            }
            retryPing(caller)
            return
        }
        caller.isUnresponsive = false
        let confirmed = min(caller.pingCovers, caller.unconfirmedBytes)
        caller.unconfirmedBytes -= confirmed
        if caller.standing != .privileged { scheduler.unconfirmedBytes -= confirmed }
        list(caller)
        loop?.requestTurn()
        confirmReadingIfDue(caller)
    }

    /// Answers every call `caller` has waiting with `LimitsExceeded` (what `refuse` says).
    private func refuseWaiting(_ caller: Caller) {
        while let call = caller.dequeue() {
            scheduler.queuedBytes -= call.size
            refuse(call.message, from: caller)
            dbus_message_unref(call.message)
        }
    }

    /// Whether `error` came from the caller itself (which read the Ping to answer it), not
    /// from libdbus's timeout or the bus.
    private static func peerAnswered(_ error: DBusError) -> Bool {
        [DBusError.Names.unknownMethod, DBusError.Names.unknownObject, DBusError.Names.unknownInterface].contains(
            error.name)
    }

    private func retryPing(_ caller: Caller) {
        caller.pingRetry = try? loop?.schedule(after: Self.pingRetryDelay) { [weak self, weak caller] in
            guard let self, let caller else { return }
            caller.pingRetry = nil
            confirmReadingIfDue(caller)
        }
    }
}

import CDBus
import Glibc
import Loop

/// How much of a connection's work one caller may take (docs/reliability.md, Fair dispatch).
/// The bounds keep what the daemon holds under libdbus's `max_received_size` (63 MiB by
/// default: past it libdbus stops reading, the bus's answers to identity lookups included),
/// and what its callers leave unread under the bus's `max_incoming_bytes` for the daemon (127
/// MiB by default: the bus charges a message it read from the daemon to the daemon until the
/// recipient reads it; past it the bus stops reading the daemon).
enum CallLimits {
    /// Calls one unprivileged or unidentified caller may have waiting: as many as a system
    /// bus lets a connection have unanswered (`max_replies_per_connection`), so that a
    /// caller within the bus's limits is slowed by its own calls waiting, not refused.
    static let callsPerCaller = 128
    /// Their bytes; a caller with nothing waiting may send one larger call.
    static let bytesPerCaller = 1 << 20
    /// A call this small from a caller with nothing waiting is always taken.
    static let smallCall = 4 << 10
    /// Bytes all callers may have waiting before larger calls are refused.
    static let queuedBytes = 8 << 20
    /// Unconfirmed reply bytes past which an unprivileged caller is sent a `Peer.Ping`.
    static let pingAfter = 64 << 10
    /// Unconfirmed reply bytes past which an unprivileged caller's calls wait for its Ping.
    static let unreadPerCaller = 4 << 20
    /// Past this, a caller's calls over its share are dropped unanswered, not refused: even
    /// errors would pile up unread.
    static let silenceAfter = 8 << 20
    /// Unconfirmed reply bytes of all unprivileged callers past which they all wait.
    static let unreadAll = 32 << 20
    /// The connection's unsent bytes (queued in libdbus, or written and not yet read by the
    /// bus) past which unprivileged callers wait: their replies go no faster than the bus
    /// takes them, however slow it is, and a privileged reply never queues behind many.
    static let unsentBytes = 128 << 10
    /// Calls served per loop turn before the loop reads the bus again.
    static let callsPerTurn = 64
    /// Time spent serving per loop turn, at most (checked every few calls).
    static let turnTime: Duration = .milliseconds(4)
}

/// The callers of a connection and their turns.
struct CallScheduler {
    var callers: [String: Caller] = [:]
    var privileged = RoundRobin()
    var unprivileged = RoundRobin()
    /// The estimated bytes of every caller's waiting calls.
    var queuedBytes = 0
    /// Unconfirmed reply bytes of every caller that is not privileged.
    var unconfirmedBytes = 0
    /// The caller whose call runs now, and that call: its reply is counted to it.
    var serving: Caller?
    var servingCall: OpaquePointer?
    /// `Peer.Ping`s on their way (`ReadConfirmation`).
    var pingsInFlight = 0
    /// The calls a second of unprivileged callers, all together.
    var rate = CallRate()
    /// Wakes the loop when unprivileged callers wait for the daemon's outgoing queue or the rate.
    var unprivilegedRetry: LoopTimer?
}

extension Connection {
    /// Takes an incoming method call: queued for its sender's turn, or refused at once with
    /// `LimitsExceeded` when over the sender's share (dropped unanswered when the sender has
    /// left too much unread).
    func admit(_ message: OpaquePointer) {
        guard let sender = dbus_message_get_sender(message) else {
            // A peer-to-peer connection has one caller: nothing to share.
            objects.dispatch(message)
            return
        }
        let name = String(cString: sender)
        let caller = scheduler.callers[name] ?? newCaller(name)
        let size = MessageSize.estimate(message)
        guard admits(size, from: caller) else {
            refuse(message, from: caller)
            return
        }
        caller.enqueue(message, size: size)
        scheduler.queuedBytes += size
        list(caller)
    }

    private func admits(_ size: Int, from caller: Caller) -> Bool {
        if caller.standing == .privileged { return true }
        if caller.isUnresponsive && caller.unconfirmedBytes >= CallLimits.unreadPerCaller { return false }
        if caller.queuedCount == 0 && size <= CallLimits.smallCall { return true }
        return caller.queuedCount < CallLimits.callsPerCaller
            && (caller.queuedCount == 0 || caller.queuedBytes + size <= CallLimits.bytesPerCaller)
            && scheduler.queuedBytes < CallLimits.queuedBytes
    }

    func refuse(_ message: OpaquePointer, from caller: Caller) {
        guard caller.unconfirmedBytes < CallLimits.silenceAfter && scheduler.unconfirmedBytes < CallLimits.unreadAll
        else { return }
        let why =
            caller.isUnresponsive
            ? "\(caller.name) has \(caller.unconfirmedBytes) bytes of replies it has not been seen to read, and answers no "
                + "org.freedesktop.DBus.Peer.Ping: dispatch what the connection receives (run a main loop), then call again"
            : "\(caller.name) has \(caller.queuedCount) calls waiting (\(caller.queuedBytes) bytes); try again later"
        sendError(.limitsExceeded(why), to: message)
    }

    /// A caller seen for the first time: privileged with no authorizer, else ranked once its
    /// user id is known (asked of the bus when not cached; its calls wait meanwhile).
    private func newCaller(_ name: String) -> Caller {
        let caller = Caller(name: name, standing: .privileged)
        scheduler.callers[name] = caller
        // Its departure frees what it holds.
        try? watchDepartures()
        guard authorization.authorizer != nil else { return caller }
        if let uid = cachedUnixUser(of: name) {
            identify(caller, as: uid)
            return caller
        }
        caller.standing = .identifying
        unixUser(of: name) { [weak self, weak caller] result in
            guard let self, let caller, scheduler.callers[name] === caller else { return }
            switch result {
            case .success(let uid):
                identify(caller, as: uid)
                list(caller)
                loop?.requestTurn()
            case .failure(let error):
                scheduler.callers[name] = nil
                while let call = caller.dequeue() {
                    scheduler.queuedBytes -= call.size
                    sendError(.accessDenied("the caller's identity is unknown: \(error.message)"), to: call.message)
                    dbus_message_unref(call.message)
                }
                forgetUnconfirmed(of: caller)
            }
        }
        return caller
    }

    /// Judges every known caller again, after the authorizer changed: a caller seen before
    /// there was one is identified now.
    func reidentifyCallers() {
        for caller in scheduler.callers.values {
            if let uid = caller.uid {
                identify(caller, as: uid)
            } else if authorization.authorizer != nil {
                callerLeft(caller.name)
                // Its calls are lost; a connection gets its authorizer before it takes any.
            }
        }
    }

    /// Ranks every caller whose user id is known again, as when it was identified, and lists
    /// each where its new rank is served: for when what the prioritizer answers has changed
    /// (a reload of the admin group) and the callers already connected must follow it.
    /// Callers still being identified are ranked when their answer comes. O(callers), one
    /// prioritizer question each. Loop thread only.
    public func rankCallersAgain() {
        assertOwnThread()
        guard authorization.authorizer != nil else { return }
        var listed: [Caller] = []
        while let caller = scheduler.privileged.popFirst() ?? scheduler.unprivileged.popFirst() {
            caller.isListed = false
            listed.append(caller)
        }
        for caller in scheduler.callers.values { if let uid = caller.uid { identify(caller, as: uid) } }
        for caller in listed { list(caller) }
        loop?.requestTurn()
    }

    /// A caller whose user id is known: ranked by the prioritizer, else unprivileged until the
    /// authorizer allows it a privileged member (asking the authorizer here would put every
    /// reader to it).
    private func identify(_ caller: Caller, as uid: UInt32) {
        caller.uid = uid
        rank(caller, privileged: authorization.authorizer == nil || authorization.prioritizer?(uid) == true)
    }

    /// Gives `caller` the turn its privilege earns.
    func rank(_ caller: Caller, privileged: Bool) {
        if privileged { forgetUnconfirmed(of: caller) }
        caller.standing = privileged ? .privileged : .unprivileged
    }

    /// Takes `caller`'s unconfirmed bytes out of the unprivileged callers' total.
    private func forgetUnconfirmed(of caller: Caller) {
        if caller.standing != .privileged { scheduler.unconfirmedBytes -= caller.unconfirmedBytes }
        caller.unconfirmedBytes = 0
    }

    /// Drops what `name` left waiting, once it has left the bus.
    func callerLeft(_ name: String) {
        guard let caller = scheduler.callers.removeValue(forKey: name) else { return }
        if caller.ping != nil { scheduler.pingsInFlight -= 1 }
        scheduler.queuedBytes -= caller.drop()
        forgetUnconfirmed(of: caller)
    }

    /// Whether `caller` may be served now, as far as its own share goes.
    private func isServable(_ caller: Caller) -> Bool {
        switch caller.standing {
        case .identifying: false
        case .privileged: caller.queuedCount > 0
        case .unprivileged: caller.queuedCount > 0 && caller.unconfirmedBytes < CallLimits.unreadPerCaller
        }
    }

    /// Puts `caller` at the back of its round-robin list when it has a call to serve.
    func list(_ caller: Caller) {
        guard !caller.isListed, isServable(caller) else { return }
        caller.isListed = true
        if caller.standing == .privileged {
            scheduler.privileged.append(caller)
        } else {
            scheduler.unprivileged.append(caller)
        }
    }

    /// Whether unprivileged callers may be served now: what they left unread, what the daemon
    /// has not yet sent and their rate are within bounds.
    private func unprivilegedMayRun() -> Bool {
        scheduler.unconfirmedBytes < CallLimits.unreadAll && unsentBytes < CallLimits.unsentBytes
            && scheduler.rate.allows(at: .now())
    }

    /// The bytes this connection has not yet had read: queued in libdbus, and written to the
    /// socket but not yet read by the bus (`TIOCOUTQ`).
    private var unsentBytes: Int {
        var fd: Int32 = -1
        var written: Int32 = 0
        if dbus_connection_get_socket(raw, &fd) == 0 || ioctl(fd, UInt(TIOCOUTQ), &written) != 0 { written = 0 }
        return dbus_connection_get_outgoing_size(raw) + Int(written)
    }

    /// Serves waiting calls, one per caller in turn, privileged callers first, until none is
    /// left or the turn's budget is spent; then the loop reads the bus again before the next.
    func serveTurn() {
        guard !scheduler.privileged.isEmpty || !scheduler.unprivileged.isEmpty else { return }
        var served = 0
        let started = MonotonicInstant.now()
        while served < CallLimits.callsPerTurn {
            guard
                let caller = scheduler.privileged.popFirst()
                    ?? (unprivilegedMayRun() ? scheduler.unprivileged.popFirst() : nil)
            else { break }
            caller.isListed = false
            guard isServable(caller) else { continue }
            if caller.standing != .privileged { scheduler.rate.take() }
            serve(caller)
            served += 1
            list(caller)
            if served % 8 == 0 && MonotonicInstant.now().sinceStart - started.sinceStart > CallLimits.turnTime { break }
        }
        if !scheduler.privileged.isEmpty || (!scheduler.unprivileged.isEmpty && unprivilegedMayRun()) {
            loop?.requestTurn()
        } else if !scheduler.unprivileged.isEmpty && scheduler.unprivilegedRetry == nil,
            scheduler.unconfirmedBytes < CallLimits.unreadAll
        {
            // Nothing says when the bus has taken the daemon's queue: look again shortly; the
            // rate says when its next call is due.
            let outgoingFull = unsentBytes >= CallLimits.unsentBytes
            let after = outgoingFull ? .milliseconds(1) : max(scheduler.rate.wait, .microseconds(100))
            scheduler.unprivilegedRetry = try? loop?.schedule(after: after) { [weak self] in
                self?.scheduler.unprivilegedRetry = nil
                self?.loop?.requestTurn()
            }
        }
    }

    /// Runs `caller`'s oldest call, counting its reply to it.
    private func serve(_ caller: Caller) {
        guard let call = caller.dequeue() else { return }
        scheduler.queuedBytes -= call.size
        scheduler.serving = caller
        scheduler.servingCall = call.message
        if let uid = caller.uid {
            dispatch(call.message, as: uid)
        } else {
            objects.dispatch(call.message)
        }
        scheduler.serving = nil
        scheduler.servingCall = nil
        dbus_message_unref(call.message)
        if caller.standing != .privileged { confirmReadingIfDue(caller) }
    }

    /// Counts `bytes` sent in answer to `call` to its sender.
    func noteAnswer(_ bytes: Int, to call: OpaquePointer) {
        let caller: Caller
        if call == scheduler.servingCall, let serving = scheduler.serving {
            caller = serving
        } else if let sender = dbus_message_get_sender(call), let known = scheduler.callers[String(cString: sender)] {
            caller = known
        } else {
            return
        }
        guard caller.standing != .privileged else { return }
        caller.unconfirmedBytes += bytes
        scheduler.unconfirmedBytes += bytes
    }
}

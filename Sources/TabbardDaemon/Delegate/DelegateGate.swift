import DBus
import TabModel

/// Where a tap becomes a delegate question (TAP-1, TAP-5, TAP-7).
///
/// Taps are decided one at a time, in arrival order. While one waits for the delegate's
/// `ShouldSelect` (an asynchronous call, so every other caller is served meanwhile), later taps
/// queue, at most `PendingTap.queueLimit`; one more answers `Busy`. Each tap is checked when
/// it arrives, again when its turn comes, and once more by the model when the answer is in, so
/// a tab that left, was hidden or disabled in between answers the right error. An error reply,
/// a non-boolean answer or no answer within `DelegateTimeoutMs` counts as a timeout and
/// `DelegateTimeoutPolicy` decides; when the delegate unregisters or leaves the bus, waiting
/// taps are decided at once as if there were none.
final class DelegateGate {
    private unowned let service: TabBarService
    /// A tap waiting its turn, and the caller's reply.
    private struct Waiting {
        let item: String
        let reply: DeferredReply
    }
    /// The tap whose `ShouldSelect` is in flight.
    private struct Asking {
        let waiting: Waiting
        let pending: PendingTap
        let call: PendingCall
        let delegate: DelegateRegistration
    }
    private var queue: [Waiting] = []
    private var queueHead = 0
    private var asking: Asking?

    init(service: TabBarService) {
        self.service = service
    }

    /// How many taps wait behind the one being asked about.
    var waitingCount: Int { queue.count - queueHead }

    /// Answers a `Tap` call: at once when nothing waits and there is no delegate, else later.
    func tap(_ item: String, call: MethodCall) throws -> Replied {
        let pending = try service.check { controller throws(TabError) in try controller.beginTap(item) }
        if asking == nil && waitingCount == 0 && pending.delegate == nil {
            let selected = try service.perform { controller throws(TabError) in
                let outcome = try controller.completeTap(pending, allowed: true)
                return (outcome.selected, outcome.events)
            }
            return try call.reply(selected)
        }
        guard waitingCount < PendingTap.queueLimit else {
            throw TabError.busy("\(PendingTap.queueLimit) taps already wait for the delegate; tap '\(item)' was not queued.").dbusError
        }
        return call.deferReply { reply in
            queue.append(Waiting(item: item, reply: reply))
            advance()
        }
    }

    /// The delegate unregistered or left the bus: the tap in flight and every waiting tap are
    /// decided as if there were none (TAP-7).
    func delegateGone() {
        if let current = asking {
            asking = nil
            current.call.cancel()
            decide(current.waiting, current.pending, allowed: true)
        }
        advance()
    }

    // MARK: - Deciding

    /// Starts the next decision if none is in flight; taps that need no question are decided
    /// on the spot, in order.
    private func advance() {
        while asking == nil, queueHead < queue.count {
            let next = queue[queueHead]
            queueHead += 1
            compactQueue()
            let pending: PendingTap
            do {
                pending = try service.check { controller throws(TabError) in try controller.beginTap(next.item) }
            } catch {
                next.reply.fail(DBusError(error))
                continue
            }
            guard let delegate = pending.delegate else {
                decide(next, pending, allowed: true)
                continue
            }
            ask(delegate, about: next, pending)
        }
    }

    private func ask(_ delegate: DelegateRegistration, about waiting: Waiting, _ pending: PendingTap) {
        let milliseconds = service.controller.delegateTimeoutMs
        do {
            let call = try service.connection.callAsync(
                destination: delegate.owner, path: delegate.path, interface: BusNames.delegateInterface,
                method: "ShouldSelect", pending.item, timeout: .milliseconds(Int(milliseconds))
            ) { [unowned self] result in
                answered(result)
            }
            asking = Asking(waiting: waiting, pending: pending, call: call, delegate: delegate)
        } catch {
            decide(waiting, pending, allowed: timedOut(delegate, pending.item, because: "cannot be asked: \(error)"))
        }
    }

    private func answered(_ result: Result<Message, DBusError>) {
        guard let current = asking else { return }
        asking = nil
        let allowed: Bool
        switch result {
        case .success(let reply):
            if let answer = try? reply.decode(Bool.self) {
                allowed = answer
            } else {
                allowed = timedOut(current.delegate, current.pending.item, because: "answered '\(reply.signature)', not a boolean")
            }
        case .failure(let error) where error.name == DBusError.Names.noReply:
            allowed = timedOut(current.delegate, current.pending.item,
                               because: "did not answer within \(service.controller.delegateTimeoutMs) ms")
        case .failure(let error):
            allowed = timedOut(current.delegate, current.pending.item, because: "answered \(error.name): \(error.message)")
        }
        decide(current.waiting, current.pending, allowed: allowed)
        advance()
    }

    /// TAP-5: the policy decides a question the delegate did not answer properly.
    private func timedOut(_ delegate: DelegateRegistration, _ item: String, because reason: String) -> Bool {
        let policy = service.controller.delegateTimeoutPolicy
        service.log.warning("delegate \(delegate.propertyValue) \(reason) for '\(item)'; the tap is \(policy.allowsTap ? "allowed" : "denied") by policy")
        return policy.allowsTap
    }

    private func decide(_ waiting: Waiting, _ pending: PendingTap, allowed: Bool) {
        do {
            let selected = try service.perform { controller throws(TabError) in
                let outcome = try controller.completeTap(pending, allowed: allowed)
                return (outcome.selected, outcome.events)
            }
            try waiting.reply.reply(selected)
        } catch {
            waiting.reply.fail(DBusError(error))
        }
    }

    /// Drops decided entries once they outnumber the waiting ones, keeping appends O(1)
    /// amortized without shifting the array on every decision.
    private func compactQueue() {
        if queueHead > 32 && queueHead * 2 > queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
    }
}

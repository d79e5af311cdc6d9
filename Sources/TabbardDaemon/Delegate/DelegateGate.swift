import DBus
import DaemonBase
import TabModel
import TabbardBusContract

/// Where a tap becomes a delegate question (TAP-1, TAP-5, TAP-7), and the daemon's side of
/// the delegate: it asks `ShouldSelect`, follows the delegate's connection and sends `Release`.
///
/// The order of taps, the limit and what each answer decides are `TapQueue`'s; the gate only
/// carries out its actions on the bus and on the model it is handed (`TapModel`). `ShouldSelect`
/// is an asynchronous call, so every other caller is served while a tap waits. An error reply,
/// a non-boolean answer or none within `DelegateTimeoutMs` counts as a timeout and
/// `DelegateTimeoutPolicy` decides; when the delegate unregisters or leaves the bus, waiting
/// taps are decided at once as if there were none.
final class DelegateGate {
    /// A waiting tap's caller: its deferred reply and the model it came through, which decides
    /// it whatever input's turn it is decided in (VIEW-3: a view's tap ends the view's
    /// `ShowingMore`, even when decided after another caller's tap).
    private struct Caller {
        let reply: DeferredReply
        let model: any TapModel
    }

    private let connection: Connection
    private let log: Log
    private var taps = TapQueue<Caller>()
    /// The `ShouldSelect` call in flight, cancelled when the delegate goes.
    private var question: PendingCall?
    /// Follows the delegate's connection, to drop the delegate when it leaves the bus.
    private var departure: SignalSubscription?

    /// A gate that asks delegates over `connection`.
    init(connection: Connection, log: Log) {
        self.connection = connection
        self.log = log
    }

    // MARK: - Inputs

    /// Answers a `Tap` call: at once when nothing waits and there is no delegate, else later.
    func tap(_ item: String, call: MethodCall, model: some TapModel) throws -> Replied {
        let pending: PendingTap
        do {
            pending = try model.beginTap(item)
        } catch {
            throw error.dbusError
        }
        switch taps.admit(pending) {
        case .decideNow:
            return try model.completeTap(pending, allowed: true) { selected throws(DBusError) in
                try call.reply(selected)
            }
        case .refuse(let error):
            throw error.dbusError
        case .wait:
            return call.deferReply { reply in
                taps.enqueue(item, from: Caller(reply: reply, model: model))
                advance(model)
            }
        }
    }

    /// Follows the model after `Delegate` changed: watches a new delegate's connection, or, when
    /// there is none any more, decides the waiting taps as if there were none (TAP-7).
    func delegateChanged(to delegate: DelegateRegistration?, model: some TapModel) {
        departure?.cancel()
        departure = nil
        guard let delegate else {
            question?.cancel()
            question = nil
            if let decision = taps.delegateGone() { carryOut(decision, model) }
            advance(model)
            return
        }
        do {
            departure = try connection.watchNameOwner(delegate.owner) { [unowned self, unowned model] owner in
                guard owner == nil else { return }
                log.info("delegate \(delegate.propertyValue) left the bus")
                model.delegateLeftBus(delegate)
            }
        } catch {
            log.warning("cannot watch delegate \(delegate.owner): \(error)")
        }
    }

    /// Sends `Release` to a delegate the daemon stopped using while it is still on the bus.
    func release(_ delegate: DelegateRegistration) {
        do {
            try connection.callWithoutReply(
                destination: delegate.owner, path: delegate.path,
                interface: BusNames.delegateInterface, method: DelegateMethodName.release.rawValue)
        } catch {
            log.info("cannot send Release to delegate \(delegate.propertyValue): \(error)")
        }
    }

    // MARK: - Carrying out the queue's actions

    /// Takes waiting taps in turn until one needs the delegate or none is left.
    private func advance(_ model: some TapModel) {
        while let action = taps.next(check: { item throws(TabError) in try model.beginTap(item) }) {
            carryOut(action, model)
        }
    }

    private func carryOut(_ action: TapQueue<Caller>.Action, _ model: some TapModel) {
        switch action {
        case .ask(let delegate, let item, let asked):
            ask(delegate, about: item, asked, model)
        case .decide(let caller, let pending, let allowed):
            decide(caller, pending, allowed: allowed)
        case .decideByPolicy(let caller, let pending, let reason):
            let policy = caller.model.delegateTimeoutPolicy
            let delegate = pending.delegate?.propertyValue ?? ""
            log.warning(
                "delegate \(delegate) \(reason) for '\(pending.item)'; the tap is \(policy.allowsTap ? "allowed" : "denied") by policy"
            )
            decide(caller, pending, allowed: policy.allowsTap)
        case .fail(let caller, let error):
            caller.reply.fail(error.dbusError)
        }
    }

    private func ask(
        _ delegate: DelegateRegistration, about item: String, _ asked: TapQueue<Caller>.Question,
        _ model: some TapModel
    ) {
        do {
            question = try connection.callAsync(
                destination: delegate.owner, path: delegate.path, interface: BusNames.delegateInterface,
                method: DelegateMethodName.shouldSelect.rawValue, item,
                timeout: .milliseconds(Int(model.delegateTimeoutMs))
            ) { [unowned self, model] result in
                // `model` held: a view's tap hands over a model made for that call alone
                // (`ViewTap`), gone by the time the delegate answers.
                guard let decision = answer(result, to: asked, model) else { return }
                question = nil
                carryOut(decision, model)
                advance(model)
            }
        } catch {
            if let decision = taps.answerFailed(asked, reason: "cannot be asked: \(error)") {
                carryOut(decision, model)
            }
        }
    }

    /// Gives the queue the delegate's answer: a boolean decides; anything else counts as a
    /// timeout (TAP-5, TAP-7).
    private func answer(
        _ result: Result<Message, DBusError>, to asked: TapQueue<Caller>.Question,
        _ model: some TapModel
    ) -> TapQueue<Caller>.Action? {
        switch result {
        case .success(let reply):
            if let allowed = try? reply.decode(Bool.self) { return taps.answered(asked, allowed: allowed) }
            return taps.answerFailed(asked, reason: "answered '\(reply.signature)', not a boolean")
        case .failure(let error) where error.name == DBusError.Names.noReply:
            return taps.answerFailed(asked, reason: "did not answer within \(model.delegateTimeoutMs) ms")
        case .failure(let error):
            return taps.answerFailed(asked, reason: "answered \(error.name): \(error.message)")
        }
    }

    /// Decides a tap through the model it came through.
    private func decide(_ caller: Caller, _ pending: PendingTap, allowed: Bool) {
        do throws(DBusError) {
            try caller.model.completeTap(pending, allowed: allowed) { selected throws(DBusError) in
                try caller.reply.reply(selected)
            }
        } catch {
            caller.reply.fail(error)
        }
    }
}

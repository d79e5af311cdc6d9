import TabModel

/// The taps waiting for the delegate, as a state machine (TAP-5, TAP-7).
///
/// Taps are decided one at a time, in arrival order. While the delegate is asked about one,
/// later taps wait, at most `PendingTap.queueLimit` of them; one more is refused with `Busy`.
/// Each input is one event in a tap's life (a tap arrived, the delegate answered, the answer
/// did not come, the delegate went away) and returns what the owner must do next, in the
/// manner of swift-nio's state machines: the queue holds no bus, no model and no clock, so
/// every path can be tested on its own. `DelegateGate` drives it on the daemon's loop.
///
/// A tap is checked by the model three times: when it arrives (before `admit`), when its turn
/// comes (`next(check:)`), and once more when it is decided (`Action.decide`). So a tab that
/// left, was hidden or was disabled while the tap waited answers the right error.
///
/// `Caller` is whatever answers the tap's caller later: a deferred D-Bus reply in the daemon.
struct TapQueue<Caller> {
    /// One question to the delegate. Answers quote it, so that an answer to an earlier
    /// question (after its timeout, or after the delegate left) is told apart and ignored.
    struct Question: Equatable, Sendable {
        fileprivate let number: UInt64
    }

    /// How an arriving tap, already checked by the model, is taken in.
    enum Admission: Equatable {
        /// Nothing waits and there is no delegate: decide it now, allowed (TAP-5).
        case decideNow
        /// It must wait its turn: give it a caller to answer later and `enqueue` it.
        case wait
        /// The queue is full: answer the caller with this `Busy` error (TAP-7).
        case refuse(TabError)
    }

    /// What the owner does next.
    enum Action {
        /// Ask `delegate` `ShouldSelect(item)`; report the outcome with `answered` or
        /// `answerFailed`, quoting `question`.
        case ask(DelegateRegistration, item: String, question: Question)
        /// Decide the tap: the model checks it once more and applies it when `allowed`; then
        /// answer its caller with the outcome (TAP-1).
        case decide(Caller, PendingTap, allowed: Bool)
        /// The delegate did not answer properly (`reason`): `DelegateTimeoutPolicy` decides
        /// the tap, and a warning says so (TAP-5).
        case decideByPolicy(Caller, PendingTap, reason: String)
        /// The tap's turn came and the model refused it: answer its caller with `error`.
        case fail(Caller, TabError)
    }

    /// A tap waiting its turn.
    private struct Waiting {
        let item: String
        let caller: Caller
    }

    /// The tap the delegate is being asked about.
    private struct Asking {
        let caller: Caller
        let pending: PendingTap
        let question: Question
    }

    private var waiting: [Waiting] = []
    /// Where the waiting taps begin in `waiting`: decided entries are dropped in batches.
    private var head = 0
    private var asking: Asking?
    private var questionsAsked: UInt64 = 0

    /// An empty queue.
    init() {}

    /// How many taps wait behind the one being asked about.
    var waitingCount: Int { waiting.count - head }

    // MARK: - Inputs

    /// A tap arrived and passed the model's first check: decided at once when nothing waits
    /// and there is no delegate, refused when `PendingTap.queueLimit` taps already wait behind
    /// the one being decided, else it waits (TAP-5, TAP-7).
    func admit(_ pending: PendingTap) -> Admission {
        if asking == nil && waitingCount == 0 && pending.delegate == nil { return .decideNow }
        guard waitingCount < PendingTap.queueLimit else {
            return .refuse(
                .busy(
                    "\(PendingTap.queueLimit) taps already wait for the delegate; tap \(OffendingValue.quoted(pending.item)) was not queued."
                ))
        }
        return .wait
    }

    /// Puts an admitted tap behind the others; `next(check:)` then says what to do.
    mutating func enqueue(_ item: String, from caller: Caller) {
        waiting.append(Waiting(item: item, caller: caller))
    }

    /// The next step while no question is in flight: the first waiting tap's turn comes, so the
    /// model checks it again (`check`, against the model as it is now). A refused tap fails; a
    /// tap with no delegate to ask is decided, allowed; otherwise the delegate is asked. Nil
    /// when nothing waits or a question is in flight. Call it again after carrying out each
    /// action but `ask`, until it returns nil.
    mutating func next(check: (String) throws(TabError) -> PendingTap) -> Action? {
        guard asking == nil, head < waiting.count else { return nil }
        let turn = waiting[head]
        head += 1
        compact()
        let pending: PendingTap
        do {
            pending = try check(turn.item)
        } catch {
            return .fail(turn.caller, error)
        }
        guard let delegate = pending.delegate else { return .decide(turn.caller, pending, allowed: true) }
        questionsAsked += 1
        let question = Question(number: questionsAsked)
        asking = Asking(caller: turn.caller, pending: pending, question: question)
        return .ask(delegate, item: pending.item, question: question)
    }

    /// The delegate answered `question` with a boolean (TAP-1). Nil for an answer to a
    /// question no longer in flight. Call `next(check:)` after carrying out the decision.
    mutating func answered(_ question: Question, allowed: Bool) -> Action? {
        guard let current = take(question) else { return nil }
        return .decide(current.caller, current.pending, allowed: allowed)
    }

    /// No proper answer to `question` came (`reason`): none within the timeout, an error reply,
    /// a non-boolean, or the question could not be sent. The policy decides (TAP-5). Nil for a
    /// question no longer in flight. Call `next(check:)` after carrying out the decision.
    mutating func answerFailed(_ question: Question, reason: String) -> Action? {
        guard let current = take(question) else { return nil }
        return .decideByPolicy(current.caller, current.pending, reason: reason)
    }

    /// The delegate unregistered, left the bus or was released by `Reset`: the tap in flight is
    /// decided as if there were no delegate, and so is every waiting one when its turn comes,
    /// since the model's check then names no delegate (TAP-7). Nil when no question was in
    /// flight. Call `next(check:)` after carrying out the decision.
    mutating func delegateGone() -> Action? {
        guard let current = asking else { return nil }
        asking = nil
        return .decide(current.caller, current.pending, allowed: true)
    }

    // MARK: - Bookkeeping

    private mutating func take(_ question: Question) -> Asking? {
        guard let current = asking, current.question == question else { return nil }
        asking = nil
        return current
    }

    /// Drops decided entries once they outnumber the waiting ones, keeping appends O(1)
    /// amortized without shifting the array on every decision.
    private mutating func compact() {
        if head > 32 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }
}

extension TapQueue.Action: Equatable where Caller: Equatable {}

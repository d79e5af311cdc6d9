import DBus
import TabModel

/// What the delegate gate needs from the model, handed to it with every input: the gate keeps
/// no reference to its owner, and a question's answer reaches the model that asked it.
protocol TapModel: AnyObject {
    /// Checks a tap on `item` against the model as it is now and says whom to ask (TAP-6/7/8,
    /// ITEM-6); changes nothing.
    func beginTap(_ item: String) throws(TabError) -> PendingTap
    /// Decides a checked tap (the model checks it once more) and carries it out like any
    /// request, `reply` answering `Tap` with whether the tab was selected (TAP-1..4, TAP-7).
    func completeTap<Reply>(
        _ pending: PendingTap, allowed: Bool, reply: (_ selected: Bool) throws(DBusError) -> Reply
    ) throws(DBusError) -> Reply
    /// How long `ShouldSelect` may take, `DelegateTimeoutMs` (TAP-5).
    var delegateTimeoutMs: UInt32 { get }
    /// What a question without a proper answer decides (TAP-5).
    var delegateTimeoutPolicy: DelegateTimeoutPolicy { get }
    /// The delegate's connection left the bus: the model drops it (TAP-5, TAP-7).
    func delegateLeftBus(_ delegate: DelegateRegistration)
}

extension TapModel where Self: RequestPipeline {
    /// A decided tap is a request like any other: carried out in the pipeline's order, its
    /// reply after its signals and before the plugin calls it owes.
    func completeTap<Reply>(
        _ pending: PendingTap, allowed: Bool, reply: (_ selected: Bool) throws(DBusError) -> Reply
    ) throws(DBusError) -> Reply {
        try carryOut(.completeTap(pending, allowed: allowed), reply: reply)
    }
}

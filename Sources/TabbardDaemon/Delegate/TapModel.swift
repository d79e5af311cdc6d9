import DBus
import TabModel

/// What the delegate gate needs from the model, handed to it with every input: the gate keeps
/// no reference to its owner, and a question's answer reaches the model that asked it.
protocol TapModel: AnyObject {
    /// Checks a tap on `item` against the model as it is now and says whom to ask (TAP-6/7/8,
    /// ITEM-6); changes nothing.
    func beginTap(_ item: String) throws(TabError) -> PendingTap
    /// Decides a checked tap (the model checks it once more), publishes what it changed, and
    /// returns `Tap`'s reply (TAP-1..4, TAP-7).
    func completeTap(_ pending: PendingTap, allowed: Bool) throws(DBusError) -> Bool
    /// How long `ShouldSelect` may take, `DelegateTimeoutMs` (TAP-5).
    var delegateTimeoutMs: UInt32 { get }
    /// What a question without a proper answer decides (TAP-5).
    var delegateTimeoutPolicy: DelegateTimeoutPolicy { get }
    /// The delegate's connection left the bus: the model drops it (TAP-5, TAP-7).
    func delegateLeftBus(_ delegate: DelegateRegistration)
}

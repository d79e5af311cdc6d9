import DBus
import TabModel

/// The model as the delegate gate reaches it: taps are checked and decided here, and a
/// delegate that left the bus is dropped here, each published like any request.
extension TabBarService: TapModel {
    func beginTap(_ item: String) throws(TabError) -> PendingTap {
        try controller.beginTap(item)
    }

    func completeTap(_ pending: PendingTap, allowed: Bool) throws(DBusError) -> Bool {
        try perform(atMost: .volatile) { controller throws(TabError) in
            let outcome = try controller.completeTap(pending, allowed: allowed)
            return (outcome.selected, outcome.events)
        }
    }

    var delegateTimeoutMs: UInt32 { controller.delegateTimeoutMs }

    var delegateTimeoutPolicy: DelegateTimeoutPolicy { controller.delegateTimeoutPolicy }

    func delegateLeftBus(_ delegate: DelegateRegistration) {
        publish(controller.ownerLeft(delegate.owner))
    }
}

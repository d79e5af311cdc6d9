import DBus
import TabModel

/// The model as the delegate gate reaches it: taps are checked and decided here, and a
/// delegate that left the bus is dropped here, each carried out like any request.
extension TabBarService: TapModel {
    func beginTap(_ item: String) throws(TabError) -> PendingTap {
        try model.read { controller throws(TabError) in try controller.beginTap(item) }
    }

    var delegateTimeoutMs: UInt32 { model.read { $0.delegateTimeoutMs } }

    var delegateTimeoutPolicy: DelegateTimeoutPolicy { model.read { $0.delegateTimeoutPolicy } }

    func delegateLeftBus(_ delegate: DelegateRegistration) {
        do throws(DBusError) {
            try carryOut(.imposed { controller in controller.ownerLeft(delegate.owner) })
        } catch {
            log.error("dropping delegate \(delegate.propertyValue): \(error.message)")
        }
    }
}

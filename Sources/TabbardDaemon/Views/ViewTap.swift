import DBus
import TabModel

/// A tab `Tap` made through a view (VIEW-3): decided as the controller's `Tap` (delegate, TAP
/// rules, `DidSelect`), and when it selects the tab the view's `ShowingMore` ends, in the same
/// batch.
final class ViewTap: TapModel {
    private unowned let service: TabBarService
    private let view: UInt64

    /// A tap through view `view` of `service`.
    init(through view: UInt64, of service: TabBarService) {
        self.service = service
        self.view = view
    }

    func beginTap(_ item: String) throws(TabError) -> PendingTap {
        try service.beginTap(item)
    }

    func completeTap<Reply>(
        _ pending: PendingTap, allowed: Bool, reply: (_ selected: Bool) throws(DBusError) -> Reply
    ) throws(DBusError) -> Reply {
        let showingMore = service.views[view]?.showingMore ?? false
        if allowed { service.views.update(view) { $0.showingMore = false } }
        do {
            return try service.completeTap(pending, allowed: allowed, reply: reply)
        } catch {
            service.views.update(view) { $0.showingMore = showingMore }
            throw error
        }
    }

    var delegateTimeoutMs: UInt32 { service.delegateTimeoutMs }

    var delegateTimeoutPolicy: DelegateTimeoutPolicy { service.delegateTimeoutPolicy }

    func delegateLeftBus(_ delegate: DelegateRegistration) {
        service.delegateLeftBus(delegate)
    }
}

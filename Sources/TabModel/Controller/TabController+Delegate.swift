/// The delegate registration (`RegisterDelegate`, `UnregisterDelegate`) and what happens when
/// a connection leaves the bus. The registration is the `Delegate` property, so it moves
/// `Revision`; it is never persisted (a bus name does not survive a restart).
extension TabController {
    /// Registers `owner`'s object `path` as the delegate. Throws `DelegateExists` while one is
    /// registered (also the same one). O(1).
    public mutating func registerDelegate(owner: String, path: String) throws(TabError) -> TabEvents {
        if let delegate { throw .delegateExists(delegate.propertyValue) }
        return changeDelegate(to: DelegateRegistration(owner: owner, path: path))
    }

    /// Unregisters the delegate. Throws `NotDelegate` unless `owner` and `path` are the
    /// registered ones. Taps waiting for it are then decided as if there were none (TAP-7). O(1).
    public mutating func unregisterDelegate(owner: String, path: String) throws(TabError) -> TabEvents {
        let caller = DelegateRegistration(owner: owner, path: path)
        guard delegate == caller else { throw .notDelegate(caller.propertyValue) }
        return changeDelegate(to: nil)
    }

    /// A connection left the bus: its customization sessions, the controller's and any
    /// standalone bar's, end as if it had called `EndCustomizing` (CUST-4, SBAR-5) and its
    /// delegate registration is dropped (TAP-5/7). Empty events when it held none. O(tabs) when
    /// a session ends, else O(bars).
    public mutating func ownerLeft(_ owner: String) -> TabEvents {
        var events = endSession(owner: owner).events
        events.absorb(endBarSessions { $0.owner == owner })
        if delegate?.owner == owner {
            events.absorb(changeDelegate(to: nil))
        }
        return events
    }

    private mutating func changeDelegate(to registration: DelegateRegistration?) -> TabEvents {
        let scope = ObservationScope.controller([.delegate])
        let before = observe(scope)
        delegate = registration
        return finish(scope, since: before)
    }
}

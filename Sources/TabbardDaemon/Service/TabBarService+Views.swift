import DBus
import TabModel
import TabbardBusContract

/// Views (VIEW-1..5): the shared model presented per frontend. A view's own changes (its
/// opening and closing, a setting, `@more`, its opener leaving) are batches of their own that
/// change nothing shared; a batch that changes the model announces, before the controller's
/// own change, each view whose presentation it changed.
extension TabBarService {
    /// A change to announce on views alike: their objects, which present the same values, and
    /// the properties that changed on each.
    struct ViewChange {
        var paths: [DBus.ObjectPath]
        let properties: [PresentationProperty]
    }

    /// `OpenView` (VIEW-1): the settings checked as the controller's own (`InvalidArgument`
    /// naming the key, an unknown key too; `NotSupported` for an orientation a tab does not
    /// support), the limits, then the view on the bus (`InterfacesAdded`) before the reply.
    func openView(_ entries: [String: Variant], by caller: String) throws(DBusError) -> DBus.ObjectPath {
        var settings = ViewSettings()
        do throws(TabError) {
            for (name, variant) in entries.sorted(by: { $0.key < $1.key }) {
                guard let key = ViewSettings.Key(rawValue: name) else {
                    throw .invalidArgument(
                        "Unknown setting \(OffendingValue.quoted(name)): expected max_visible, layout, orientation or locale."
                    )
                }
                guard let value = PropertyValue(variant.value) else {
                    throw .invalidArgument(
                        "Setting \(key.rawValue) cannot be a \(OffendingValue.quoted(variant.value.signature)).")
                }
                try settings.set(key, to: value, supported: model.read { $0.supportedOrientations }, opening: true)
            }
            try views.checkRoom(owner: caller, limitedUser: limitedUser(caller))
        } catch {
            throw error.dbusError
        }
        let presented = model.read { controller in
            controller.presentation(with: settings.resolved(over: controller.settings), showingMore: false)
        }
        let view = views.open(
            owner: caller, limitedUser: limitedUser(caller), settings: settings, presenting: presented)
        objects.exportView(view, of: self)
        return view.path
    }

    /// The user a caller's views count against (VIEW-1): on the system instance, unless root
    /// or the admin group; nil where none is limited.
    private func limitedUser(_ caller: String) -> UInt32? {
        let access = objects.access
        guard access.enforced else { return nil }
        // The connection asked the caller's uid before dispatching its call.
        let uid = objects.uid(of: caller) ?? UInt32.max
        return access.mayChange(uid: uid) ? nil : uid
    }

    /// `Close` (VIEW-1, VIEW-4): only its opener may close it.
    func closeView(_ number: UInt64, by caller: String) throws(DBusError) {
        _ = try ownedView(number, by: caller, doing: "close")
        dropView(number)
    }

    /// Writes a setting of view `number` (VIEW-1, VIEW-4): its opener only, checked as the
    /// controller's own; `""` or `0` follows the controller's again.
    func setView(_ number: UInt64, _ property: PresentationProperty, to value: PropertyValue, by caller: String)
        throws(DBusError)
    {
        var settings = try ownedView(number, by: caller, doing: "set \(property.rawValue) of").settings
        guard let key = ViewSettings.Key(property) else {
            throw TabError.invalidArgument("Property \(property.rawValue) is read-only.").dbusError
        }
        do {
            try settings.set(key, to: value, supported: model.read { $0.supportedOrientations }, opening: false)
        } catch {
            throw error.dbusError
        }
        views.update(number) { $0.settings = settings }
        announceViews()
    }

    /// `Tap` on view `number` (VIEW-3): `@more` shows the view's More list, for its opener
    /// only, asking no delegate and changing nothing shared; a tab is judged on the view's
    /// presentation, then decided as the controller's `Tap`.
    func tapView(_ number: UInt64, _ item: String, call: MethodCall) throws -> Replied {
        if item == BusNames.moreItem {
            let view = try ownedView(number, by: call.sender, doing: "tap @more on")
            guard model.read({ $0.session == nil }) else {
                throw TabError.busy("A customization session is open.").dbusError
            } // TAP-6
            guard view.presented.showsMore else {
                throw TabError.noMore("There is no More item in view \(number).").dbusError
            }
            views.update(number) { $0.showingMore = true }
            announceViews()
            return try call.reply(true)
        }
        guard let view = views[number] else { throw Self.noView(number) }
        if view.presented.hiddenTabs.contains(item) { throw TabError.notReachable(item).dbusError }
        return try gate.tap(item, call: call, model: ViewTap(through: number, of: self))
    }

    /// The view `number`, when `caller` opened it (VIEW-4: `AccessDenied` otherwise).
    private func ownedView(_ number: UInt64, by caller: String, doing what: String) throws(DBusError) -> OpenView {
        guard let view = views[number] else { throw Self.noView(number) }
        guard view.owner == caller else {
            throw .accessDenied("only the connection that opened view \(number) may \(what) it")
        }
        return view
    }

    private static func noView(_ number: UInt64) -> DBusError {
        .unknownObject("view \(number) is closed")
    }

    /// Every view of a connection that left the bus closes (VIEW-1).
    func openerLeft(_ owner: String) {
        for number in views.numbers(ownedBy: owner) { dropView(number) }
    }

    /// Takes view `number` off the bus (`InterfacesRemoved`).
    private func dropView(_ number: UInt64) {
        guard let view = views.close(number) else { return }
        objects.unexportView(view)
    }

    /// A batch of views alone (a setting, `@more`): announced at once, outside `Revision`
    /// (VIEW-5).
    private func announceViews() {
        objects.announce(viewChanges: refreshViews())
    }

    /// VIEW-5: each view brought up to date after a change of `change` (`TabEvents.presentationChange`);
    /// answers the views whose presentation changed, with what changed, views alike together,
    /// and keeps what each presents now. VIEW-6: a view is left alone when the change cannot
    /// reach it, brought up to a new selection when that alone changed, and presented anew
    /// otherwise, each presentation once for the views alike. A view's orientation that the
    /// tabs no longer support becomes the first supported one (ORI-4); its `ShowingMore` ends
    /// when its More item goes away (VIEW-3). O(views × tabs), O(views) for a selection.
    func refreshViews(after change: PresentationChange = .any) -> [ViewChange] {
        guard !views.isEmpty else { return [] }
        var shared = SharedPresentations()
        views.updateEach { view in
            // A view whose More list was shown or ended meanwhile (VIEW-3) is presented anew.
            let follows = change != .any && view.showingMore == view.presented.showingMore
            if follows && change == .none { return }
            let index: Int
            let now: Presentation
            let changed: [PresentationProperty]
            if follows {
                let earlier = view.presented
                (index, now, changed) = shared.reselected(earlier) {
                    model.read { controller in controller.reselected(earlier) }
                }
            } else {
                let (requested, showingMore) = (view.settings, view.showingMore)
                let settings = model.read { controller in requested.resolved(over: controller.settings) }
                (index, now) = shared.presentation(with: settings, showingMore: showingMore) {
                    model.read { controller in controller.presentation(with: settings, showingMore: showingMore) }
                }
                changed = now.changes(since: view.presented)
            }
            guard !changed.isEmpty else { return }
            view.presented = now
            view.showingMore = now.showingMore
            view.settings.keepSupported(now.settings.orientation)
            shared.changed(view.path, to: index, in: changed)
        }
        return shared.changes
    }
}

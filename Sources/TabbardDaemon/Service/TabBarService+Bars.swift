import DBus
import TabModel

/// The effects of the standalone bars (SBAR-1..5) in the request pipeline: their objects come before
/// anything of a request is announced and go after it, and each bar's customization session is
/// watched for an owner that leaves or goes idle.
extension TabBarService {
    /// Exports the bars and items a request created, so that their `InterfacesAdded` precede
    /// the request's property changes and signals (SBAR-1).
    func exportBarObjects(_ events: StandaloneBarEvents) {
        for name in events.barsAdded { objects.exportBar(name, of: self) }
        for item in events.itemsAdded { objects.exportItem(item, of: self) }
    }

    /// After a request's announcements: unexports the items and bars that left, items first,
    /// once their last property changes and signals are out, and follows the bars' sessions.
    func retireBarObjects(_ events: StandaloneBarEvents) {
        if !events.itemsRemoved.isEmpty || !events.barsRemoved.isEmpty {
            objects.flushPropertyChanges()
            for item in events.itemsRemoved { objects.unexportItem(item) }
            for name in events.barsRemoved { objects.unexportBar(name) }
        }
        for change in events.barProperties where change.properties.contains(.customizing) {
            followBarSession(change.bar)
        }
        for name in events.barsRemoved { followBarSession(name) }
    }

    /// SBAR-5: a session whose owner leaves the bus or stays idle for
    /// `customization_timeout_s` ends as if `EndCustomizingItems` had been called.
    private func followBarSession(_ name: String) {
        let sessionOwner = model.read { $0.bar(named: name)?.session?.owner }
        sessionWatch.follow(.bar(name), owner: sessionOwner) { [unowned self] owner in
            do throws(DBusError) {
                try carryOut(.imposed { controller in controller.endBarSession(on: name, owner: owner).events })
            } catch {
                log.error("ending the customization session of bar \(name): \(error.message)")
            }
        }
    }
}

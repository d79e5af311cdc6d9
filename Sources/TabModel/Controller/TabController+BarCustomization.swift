/// Customizing a standalone bar (SBAR-5): UIKit's `beginCustomizingItems:`. One session per
/// bar, owned by the connection that began it (the daemon passes the caller's unique bus name);
/// sessions of different bars and the controller's are independent. The daemon ends a session
/// when its owner leaves the bus (`ownerLeft`) or stays idle for `customization_timeout_s`
/// (`endBarSession`): the model has no clock.
extension TabController {
    /// `BeginCustomizingItems(item_ids)`: opens the bar's session for `owner`. `ids` are the
    /// defined items the user may place on the bar; an item on the bar that is not among them is
    /// fixed in place. Sets `Customizing`, then emits `WillBeginCustomizingItems(ids)` and
    /// `DidBeginCustomizingItems(ids)`. Throws `NoSuchBar`, `Busy` while a session is open on the
    /// bar (for its owner too), `InvalidArgument` for a malformed or repeated id, `NoSuchItem`
    /// for one not defined. O(items).
    public mutating func beginCustomizingItems(_ ids: [String], on name: String, owner: String) throws(TabError)
        -> TabEvents
    {
        let index = try requireBar(name)
        if let session = bars[index].session {
            throw .busy(
                "BeginCustomizingItems by \(owner) on bar \(quoted: name) refused: the customization session of \(session.owner) is open."
            )
        }
        var seen = Set<String>()
        for id in ids {
            _ = try requireItem(id, on: index)
            guard seen.insert(id).inserted else { throw .invalidArgument("Item \(quoted: id) is listed twice.") }
        }
        let session = BarCustomizationSession(owner: owner, candidates: ids, itemsAtBegin: bars[index].items)
        return changeBar(
            index, .customizing(of: name), signals: [.willBeginCustomizingItems(ids), .didBeginCustomizingItems(ids)]
        ) {
            $0.session = session
        }
    }

    /// `ReplaceItem(index, item_id)` within the session of `owner`: puts candidate `id` at bar
    /// position `position`, and the item there leaves the bar (a selected one leaves the
    /// selection empty). A candidate already on the bar is moved there as `moveItem` would move
    /// it, and nothing leaves. Throws `NoSuchBar`, `NotCustomizing` without a session, `Busy` for
    /// another owner, `NoSuchItem`, `IndexOutOfRange` outside the bar's items (CUST-9),
    /// `NotCustomizable` for an item that is not a candidate or a fixed item at `position`.
    /// O(items).
    public mutating func replaceItem(at position: Int, with id: String, on name: String, owner: String) throws(TabError)
        -> TabEvents
    {
        let index = try requireBar(name)
        try TabIdentifier.validate(id, as: "item id") // ID-1: before anything else
        let session = try requireSession(on: index, of: owner, for: "ReplaceItem")
        _ = try requireItem(id, on: index)
        let items = bars[index].items
        guard items.indices.contains(position) else { throw .indexOutOfRange(position, count: items.count) } // CUST-9
        try requireMovable(id, on: index, session)
        try requireMovable(items[position], on: index, session, at: position)
        if let from = bars[index].position(of: id) { return move(from: from, to: position, on: index, session) }
        var replaced = items
        replaced[position] = id
        return changeBar(index, .placement(bars[index])) { $0.place(replaced) }
    }

    /// `MoveItem(item_id, index)` within the session of `owner`: moves a candidate on the bar to
    /// `position`, over positions of candidates only; fixed items keep their place (CUST-2's
    /// rule). Throws `NoSuchBar`, `NotCustomizing`, `Busy` for another owner, `NoSuchItem` for an
    /// item not on the bar, `IndexOutOfRange` (CUST-9), `NotCustomizable` when `id` or the item
    /// at `position` is fixed. O(items).
    public mutating func moveItem(_ id: String, to position: Int, on name: String, owner: String) throws(TabError)
        -> TabEvents
    {
        let index = try requireBar(name)
        try TabIdentifier.validate(id, as: "item id") // ID-1: before anything else
        let session = try requireSession(on: index, of: owner, for: "MoveItem")
        let from = try requireOnBar(id, on: index)
        let items = bars[index].items
        guard items.indices.contains(position) else { throw .indexOutOfRange(position, count: items.count) } // CUST-9
        try requireMovable(id, on: index, session)
        try requireMovable(items[position], on: index, session, at: position)
        return move(from: from, to: position, on: index, session)
    }

    /// `EndCustomizingItems()` by `owner`: closes the session, sets `Customizing` false, then
    /// emits `WillEndCustomizingItems(items, changed)` and `DidEndCustomizingItems(items,
    /// changed)` with the bar's items after the session. Throws `NoSuchBar`, `NotCustomizing`
    /// without a session, `Busy` for another owner. O(items).
    public mutating func endCustomizingItems(on name: String, owner: String) throws(TabError) -> CustomizationOutcome {
        let index = try requireBar(name)
        _ = try requireSession(on: index, of: owner, for: "EndCustomizingItems")
        return closeBarSession(index)
    }

    /// Ends the session of bar `name` if `owner` holds it, as `EndCustomizingItems` would: the
    /// daemon calls this when the owner stays idle for `customization_timeout_s` (SBAR-5).
    /// Empty events otherwise.
    public mutating func endBarSession(on name: String, owner: String) -> CustomizationOutcome {
        guard let index = bars.firstIndex(where: { $0.name == name }), bars[index].session?.owner == owner else {
            return CustomizationOutcome(changed: false, events: TabEvents())
        }
        return closeBarSession(index)
    }

    // MARK: Internals

    /// Ends every open bar session that `ends` picks, in bar order, each with its signals.
    mutating func endBarSessions(where ends: (BarCustomizationSession) -> Bool) -> TabEvents {
        var events = TabEvents()
        for index in bars.indices {
            guard let session = bars[index].session, ends(session) else { continue }
            events.absorb(closeBarSession(index).events)
        }
        return events
    }

    private mutating func closeBarSession(_ index: Int) -> CustomizationOutcome {
        guard let session = bars[index].session else {
            return CustomizationOutcome(changed: false, events: TabEvents())
        }
        let items = bars[index].items
        let changed = items != session.itemsAtBegin
        let events = changeBar(
            index, .customizing(of: bars[index].name),
            signals: [
                .willEndCustomizingItems(items, changed: changed), .didEndCustomizingItems(items, changed: changed),
            ]
        ) {
            $0.session = nil
        }
        return CustomizationOutcome(changed: changed, events: events)
    }

    /// Moves the item at `from` to `to` over movable positions (CUST-2's `Reordering`).
    private mutating func move(from: Int, to: Int, on index: Int, _ session: BarCustomizationSession) -> TabEvents {
        changeBar(index, .placement(bars[index])) { bar in
            var items = bar.items
            _ = Reordering.move(&items, from: from, to: to, isMovable: session.isMovable)
            bar.place(items)
        }
    }

    private func requireSession(on index: Int, of owner: String, for member: String) throws(TabError)
        -> BarCustomizationSession
    {
        let name = bars[index].name
        guard let session = bars[index].session else {
            throw .notCustomizing("\(member): no customization session is open on bar \(quoted: name).")
        }
        guard session.owner == owner else {
            throw .busy(
                "\(member) by \(owner) refused: the customization session of bar \(quoted: name) belongs to \(session.owner)."
            )
        }
        return session
    }

    /// SBAR-5: only the session's candidates may be placed or moved; an item on the bar that is
    /// not among them is fixed.
    private func requireMovable(
        _ id: String, on index: Int, _ session: BarCustomizationSession, at position: Int? = nil
    ) throws(TabError) {
        guard session.isMovable(id) else {
            let place = position.map { " at index \($0)" } ?? ""
            throw .notCustomizable(
                "Item \(quoted: id)\(place) is not among the items the session of bar \(quoted: bars[index].name) may place."
            )
        }
    }
}

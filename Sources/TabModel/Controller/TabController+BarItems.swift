/// The items of standalone bars (SBAR-2..4): defining and removing them, their properties and
/// badges, which of them are on the bar, and the selection, programmatic or by a user's tap.
extension TabController {
    // MARK: Defining items (SBAR-2)

    /// `AddItem(item_id, title, image, selected_image)`: defines an item on bar `name`, enabled,
    /// without a badge, rendered as a template, not on the bar. Throws `NoSuchBar`, or
    /// `InvalidArgument` for a malformed id or image, an id in use on the bar, or a 257th item.
    /// O(bars): one lookup of the bar, the rest O(1).
    public mutating func addItem(_ id: String, title: String, image: String, selectedImage: String, on name: String)
        throws(TabError) -> TabEvents
    {
        let index = try requireBar(name)
        return try define(BarItem(id: id, title: title, image: image, selectedImage: selectedImage), on: index)
    }

    /// `AddSystemItem(item_id, system_item, tag)`: defines a system item (ITEM-3), whose title
    /// and images are the daemon's. Throws as `addItem`, and `InvalidArgument` for an unknown
    /// system item. O(bars): one lookup of the bar, the rest O(1).
    public mutating func addSystemItem(_ id: String, systemItem: String, tag: Int32, on name: String) throws(TabError)
        -> TabEvents
    {
        let index = try requireBar(name)
        return try define(BarItem(id: id, systemItem: systemItem, tag: tag), on: index)
    }

    /// `RemoveItem(item_id)`: deletes a defined item; off the bar it goes, and a selected one
    /// leaves the selection empty (SBAR-4). Throws `NoSuchBar`, `Busy` during the bar's session
    /// (SBAR-5), `NoSuchItem`. O(items).
    public mutating func removeItem(_ id: String, from name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        try TabIdentifier.validate(id, as: "item id")
        try requireNoSession(on: index, for: "RemoveItem")
        let position = try requireItem(id, on: index)
        var objects = StandaloneBarEvents()
        objects.itemsRemoved = [BarItemReference(bar: name, item: id)]
        return changeBar(index, .placement(bars[index]), objects: objects) { $0.removeDefinition(at: position) }
    }

    // MARK: Item properties and badges (SBAR-2)

    /// Writes a writable property of item `id` (`Title`, `Image`, `SelectedImage`,
    /// `ImageRenderingMode`, `Tag`, `BadgeColor`, `Enabled`) with the rules of `BarItem.set`.
    /// Throws `NoSuchBar`, `NoSuchItem`, `NotSupported` for the face of a system item (ITEM-3),
    /// `InvalidArgument` for a bad value. Served during the bar's session. O(bars): one lookup of the bar, the rest O(1).
    public mutating func setItem(_ property: BarItemProperty, of id: String, on name: String, to value: PropertyValue)
        throws(TabError) -> TabEvents
    {
        let index = try requireBar(name)
        let position = try requireItem(id, on: index)
        return try changeBar(index, .item(id, of: name)) { bar throws(TabError) in
            try bar.update(itemAt: position) { item throws(TabError) in try item.set(property, to: value) }
        }
    }

    /// `SetBadge(value)` (a `.dot` or `.text`) and `ClearBadge()` (nil) of item `id` (ITEM-4).
    /// Throws `NoSuchBar`, `NoSuchItem`, `InvalidArgument` for text over 64 bytes. O(bars): one lookup of the bar, the rest O(1).
    public mutating func setItemBadge(_ badge: Badge?, of id: String, on name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        let position = try requireItem(id, on: index)
        var normalized = badge
        if case .text(let text) = badge { normalized = try Badge(value: text) }
        return changeBar(index, .item(id, of: name)) { $0.update(itemAt: position) { $0.badge = normalized } }
    }

    // MARK: The items on the bar (SBAR-3)

    /// `SetItems(item_ids, animated)`: puts defined items on the bar in that order and emits
    /// `ItemsSet(item_ids, animated)` after the property changes. An identical list is a no-op
    /// whatever `animated` says. The selection stays if its item stays, else it is empty.
    /// Throws `NoSuchBar`, `Busy` during the bar's session (SBAR-5), `InvalidArgument` for a
    /// malformed or repeated id, `NoSuchItem` for one not defined. O(items).
    public mutating func setItems(_ ids: [String], animated: Bool, on name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        try requireNoSession(on: index, for: "SetItems")
        var seen = Set<String>()
        for id in ids {
            _ = try requireItem(id, on: index)
            guard seen.insert(id).inserted else { throw .invalidArgument("Item \(quoted: id) is listed twice.") }
        }
        if ids == bars[index].items { return TabEvents() } // SBAR-3: nothing emitted
        return try changeBar(index, .placement(bars[index]), signals: [.itemsSet(ids, animated: animated)]) {
            $0.place(ids)
        }
    }

    // MARK: Selection (SBAR-4)

    /// `SetSelectedItem(item_id)`: selects an item on the bar programmatically, or nothing for
    /// an empty id. A disabled item may be selected (ITEM-6). Emits only property changes;
    /// selecting the selected item emits nothing. Throws `NoSuchBar`, `NoSuchItem` for an item
    /// not defined or not on the bar. Served during the bar's session. O(bars): one lookup of the bar, the rest O(1).
    public mutating func selectItem(_ id: String, on name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        let wanted: String? = id.isEmpty ? nil : id
        if let wanted { try requireOnBar(wanted, on: index) }
        return changeBar(index, .selection(bars[index], [bars[index].selectedItem, wanted])) {
            $0.selectedItem = wanted
        }
    }

    /// `Tap(item_id)`: a user's tap selects the item and emits `DidSelectItem(item_id)` after the
    /// property changes, also when it was selected already (then only the signal). The bar
    /// delegate has no veto. Throws, in this order, `NoSuchBar`, `NoSuchItem` for an item not on
    /// the bar, `Disabled` (ITEM-6), `Busy` during the bar's session (SBAR-5). O(bars): one lookup of the bar, the rest O(1).
    public mutating func tapItem(_ id: String, on name: String) throws(TabError) -> TabEvents {
        let index = try requireBar(name)
        try requireOnBar(id, on: index)
        guard bars[index].item(id)!.enabled else { throw .disabled(id, bar: name) }
        if let session = bars[index].session {
            throw .busy(
                "A customization session by \(session.owner) is open on bar \(quoted: name); \(quoted: id) cannot be tapped now."
            )
        }
        return changeBar(index, .selection(bars[index], [bars[index].selectedItem, id]), signals: [.didSelectItem(id)])
        {
            $0.selectedItem = id
        }
    }

    // MARK: Internals

    /// Adds `item` to the bar at `index` (SBAR-2): its id must be new there, and the bar must
    /// have room.
    private mutating func define(_ item: BarItem, on index: Int) throws(TabError) -> TabEvents {
        let name = bars[index].name
        guard bars[index].item(item.id) == nil else {
            throw .invalidArgument("Item \(quoted: item.id) is already defined on bar \(quoted: name).")
        }
        guard bars[index].definedItems.count < StandaloneBar.maximumItems else {
            throw .invalidArgument(
                "Bar \(quoted: name) has \(StandaloneBar.maximumItems) items; item \(quoted: item.id) would be one too many."
            )
        }
        var objects = StandaloneBarEvents()
        objects.itemsAdded = [BarItemReference(bar: name, item: item.id)]
        let scope = BarScope(bar: name, properties: [.definedItems], items: [], itemProperties: [])
        return changeBar(index, scope, objects: objects) { $0.define(item) }
    }

    /// Validates `id` (ID-1) and returns its position among the bar's defined items;
    /// `NoSuchItem` when it is not defined there.
    func requireItem(_ id: String, on index: Int) throws(TabError) -> Int {
        try TabIdentifier.validate(id, as: "item id")
        guard let position = bars[index].definitionIndex(of: id) else { throw .noSuchItem(id, bar: bars[index].name) }
        return position
    }

    /// Validates `id` and returns its position on the bar; `NoSuchItem` when it is not defined,
    /// or defined but not on the bar (SBAR-2).
    @discardableResult
    func requireOnBar(_ id: String, on index: Int) throws(TabError) -> Int {
        _ = try requireItem(id, on: index)
        guard let position = bars[index].position(of: id) else {
            throw .noSuchItem(id, bar: bars[index].name, isDefined: true)
        }
        return position
    }
}

/// A tab bar that no controller manages (SBAR-1..7): UIKit's "tab bar as a standalone object",
/// with items the app defines, the items shown in order, a selection, at most one
/// customization session and its own appearance. A value; `TabController` owns every bar and
/// changes it only through operations that return their events.
///
/// Lookups by id are O(1): the bar keeps the position of every defined item and of every item
/// on the bar, and changes its two lists only through the methods below, which keep them.
public struct StandaloneBar: Equatable, Sendable {
    /// SBAR-2: the most items one bar may define.
    public static let maximumItems = 256

    /// The bar's name (ID-1), unique among bars.
    public let name: String
    /// Every item defined on the bar, in definition order (`DefinedItems`).
    public private(set) var definedItems: [BarItem] = []
    /// The items on the bar, in order (`Items`): defined ones, each once. No More item.
    public private(set) var items: [String] = []
    /// `SelectedItem`: an item on the bar, or nil for none (UIKit's nil; SBAR-4).
    public internal(set) var selectedItem: String?
    /// The open customization session, if any (SBAR-5).
    public internal(set) var session: BarCustomizationSession?
    /// LOOK-1..7 for this bar alone (SBAR-6).
    public internal(set) var appearance: Appearance

    /// id → index in `definedItems`.
    private var definitionIndices: [String: Int] = [:]
    /// id → index in `items`.
    private var positions: [String: Int] = [:]

    /// A new, empty bar that starts from `appearance`, the appearance proxy (SBAR-6).
    init(name: String, appearance: Appearance) {
        self.name = name
        self.appearance = appearance
    }

    // MARK: Reading

    /// The defined item `id`, or nil. O(1).
    public func item(_ id: String) -> BarItem? { definitionIndices[id].map { definedItems[$0] } }

    /// The position of `id` in `items`, or nil when it is not on the bar. O(1).
    public func position(of id: String) -> Int? { positions[id] }

    /// The position of `id` in `definedItems`, or nil. O(1).
    func definitionIndex(of id: String) -> Int? { definitionIndices[id] }

    /// The defined items that `include` picks, named with the bar, in definition order: the
    /// item objects that come or go with them. O(items).
    func references(where include: (BarItem) -> Bool = { _ in true }) -> [BarItemReference] {
        definedItems.filter(include).map { BarItemReference(bar: name, item: $0.id) }
    }

    // MARK: Changing

    /// Defines `item` after the others. Its id must be new on the bar. O(1).
    mutating func define(_ item: BarItem) {
        precondition(definitionIndices[item.id] == nil, "item \(item.id) is defined twice on bar \(name)")
        definitionIndices[item.id] = definedItems.count
        definedItems.append(item)
    }

    /// Changes the defined item at `index` (never its id). O(1).
    mutating func update<Failure: Error>(itemAt index: Int, _ change: (inout BarItem) throws(Failure) -> Void)
        throws(Failure)
    {
        let id = definedItems[index].id
        try change(&definedItems[index])
        precondition(definedItems[index].id == id, "an item's id never changes")
    }

    /// Deletes the defined item at `index`; it leaves the bar, and the selection if it held it
    /// (SBAR-2/4). O(items).
    mutating func removeDefinition(at index: Int) {
        let id = definedItems.remove(at: index).id
        definitionIndices = Self.indices(of: definedItems.map(\.id))
        if positions[id] != nil { place(items.filter { $0 != id }) }
    }

    /// Puts `ids`, defined and distinct, on the bar; a selected item that left it leaves the
    /// selection empty (SBAR-4). O(ids).
    mutating func place(_ ids: [String]) {
        precondition(ids.allSatisfy { definitionIndices[$0] != nil }, "only defined items go on bar \(name)")
        items = ids
        positions = Self.indices(of: ids)
        if let selectedItem, positions[selectedItem] == nil { self.selectedItem = nil }
    }

    private static func indices(of ids: [String]) -> [String: Int] {
        var indices: [String: Int] = [:]
        indices.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() { indices[id] = index }
        return indices
    }
}

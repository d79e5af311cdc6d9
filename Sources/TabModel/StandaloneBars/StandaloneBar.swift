/// A tab bar that no controller manages (SBAR-1..7): seed 003's "tab bar as a standalone
/// object", with items the app defines, the items shown in order, a selection, at most one
/// customization session and its own appearance. A value; `TabController` owns every bar and
/// changes it only through operations that return their events.
///
/// A bar has at most 256 items, so lookups by id are linear scans.
public struct StandaloneBar: Equatable, Sendable {
    /// SBAR-2: the most items one bar may define.
    public static let maximumItems = 256

    /// The bar's name (ID-1), unique among bars.
    public let name: String
    /// Every item defined on the bar, in definition order (`DefinedItems`).
    public internal(set) var definedItems: [BarItem]
    /// The items on the bar, in order (`Items`): defined ones, each once. No More item.
    public internal(set) var items: [String]
    /// `SelectedItem`: an item on the bar, or nil for none (UIKit's nil; SBAR-4).
    public internal(set) var selectedItem: String?
    /// The open customization session, if any (SBAR-5).
    public internal(set) var session: BarCustomizationSession?
    /// LOOK-1..7 for this bar alone (SBAR-6).
    public internal(set) var appearance: Appearance

    /// A new, empty bar that starts from `appearance`, the appearance proxy (SBAR-6).
    init(name: String, appearance: Appearance) {
        self.name = name
        definedItems = []
        items = []
        selectedItem = nil
        session = nil
        self.appearance = appearance
    }

    // MARK: Reading

    /// The defined item `id`, or nil. O(items).
    public func item(_ id: String) -> BarItem? { definedItems.first { $0.id == id } }

    /// The position of `id` in `items`, or nil when it is not on the bar. O(items).
    public func position(of id: String) -> Int? { items.firstIndex(of: id) }

    /// The position of `id` in `definedItems`, or nil. O(items).
    func definitionIndex(of id: String) -> Int? { definedItems.firstIndex { $0.id == id } }

    // MARK: Changing the items on the bar

    /// Puts `ids` on the bar; a selected item that left it leaves the selection empty (SBAR-4).
    mutating func place(_ ids: [String]) {
        items = ids
        if let selectedItem, !ids.contains(selectedItem) { self.selectedItem = nil }
    }
}

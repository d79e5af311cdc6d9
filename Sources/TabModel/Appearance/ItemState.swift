/// The state of an item on either side of a divider (LOOK-5).
public enum ItemState: String, CaseIterable, Codable, Sendable {
    /// Not selected.
    case normal
    /// Selected.
    case selected

    /// Parses a state name, throwing `InvalidArgument` for anything else.
    public init(validating name: String) throws(TabError) {
        guard let state = ItemState(rawValue: name) else {
            throw .invalidArgument("Unknown item state \(quoted: name): expected normal or selected.")
        }
        self = state
    }

    /// The `DividerImages` key for a pair, `left|right`. Throws `InvalidArgument` for
    /// `selected|selected`, which cannot occur: one item at most is selected.
    public static func dividerKey(left: ItemState, right: ItemState) throws(TabError) -> String {
        if left == .selected && right == .selected {
            throw .invalidArgument("No divider sits between two selected items (selected|selected).")
        }
        return "\(left.rawValue)|\(right.rawValue)"
    }

    /// The three keys a renderer needs before it draws any divider (LOOK-5).
    public static let dividerKeys = ["normal|normal", "normal|selected", "selected|normal"]
}

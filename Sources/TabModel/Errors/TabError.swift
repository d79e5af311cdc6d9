/// Every failure the model reports. Each case has the error name of semantics.md, which the
/// API keeps, and carries the offending value so that `message` can name it (ERR-2). No
/// operation that throws has changed any state.
public enum TabError: Error, Equatable, Sendable {
    /// A tab id that is not in `Tabs` (or not in the catalog, where the catalog is meant).
    case noSuchTab(String)
    /// A standalone bar name that no bar has (SBAR-1).
    case noSuchBar(String)
    /// An item id not defined on the bar, or, where a member needs an item on the bar, one that
    /// is defined but not on it (`isDefined`) (SBAR-2).
    case noSuchItem(String, bar: String, isDefined: Bool = false)
    /// A value of the right type but outside its rules (ID-1, ITEM-4/5, ERR-1, TABS-1/7 …).
    case invalidArgument(String)
    /// An index outside the valid range (SEL-3, TABS-6, CUST-9).
    case indexOutOfRange(Int, count: Int)
    /// The More item was asked for while there is none (SEL-5, TAP-8, TOP-2).
    case noMore(String)
    /// A tab hidden by layout `top` was asked for (TOP-1, TAP-8).
    case notReachable(String)
    /// A disabled tab (or, with `bar`, a disabled item of that standalone bar) was tapped
    /// (ITEM-6, SBAR-4).
    case disabled(String, bar: String? = nil)
    /// Customization of a fixed tab, or with an empty customizable set (CUST-1/2).
    case notCustomizable(String)
    /// A session call without an open session (CUST-4).
    case notCustomizing(String)
    /// `Customize` with an order that is not a permutation respecting fixed tabs (CUST-2/5).
    case invalidOrder(String)
    /// Refused because a customization session is open or the tap queue is full (TAP-6/7, CUST-4/8).
    case busy(String)
    /// A second delegate registration.
    case delegateExists(String)
    /// Unregistration by someone who is not the delegate.
    case notDelegate(String)
    /// Not possible in the current layout or orientation set (TOP-2, ORI-3, ITEM-3).
    case notSupported(String)

    /// The error's name, e.g. `NoSuchTab`.
    public var name: String {
        switch self {
        case .noSuchTab: "NoSuchTab"
        case .noSuchBar: "NoSuchBar"
        case .noSuchItem: "NoSuchItem"
        case .invalidArgument: "InvalidArgument"
        case .indexOutOfRange: "IndexOutOfRange"
        case .noMore: "NoMore"
        case .notReachable: "NotReachable"
        case .disabled: "Disabled"
        case .notCustomizable: "NotCustomizable"
        case .notCustomizing: "NotCustomizing"
        case .invalidOrder: "InvalidOrder"
        case .busy: "Busy"
        case .delegateExists: "DelegateExists"
        case .notDelegate: "NotDelegate"
        case .notSupported: "NotSupported"
        }
    }

    /// Every error name, in the order of semantics.md.
    public static let allNames = [
        "NoSuchTab", "InvalidArgument", "IndexOutOfRange", "NoMore", "NotReachable", "Disabled",
        "NotCustomizable", "NotCustomizing", "InvalidOrder", "Busy", "DelegateExists",
        "NotDelegate", "NotSupported", "NoSuchBar", "NoSuchItem",
    ]

    /// One human-readable line that names the offending value.
    public var message: String {
        switch self {
        case .noSuchTab(let id): "No such tab: \(quoted: id)."
        case .noSuchBar(let name): "No such bar: \(quoted: name)."
        case .noSuchItem(let id, let bar, let isDefined):
            isDefined
                ? "Item \(quoted: id) is not on bar \(quoted: bar)."
                : "No such item on bar \(quoted: bar): \(quoted: id)."
        case .invalidArgument(let detail): detail
        case .indexOutOfRange(let index, let count): "Index \(index) is outside 0..<\(count)."
        case .noMore(let detail): detail
        case .notReachable(let id): "Tab \(quoted: id) is hidden by layout 'top' and cannot be reached."
        case .disabled(let id, nil): "Tab \(quoted: id) is disabled."
        case .disabled(let id, let bar?): "Item \(quoted: id) on bar \(quoted: bar) is disabled."
        case .notCustomizable(let detail): detail
        case .notCustomizing(let detail): detail
        case .invalidOrder(let detail): detail
        case .busy(let detail): detail
        case .delegateExists(let current): "A delegate is already registered: \(current)."
        case .notDelegate(let caller): "Not the registered delegate: \(caller)."
        case .notSupported(let detail): detail
        }
    }
}

extension TabError: CustomStringConvertible {
    /// `Name: message`, for logs.
    public var description: String { "\(name): \(message)" }
}

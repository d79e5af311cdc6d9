/// An open customization session of one standalone bar (SBAR-5): who began it, which items the
/// user may place on the bar, and the bar's items at begin, so that ending it can say whether
/// they changed.
public struct BarCustomizationSession: Equatable, Sendable {
    /// The connection that began it (the caller's unique bus name); only it may continue it.
    public let owner: String
    /// The items given to `BeginCustomizingItems`, in that order: the movable ones. An item
    /// on the bar that is not among them is fixed in place.
    public let candidates: [String]
    /// `Items` at `BeginCustomizingItems`.
    public let itemsAtBegin: [String]
    /// `candidates` as a set, for O(1) questions.
    private let movable: Set<String>

    /// A session of `owner` over `candidates`, begun while the bar showed `itemsAtBegin`.
    public init(owner: String, candidates: [String], itemsAtBegin: [String]) {
        self.owner = owner
        self.candidates = candidates
        self.itemsAtBegin = itemsAtBegin
        movable = Set(candidates)
    }

    /// Whether the user may place or move `id` (SBAR-5). O(1).
    func isMovable(_ id: String) -> Bool { movable.contains(id) }
}

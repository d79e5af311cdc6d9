/// One object's changed properties in a `TabEvents`: a tab's, a standalone bar's or an item's.
/// The rows of one request merge with those of a later step of it through `merge`, the one
/// place that unions them.
protocol PropertyChangeRow {
    associatedtype Key: Hashable
    associatedtype Property: Hashable
    /// The object.
    var key: Key { get }
    /// Its changed properties.
    var properties: [Property] { get set }
}

extension Array where Element: PropertyChangeRow {
    /// Unions `later` into these rows object by object, keeping each object's properties in
    /// `order`; objects new to the list are appended in their order. O(count + later).
    mutating func merge(_ later: [Element], order: [Element.Property]) {
        var rows: [Element.Key: Int] = [:]
        rows.reserveCapacity(count)
        for (row, change) in enumerated() { rows[change.key] = row }
        for change in later {
            if let row = rows[change.key] {
                let merged = Set(self[row].properties).union(change.properties)
                self[row].properties = order.filter { merged.contains($0) }
            } else {
                rows[change.key] = count
                append(change)
            }
        }
    }
}

extension TabPropertyChanges: PropertyChangeRow {
    var key: String { tab }
}

extension StandaloneBarPropertyChanges: PropertyChangeRow {
    var key: String { bar }
}

extension BarItemPropertyChanges: PropertyChangeRow {
    var key: BarItemReference { item }
}

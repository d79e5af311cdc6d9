/// The reorders of CUST-2 on a plain list: fixed tabs keep their index, movable tabs shift
/// along the movable slots only.
enum Reordering {
    /// Moves `tabs[from]` to index `to`, where both hold movable tabs: the movable tabs in
    /// between shift by one movable slot, stepping over fixed ones. Returns the range of indices
    /// that may have changed. O(distance).
    static func move(_ tabs: inout [String], from: Int, to: Int, isMovable: (String) -> Bool) -> Range<Int> {
        guard from != to else { return from..<from }
        let moving = tabs[from]
        let step = from < to ? 1 : -1
        var hole = from
        var cursor = from + step
        // Walk toward `to`, pulling each movable tab back into the previous movable hole.
        while true {
            if isMovable(tabs[cursor]) {
                tabs[hole] = tabs[cursor]
                hole = cursor
            }
            if cursor == to { break }
            cursor += step
        }
        tabs[hole] = moving
        return min(from, to)..<(max(from, to) + 1)
    }
}

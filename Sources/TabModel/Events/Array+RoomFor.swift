extension Array {
    /// Appends `element`; the first append to an empty list makes room for `most` elements, the
    /// most the list will hold, so that a list of events does not grow one element at a time
    /// (room for 1, 2, 4 …, each a new allocation and a copy). Only as much room as the caller
    /// already holds elements of its own (a scope's properties or tabs) is worth reserving.
    mutating func append(_ element: Element, roomFor most: Int) {
        if isEmpty { reserveCapacity(most) }
        append(element)
    }
}

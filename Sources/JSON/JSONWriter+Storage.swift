extension JSONWriter {
    /// The writer's bytes: one allocation, of which the writer knows how much is written.
    /// Copies of a writer share it until one of them writes (`isKnownUniquelyReferenced`), as
    /// copies of an array share their elements; bytes past what is written are not initialized,
    /// so that a document of megabytes is not first cleared.
    final class Storage {
        /// The first byte.
        let start: UnsafeMutablePointer<UInt8>
        /// How many bytes the allocation holds.
        let capacity: Int

        /// Room for `capacity` bytes, none of them written.
        init(capacity: Int) {
            precondition(capacity > 0, "a writer's storage holds at least the NUL after the document")
            start = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        /// A storage holding the first `count` bytes of this one, with room for `needed` more:
        /// at least twice this one's capacity when it grows, so that appends stay amortized O(1).
        func copy(count: Int, room needed: Int) -> Storage {
            let grows = capacity - count < needed
            let copy = Storage(capacity: grows ? Swift.max(capacity * 2, count + needed) : capacity)
            copy.start.update(from: start, count: count)
            return copy
        }

        deinit {
            start.deallocate()
        }
    }
}

import Glibc

/// A table from names (object paths, interface and member names) to values that is looked up
/// with the C string libdbus hands over, without making a Swift `String`: the hot dispatch
/// path hashes the bytes and compares with `strcmp`, so it allocates nothing.
struct NameTable<Value> {
    private var buckets: [UInt64: [(name: String, value: Value)]] = [:]
    /// The number of entries.
    private(set) var count = 0

    /// Adds or replaces the value for `name`.
    mutating func insert(_ name: String, _ value: Value) {
        let key = Self.hash(name)
        var bucket = buckets[key] ?? []
        if let index = bucket.firstIndex(where: { $0.name == name }) {
            bucket[index].value = value
        } else {
            bucket.append((name, value))
            count += 1
        }
        buckets[key] = bucket
    }

    /// Removes and returns the value for `name`.
    @discardableResult
    mutating func remove(_ name: String) -> Value? {
        let key = Self.hash(name)
        guard var bucket = buckets[key], let index = bucket.firstIndex(where: { $0.name == name }) else { return nil }
        let removed = bucket.remove(at: index).value
        buckets[key] = bucket.isEmpty ? nil : bucket
        count -= 1
        return removed
    }

    /// The value for the NUL-terminated `name`.
    func lookup(_ name: UnsafePointer<CChar>) -> Value? {
        guard let bucket = buckets[Self.hash(name)] else { return nil }
        for entry in bucket where entry.name.withCString({ strcmp($0, name) == 0 }) {
            return entry.value
        }
        return nil
    }

    /// The value for `name`.
    func lookup(_ name: String) -> Value? {
        buckets[Self.hash(name)]?.first(where: { $0.name == name })?.value
    }

    /// Every value, in no particular order.
    var values: [Value] { buckets.values.flatMap { $0.map(\.value) } }

    // FNV-1a over the bytes; both forms give the same hash for the same name.
    private static func hash(_ name: UnsafePointer<CChar>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var cursor = name
        while cursor.pointee != 0 {
            hash = (hash ^ UInt64(UInt8(bitPattern: cursor.pointee))) &* 0x100_0000_01b3
            cursor += 1
        }
        return hash
    }

    private static func hash(_ name: String) -> UInt64 {
        // A native string's bytes are contiguous: hashing them in place costs a tenth of
        // stepping through its UTF-8 view.
        if let hash = name.utf8.withContiguousStorageIfAvailable({ bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }) {
            return hash
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

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

    // Both forms hash the same bytes, so they give the same hash for the same name.
    private static func hash(_ name: UnsafePointer<CChar>) -> UInt64 {
        hash(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    private static func hash(_ name: String) -> UInt64 {
        // In place: a native string's bytes are contiguous (`withUTF8` makes any other so),
        // and stepping through its UTF-8 view instead costs ten times more.
        var name = name
        return name.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// FNV-1a over `bytes`.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// A table's keys in the order they were added, each found by name: searched in place while
/// the table is small, as nearly every table is (a manifest's hold a dozen keys or fewer, and
/// comparing short keys costs a fraction of hashing one), and hashed once it grows past
/// `searchedInPlace`, so that a table of thousands of keys is not searched key by key.
struct KeyIndex: Sendable {
    /// The most keys searched one by one.
    static let searchedInPlace = 16

    /// The keys, in the order they were added.
    private(set) var keys: [String] = []
    /// Positions by key, once there are more than `searchedInPlace`.
    private var hashed: [String: Int]?

    /// No keys.
    init() {}

    /// The position of `key`, or nil.
    func position(of key: String) -> Int? {
        if let hashed { return hashed[key] }
        return keys.firstIndex(of: key)
    }

    /// Adds `key`, which must be new, at the next position.
    mutating func append(_ key: String) {
        keys.append(key)
        if hashed != nil {
            hashed![key] = keys.count - 1
        } else if keys.count > Self.searchedInPlace {
            hashed = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
        }
    }
}

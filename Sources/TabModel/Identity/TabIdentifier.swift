/// The rules for tab ids (ID-1, ID-2).
public enum TabIdentifier {
    /// The pseudo-id of the More item (ID-2); ID-1 makes it impossible as a tab id.
    public static let more = "@more"

    /// The longest id ID-1 allows, in bytes.
    public static let maximumLength = 64

    /// Whether `id` matches `^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$` (ID-1). O(length).
    public static func isValid(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) else {
            return false
        }
        return bytes.allSatisfy {
            isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// Throws `InvalidArgument` naming `id` unless it satisfies ID-1. O(length).
    public static func validate(_ id: String) throws(TabError) {
        try validate(id, as: "tab id")
    }

    /// Throws `InvalidArgument` naming `id` unless it satisfies ID-1; `noun` says what the id
    /// names (a standalone bar's name and its item ids follow ID-1 too, SBAR-1/2). O(length).
    public static func validate(_ id: String, as noun: String) throws(TabError) {
        guard isValid(id) else {
            throw .invalidArgument(
                "Invalid \(noun) \(quoted: id): expected 1 to 64 of [A-Za-z0-9._-], starting with a letter or digit.")
        }
    }

    /// Throws unless `item` is `@more` or a valid tab id (for `Tap`). O(length).
    public static func validateItem(_ item: String) throws(TabError) {
        if item != more { try validate(item) }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

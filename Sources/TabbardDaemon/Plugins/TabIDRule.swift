/// The tab id rule (ID-1), checked before an id from a manifest reaches the daemon.
public enum TabIDRule {
    /// ID-1 as a regular expression, for messages.
    public static let pattern = "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"

    /// Whether `text` matches ID-1: an ASCII letter or digit, then up to 63 of letters,
    /// digits, `.`, `_`, `-`.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...64).contains(bytes.count), isAlphanumeric(bytes[0]) else { return false }
        return bytes.dropFirst().allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

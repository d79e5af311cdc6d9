/// How an error message names the value it refuses (ERR-2): in single quotes, and a long value
/// by its first 64 bytes and its length, so that no reply can outgrow the bus's message limit
/// however long the argument was.
public enum OffendingValue {
    /// The most bytes of a value a message quotes.
    public static let quotedBytes = 64

    /// `'value'`, or `'<first 64 bytes>…' (<length> bytes)` for a longer one. The cut never
    /// splits a UTF-8 sequence: a D-Bus string must stay valid UTF-8. O(64).
    public static func quoted(_ value: String) -> String {
        let bytes = value.utf8
        guard bytes.count > quotedBytes else { return "'\(value)'" }
        var end = bytes.index(bytes.startIndex, offsetBy: quotedBytes)
        // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
        while end > bytes.startIndex, bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        return "'\(head)…' (\(bytes.count) bytes)"
    }
}

extension String.StringInterpolation {
    /// `"\(quoted: value)"`: the value as an error message names it (ERR-2).
    mutating func appendInterpolation(quoted value: String) {
        appendLiteral(OffendingValue.quoted(value))
    }
}

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

extension PropertyValue {
    /// The value as an error message names it (ERR-2): a text quoted and cut as
    /// `OffendingValue.quoted` cuts it, a list or a map by its size, so that a value of the
    /// wrong type cannot make a long message either.
    var offendingDescription: String {
        switch self {
        case .string(let text): "the text \(quoted: text)"
        case .strings(let list): "a list of \(list.count) texts"
        case .bool(let flag): "the flag \(flag)"
        case .int32(let number): "the number \(number)"
        case .uint32(let number): "the number \(number)"
        case .uint64(let number): "the number \(number)"
        case .dictionary(let map): "a map of \(map.count) entries"
        case .pixmaps(let pixmaps): "a list of \(pixmaps.count) icon pixmaps"
        }
    }
}

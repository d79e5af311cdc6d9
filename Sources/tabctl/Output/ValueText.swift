import DBus
import JSON

/// D-Bus values as text, in the two forms `tabctl` prints: lines a shell reads (`get`) and
/// compact `key=value` tokens that keep an event on one line (`follow`).
enum ValueText {
    /// The value as lines for a shell: strings as they are but for control characters
    /// (escaped, so that one value stays one line), booleans `true`/`false`, numbers in
    /// decimal, arrays one element per line, dictionaries `key=value` lines sorted by key.
    static func shellLines(_ value: DBusValue) -> [String] {
        switch value.unwrapped {
        case .array(_, let elements): elements.map(scalar)
        case .dictionary(_, _, let entries): entries.map { "\(scalar($0.key))=\(scalar($0.value))" }.sorted()
        case let other: [scalar(other)]
        }
    }

    /// A scalar as a shell reads it; a nested container in its compact form.
    private static func scalar(_ value: DBusValue) -> String {
        let value = value.unwrapped
        if let text = value.string { return TerminalText.escaped(text) }
        switch value {
        case .array, .dictionary, .structure: return compact(value)
        default: return compactScalar(value)
        }
    }

    /// The value on one line with nothing to break it apart: plain words as they are; strings
    /// that are empty or hold spaces, quotes, separators or control characters as JSON
    /// strings; arrays as `[a,b]`; dictionaries as `{k=v}`.
    static func compact(_ value: DBusValue) -> String {
        switch value.unwrapped {
        case .array(_, let elements), .structure(let elements):
            "[" + elements.map(compact).joined(separator: ",") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\(compact($0.key))=\(compact($0.value))" }.sorted().joined(separator: ",") + "}"
        case let other:
            other.string.map(word) ?? compactScalar(other)
        }
    }

    private static func compactScalar(_ value: DBusValue) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .double(let number): String(number)
        case .uint64(let number): String(number)
        default: value.integer.map { String($0) } ?? value.description
        }
    }

    /// `text` as it is when it is one plain word, else as a JSON string, whose DEL and C1
    /// characters are escaped too (JSON escapes only C0).
    static func word(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && !TerminalText.isControl(scalar)
                    && !(scalar.isASCII && specialBytes.contains(UInt8(scalar.value)))
            }
        guard !plain else { return text }
        var writer = JSONWriter()
        writer.string(text)
        return TerminalText.escaped(writer.text)
    }

    private static let specialBytes: Set<UInt8> = Set("\"\\,=[]{}".utf8)
}

/// Writes JSON text (RFC 8259) straight into a string, one token at a time, without building a
/// tree first: what `busctl --json` style output and large state dumps need. Object members
/// are written in the order given, so output is stable from run to run.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var text = ""
    /// Whether the next value needs a comma before it, per open container.
    private var needsComma: [Bool] = [false]

    /// An empty writer; `capacity` reserves room for the expected size.
    public init(capacity: Int = 0) {
        text.reserveCapacity(capacity)
    }

    /// Opens an object; close it with `endObject`.
    public mutating func beginObject() {
        separate()
        text += "{"
        needsComma.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        needsComma.removeLast()
        text += "}"
    }

    /// Opens an array; close it with `endArray`.
    public mutating func beginArray() {
        separate()
        text += "["
        needsComma.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        needsComma.removeLast()
        text += "]"
    }

    /// Writes a member name inside an object; the next value is its value.
    public mutating func key(_ name: String) {
        separate()
        Self.quote(name, into: &text)
        text += ":"
        needsComma[needsComma.count - 1] = false
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        Self.quote(value, into: &text)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    /// Writes an integer.
    public mutating func integer<T: BinaryInteger>(_ value: T) {
        separate()
        text += String(value)
    }

    /// Writes a number; NaN and infinities, which JSON cannot express, become `null`.
    public mutating func double(_ value: Double) {
        separate()
        text += value.isFinite ? String(value) : "null"
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        text += "null"
    }

    /// Writes a D-Bus value: numbers and booleans as themselves, strings, object paths and
    /// signatures as strings, arrays and structs as arrays, dictionaries as objects (keys in
    /// sorted order, as text), variants as their contents, file descriptors as numbers.
    public mutating func value(_ value: DBusValue) {
        switch value {
        case .byte(let number): integer(number)
        case .bool(let flag): bool(flag)
        case .int16(let number): integer(number)
        case .uint16(let number): integer(number)
        case .int32(let number): integer(number)
        case .uint32(let number): integer(number)
        case .int64(let number): integer(number)
        case .uint64(let number): integer(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .objectPath(let path): string(path.rawValue)
        case .signature(let signature): string(signature.rawValue)
        case .unixFD(let fd): integer(fd)
        case .array(_, let elements), .structure(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .dictionary(_, _, let entries):
            beginObject()
            for (name, element) in entries.map({ (Self.keyText($0.key), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                key(name)
                self.value(element)
            }
            endObject()
        case .variant(let inner): self.value(inner)
        }
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }

    private static func keyText(_ key: DBusValue) -> String {
        switch key.unwrapped {
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.rawValue
        default: key.description
        }
    }

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters
    /// escaped; everything else as UTF-8.
    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        let plain = value.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        if plain {
            text += value  // The common case: nothing to escape, one append.
        } else {
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}

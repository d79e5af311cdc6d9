/// Writes JSON text (RFC 8259) straight into a string, one token at a time, without building a
/// tree first: what `busctl --json` style output and large state dumps need. Object members
/// are written in the order given, so output is stable from run to run.
public struct JSONWriter {
    /// The UTF-8 written so far. Bytes rather than a `String`, because appending to a byte
    /// array is several times cheaper than appending to a string, and large documents
    /// (`Describe` of 10,000 tabs) are almost nothing but appends.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value needs a comma before it, per open container.
    private var needsComma: [Bool] = [false]

    /// An empty writer; `capacity` reserves room for the expected size in bytes.
    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object; close it with `endObject`.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array; close it with `endArray`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        needsComma.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member name inside an object; the next value is its value.
    public mutating func key(_ name: String) {
        separate()
        Self.quote(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma[needsComma.count - 1] = false
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        Self.quote(value, into: &bytes)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes += value ? Self.trueText : Self.falseText
    }

    /// Writes an integer.
    public mutating func integer<T: BinaryInteger>(_ value: T) {
        separate()
        bytes += String(value).utf8
    }

    /// Writes a number; NaN and infinities, which JSON cannot express, become `null`.
    public mutating func double(_ value: Double) {
        separate()
        bytes += value.isFinite ? Array(String(value).utf8) : Self.nullText
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes += Self.nullText
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
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
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

    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)
    private static let nullText = Array("null".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters
    /// escaped; everything else as its UTF-8 bytes.
    private static func quote(_ value: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes += utf8[start..<index]
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                default: bytes += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                }
                start = index + 1
            }
            bytes += utf8[start...]
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

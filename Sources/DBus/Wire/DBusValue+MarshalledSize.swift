/// How many bytes a value takes on the wire, padding included, as libdbus marshals it
/// (little-endian or not, the sizes are the same): what a bound on a reply's size is measured in.
extension DBusValue {
    /// The bytes the value takes when marshalled starting at `offset` in a message body
    /// (which starts 8-aligned): its leading padding, then itself.
    public func marshalledSize(at offset: Int = 0) -> Int {
        marshalledEnd(from: offset) - offset
    }

    /// Where the value ends when marshalled from `offset`.
    func marshalledEnd(from offset: Int) -> Int {
        switch self {
        case .byte: return offset + 1
        case .bool, .int32, .uint32, .unixFD: return Self.aligned(offset, 4) + 4
        case .int16, .uint16: return Self.aligned(offset, 2) + 2
        case .int64, .uint64, .double: return Self.aligned(offset, 8) + 8
        case .string(let text): return Self.aligned(offset, 4) + 4 + text.utf8.count + 1
        case .objectPath(let path): return Self.aligned(offset, 4) + 4 + path.rawValue.utf8.count + 1
        case .signature(let signature): return offset + 1 + signature.rawValue.utf8.count + 1
        case .array(let element, let values):
            // The length, then padding to the element's alignment even when empty.
            var end = Self.aligned(Self.aligned(offset, 4) + 4, Self.alignment(of: element.rawValue))
            for value in values { end = value.marshalledEnd(from: end) }
            return end
        case .dictionary(_, _, let entries):
            var end = Self.aligned(Self.aligned(offset, 4) + 4, 8)
            for (key, value) in entries {
                end = value.marshalledEnd(from: key.marshalledEnd(from: Self.aligned(end, 8)))
            }
            return end
        case .structure(let fields):
            var end = Self.aligned(offset, 8)
            for field in fields { end = field.marshalledEnd(from: end) }
            return end
        case .variant(let inner):
            return inner.marshalledEnd(from: offset + 1 + inner.signature.utf8.count + 1)
        }
    }

    private static func aligned(_ offset: Int, _ boundary: Int) -> Int {
        (offset + boundary - 1) / boundary * boundary
    }

    /// The alignment of a complete type, by its first type code.
    private static func alignment(of signature: String) -> Int {
        switch signature.utf8.first {
        case UInt8(ascii: "y"), UInt8(ascii: "g"), UInt8(ascii: "v"): 1
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 4
        }
    }
}

import JSON

extension JSONWriter {
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

    private static func keyText(_ key: DBusValue) -> String {
        switch key.unwrapped {
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.rawValue
        default: key.description
        }
    }
}

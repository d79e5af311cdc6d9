import DBus
import TabModel

extension MessageWriter {
    /// Writes a model property value as the D-Bus type its property declares.
    mutating func append(property value: PropertyValue) throws(DBusError) {
        switch value {
        case .string(let text): try append(text)
        case .strings(let list): try append(list)
        case .bool(let flag): try append(flag)
        case .int32(let number): try append(number)
        case .uint32(let number): try append(number)
        case .uint64(let number): try append(number)
        case .dictionary(let map): try append(map)
        }
    }
}

extension PropertyValue {
    /// The value a `Properties.Set` carried, if it has the type `signature` declares; nil
    /// means the caller sent the wrong type (the standard `InvalidArgs`, ERR-1).
    init?(_ value: DBusValue, signature: String) {
        switch (signature, value.unwrapped) {
        case ("s", .string(let text)): self = .string(text)
        case ("b", .bool(let flag)): self = .bool(flag)
        case ("u", .uint32(let number)): self = .uint32(number)
        case ("i", .int32(let number)): self = .int32(number)
        case ("t", .uint64(let number)): self = .uint64(number)
        case ("as", let array) where array.signature == "as": self = .strings(array.strings ?? [])
        default: return nil
        }
    }

    /// The value as a dynamic D-Bus value, for `Describe` and generic output.
    var dbusValue: DBusValue {
        switch self {
        case .string(let text): .string(text)
        case .strings(let list): .array("s", list.map(DBusValue.string))
        case .bool(let flag): .bool(flag)
        case .int32(let number): .int32(number)
        case .uint32(let number): .uint32(number)
        case .uint64(let number): .uint64(number)
        case .dictionary(let map):
            .dictionary(key: "s", value: "s",
                        Dictionary(uniqueKeysWithValues: map.map { (DBusValue.string($0.key), DBusValue.string($0.value)) }))
        }
    }
}

import DBus
import TabModel

extension MessageWriter {
    /// Writes a model property value as the D-Bus type of its kind (`PropertyValue.signature`).
    mutating func append(property value: PropertyValue) throws(DBusError) {
        switch value {
        case .string(let text): try append(text)
        case .strings(let list): try append(list)
        case .bool(let flag): try append(flag)
        case .int32(let number): try append(number)
        case .uint32(let number): try append(number)
        case .uint64(let number): try append(number)
        case .dictionary(let map): try append(map)
        case .pixmaps(let pixmaps): try append(pixmaps: pixmaps)
        }
    }

    /// Writes icons as StatusNotifierItem's `IconPixmap` (`a(iiay)`, ICON-3).
    mutating func append(pixmaps: [IconPixmap]) throws(DBusError) {
        try appendArray(elementSignature: "(iiay)") { (array: inout MessageWriter) throws(DBusError) in
            for pixmap in pixmaps {
                try array.appendStruct { (fields: inout MessageWriter) throws(DBusError) in
                    try fields.append(pixmap.width)
                    try fields.append(pixmap.height)
                    try fields.appendByteArray(pixmap.argb)
                }
            }
        }
    }
}

extension PropertyValue {
    /// The D-Bus type each kind of value is written as.
    var signature: String {
        switch self {
        case .string: "s"
        case .strings: "as"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .uint64: "t"
        case .dictionary: "a{ss}"
        case .pixmaps: "a(iiay)"
        }
    }

    /// The model value a written D-Bus value stands for; nil for a type no property is written
    /// as (no text map is writable). The wire has already held the value to the property's
    /// declared type (`Properties.Set`, ERR-1); whether the property takes it is the model's
    /// to say.
    init?(_ value: DBusValue) {
        switch value.unwrapped {
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .int32(let number): self = .int32(number)
        case .uint32(let number): self = .uint32(number)
        case .uint64(let number): self = .uint64(number)
        case let array where array.signature == "as": self = .strings(array.strings ?? [])
        default: return nil
        }
    }
}

extension MessageReader {
    /// The value of a `Properties.Set` of property `name`, declared as `signature`, as a model
    /// value. The wire has answered a value of the wrong D-Bus type with the standard
    /// `InvalidArgs` already; a value out of range is the model's `InvalidArgument` (ERR-1).
    mutating func readProperty(_ name: String, signature: String) throws(DBusError) -> PropertyValue {
        let raw = try readValue()
        guard let value = PropertyValue(raw) else {
            throw DBusError.invalidArgs("\(name) is '\(signature)', not \(OffendingValue.quoted(raw.signature))")
        }
        return value
    }
}

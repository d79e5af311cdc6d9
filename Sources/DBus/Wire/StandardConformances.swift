import CDBus

// The Swift types that map one-to-one onto D-Bus types. Each reads and writes through the
// iterator directly: no intermediate `DBusValue`, so `s`, `i`, `u`, `b`, `t` and `as` cost at
// most the one allocation their Swift value needs.

extension UInt8: DBusCodable {
    /// `y`
    public static var dbusSignature: String { "y" }
    /// Appends the byte.
    public func encode(to writer: inout MessageWriter) throws(DBusError) { try writer.appendBasic(TypeCode.byte, self) }
    /// Reads a byte.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.byte, for: "y").byt
    }
}

extension Bool: DBusCodable {
    /// `b`
    public static var dbusSignature: String { "b" }
    /// Appends the boolean as libdbus's 32-bit `dbus_bool_t`.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.boolean, dbus_bool_t(self ? 1 : 0))
    }
    /// Reads a boolean.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.boolean, for: "b").bool_val != 0
    }
}

extension Int16: DBusCodable {
    /// `n`
    public static var dbusSignature: String { "n" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.int16, self)
    }
    /// Reads an `n`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.int16, for: "n").i16
    }
}

extension UInt16: DBusCodable {
    /// `q`
    public static var dbusSignature: String { "q" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.uint16, self)
    }
    /// Reads a `q`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.uint16, for: "q").u16
    }
}

extension Int32: DBusCodable {
    /// `i`
    public static var dbusSignature: String { "i" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.int32, self)
    }
    /// Reads an `i`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.int32, for: "i").i32
    }
}

extension UInt32: DBusCodable {
    /// `u`
    public static var dbusSignature: String { "u" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.uint32, self)
    }
    /// Reads a `u`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.uint32, for: "u").u32
    }
}

extension Int64: DBusCodable {
    /// `x`
    public static var dbusSignature: String { "x" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.int64, self)
    }
    /// Reads an `x`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = Int64(try reader.readBasic(TypeCode.int64, for: "x").i64)
    }
}

extension UInt64: DBusCodable {
    /// `t`
    public static var dbusSignature: String { "t" }
    /// Appends the integer.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.uint64, self)
    }
    /// Reads a `t`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = UInt64(try reader.readBasic(TypeCode.uint64, for: "t").u64)
    }
}

extension Double: DBusCodable {
    /// `d`
    public static var dbusSignature: String { "d" }
    /// Appends the double.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendBasic(TypeCode.double, self)
    }
    /// Reads a `d`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readBasic(TypeCode.double, for: "d").dbl
    }
}

extension String: DBusCodable {
    /// `s`
    public static var dbusSignature: String { "s" }
    /// Appends the string; one with an embedded NUL throws `InvalidArgs` (libdbus would cut it).
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try Validation.checkString(self)
        try writer.appendValidatedString(TypeCode.string, self)
    }
    /// Reads an `s` (libdbus has already checked it is valid UTF-8).
    public init(from reader: inout MessageReader) throws(DBusError) {
        self = try reader.readText(TypeCode.string, for: "s")
    }
}

extension ObjectPath: DBusCodable {
    /// `o`
    public static var dbusSignature: String { "o" }
    /// Appends the path (validated when it was made).
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendValidatedString(TypeCode.objectPath, rawValue)
    }
    /// Reads an `o`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self.init(trusted: try reader.readText(TypeCode.objectPath, for: "o"))
    }
}

extension Signature: DBusCodable {
    /// `g`
    public static var dbusSignature: String { "g" }
    /// Appends the signature (validated when it was made).
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendValidatedString(TypeCode.signature, rawValue)
    }
    /// Reads a `g`.
    public init(from reader: inout MessageReader) throws(DBusError) {
        self.init(trusted: try reader.readText(TypeCode.signature, for: "g"))
    }
}

extension Array: DBusTyped where Element: DBusTyped {
    /// `a` followed by the element's signature.
    public static var dbusSignature: String { "a" + Element.dbusSignature }
}

extension Array: DBusEncodable where Element: DBusEncodable {
    /// Appends the array.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        try writer.appendArray(elementSignature: Element.dbusSignature) {
            (inner: inout MessageWriter) throws(DBusError) in
            for element in self { try element.encode(to: &inner) }
        }
    }
}

extension Array: DBusDecodable where Element: DBusDecodable {
    /// Reads an array, checking the element type even when it is empty.
    public init(from reader: inout MessageReader) throws(DBusError) {
        var elements: [Element] = []
        // One allocation for the whole array instead of one per doubling.
        elements.reserveCapacity(reader.elementCount)
        try reader.readArray(elementSignature: Element.dbusSignature) {
            (inner: inout MessageReader) throws(DBusError) in
            elements.append(try Element(from: &inner))
        }
        self = elements
    }
}

extension Dictionary: DBusTyped where Key: DBusTyped, Value: DBusTyped {
    /// `a{kv}`
    public static var dbusSignature: String { "a{" + Key.dbusSignature + Value.dbusSignature + "}" }
}

extension Dictionary: DBusEncodable where Key: DBusEncodable, Value: DBusEncodable {
    /// Appends the dictionary as an array of dict entries.
    public func encode(to writer: inout MessageWriter) throws(DBusError) {
        let entrySignature = "{" + Key.dbusSignature + Value.dbusSignature + "}"
        try writer.appendArray(elementSignature: entrySignature) { (inner: inout MessageWriter) throws(DBusError) in
            for (key, value) in self { try inner.appendDictEntry(key, value) }
        }
    }
}

extension Dictionary: DBusDecodable where Key: DBusDecodable, Value: DBusDecodable {
    /// Reads an array of dict entries; a repeated key keeps the last value.
    public init(from reader: inout MessageReader) throws(DBusError) {
        var result: [Key: Value] = [:]
        result.reserveCapacity(reader.elementCount)
        let entrySignature = "{" + Key.dbusSignature + Value.dbusSignature + "}"
        try reader.readArray(elementSignature: entrySignature) { (inner: inout MessageReader) throws(DBusError) in
            try inner.readContainer(TypeCode.dictEntry, for: entrySignature) {
                (entry: inout MessageReader) throws(DBusError) in
                let key = try Key(from: &entry)
                result[key] = try Value(from: &entry)
            }
        }
        self = result
    }
}

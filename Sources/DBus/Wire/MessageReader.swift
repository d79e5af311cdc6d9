import CDBus
import Glibc

/// Reads arguments from a message through libdbus's `DBusMessageIter`, checking each wire
/// type before reading it: a mismatch throws `InvalidArgs` naming the argument, so a method
/// handler's wrong-typed input becomes an error reply, never a crash.
public struct MessageReader {
    var iter: DBusMessageIter
    /// Keeps the message alive while the reader is in use, when the reader came from a `Message`.
    private let owner: AnyObject?
    /// The 1-based position of the next top-level argument, for error messages.
    public private(set) var position: Int = 1
    /// The longest string this reader makes into a `String`: a caller's arguments are held
    /// to `MethodCall.longestString`, replies are read whole.
    let longestString: Int

    /// A reader at the first argument of `message`, which must outlive the reader.
    init(message: OpaquePointer, owner: AnyObject?, longestString: Int = .max) {
        iter = DBusMessageIter()
        self.owner = owner
        self.longestString = longestString
        dbus_message_iter_init(message, &iter)
    }

    private init(childOf parent: MessageReader) {
        iter = DBusMessageIter()
        owner = parent.owner
        longestString = parent.longestString
        position = 1
    }

    /// The type code at the reader's position; `TypeCode.invalid` at the end.
    public var nextType: Int32 {
        // libdbus takes a non-const iterator even to look; a copy keeps this getter pure.
        var copy = iter
        return dbus_message_iter_get_arg_type(&copy)
    }

    /// True when no argument is left.
    public var isAtEnd: Bool { nextType == TypeCode.invalid }

    /// The signature of the value at the reader's position (empty at the end).
    public var nextSignature: String {
        var copy = iter
        guard let raw = dbus_message_iter_get_signature(&copy) else { return "" }
        defer { dbus_free(raw) }
        return String(cString: raw)
    }

    /// Reads the remaining arguments as exactly the given types: one more argument, or one
    /// fewer, throws `InvalidArgs` naming it.
    public mutating func readToEnd<each T: DBusDecodable>(_ types: repeat (each T).Type) throws(DBusError) -> (
        repeat each T
    ) {
        let values = (repeat try read((each T).self))
        guard isAtEnd else {
            throw .invalidArgs("unexpected argument \(position) of type '\(nextSignature)'")
        }
        return values
    }

    /// Reads one value of type `T`.
    @inlinable
    public mutating func read<T: DBusDecodable>(_ type: T.Type = T.self) throws(DBusError) -> T {
        try T(from: &self)
    }

    /// Throws `InvalidArgs` unless the value here has type `code`.
    public mutating func expect(_ code: Int32, for signature: @autoclosure () -> String) throws(DBusError) {
        let actual = dbus_message_iter_get_arg_type(&iter)
        guard actual == code else {
            throw .invalidArgs(
                "argument \(position): expected '\(signature())', got '\(actual == TypeCode.invalid ? "nothing" : nextSignature)'"
            )
        }
    }

    /// Reads a basic value of type `code` and moves on.
    public mutating func readBasic(_ code: Int32, for signature: @autoclosure () -> String) throws(DBusError)
        -> DBusBasicValue
    {
        try expect(code, for: signature())
        var value = DBusBasicValue()
        dbus_message_iter_get_basic(&iter, &value)
        advance()
        return value
    }

    /// Reads a string-like value of type `code` (`s`, `o`, `g`; libdbus has checked it is valid
    /// UTF-8). One longer than `longestString` throws `InvalidArgs` quoting its head (ERR-2):
    /// a 16 MB argument is measured, never copied or decoded.
    public mutating func readText(_ code: Int32, for signature: @autoclosure () -> String) throws(DBusError) -> String {
        let position = position
        guard let text = try readBasic(code, for: signature()).str else { return "" }
        guard longestString == .max || strnlen(text, longestString + 1) <= longestString else {
            throw .invalidArgs(
                "argument \(position) is longer than the \(longestString) bytes any member takes: "
                    + DBusError.quoted(text, length: strlen(text)))
        }
        return String(cString: text)
    }

    /// Reads a container of type `code`; `body` reads its contents with a reader inside it.
    public mutating func readContainer<R>(
        _ code: Int32, for signature: @autoclosure () -> String,
        _ body: (inout MessageReader) throws(DBusError) -> R
    ) throws(DBusError) -> R {
        try expect(code, for: signature())
        var child = MessageReader(childOf: self)
        dbus_message_iter_recurse(&iter, &child.iter)
        let result = try body(&child)
        advance()
        return result
    }

    /// Reads every element of the array here, calling `element` once per element.
    public mutating func readArray(
        elementSignature: String, _ element: (inout MessageReader) throws(DBusError) -> Void
    ) throws(DBusError) {
        try expect(TypeCode.array, for: "a" + elementSignature)
        var child = MessageReader(childOf: self)
        dbus_message_iter_recurse(&iter, &child.iter)
        // Checking the element type once, even for empty arrays, catches `ai` sent for `as`.
        let actual = dbus_message_iter_get_element_type(&iter)
        let expected = elementSignature.utf8.first.map { Int32($0) } ?? 0
        let expectedCode =
            expected == Int32(UInt8(ascii: "("))
            ? TypeCode.structure
            : expected == Int32(UInt8(ascii: "{")) ? TypeCode.dictEntry : expected
        guard actual == expectedCode else {
            throw .invalidArgs("argument \(position): expected 'a\(elementSignature)', got '\(nextSignature)'")
        }
        if elementSignature.utf8.count > 1 {
            // For nested types compare the whole element signature once.
            let whole = nextSignature
            guard whole.utf8.dropFirst().elementsEqual(elementSignature.utf8) else {
                throw .invalidArgs("argument \(position): expected 'a\(elementSignature)', got '\(whole)'")
            }
        }
        while child.nextType != TypeCode.invalid {
            try element(&child)
        }
        advance()
    }

    /// The number of elements of the array here (0 when it is not an array), so decoders can
    /// size their storage once.
    public var elementCount: Int {
        var copy = iter
        guard dbus_message_iter_get_arg_type(&copy) == TypeCode.array else { return 0 }
        return Int(dbus_message_iter_get_element_count(&copy))
    }

    /// Steps past the value here without reading it.
    public mutating func skip() {
        advance()
    }

    private mutating func advance() {
        dbus_message_iter_next(&iter)
        position += 1
    }

    /// Reads the value here as a dynamic value.
    public mutating func readValue() throws(DBusError) -> DBusValue {
        let code = nextType
        switch code {
        case TypeCode.byte: return .byte(try readBasic(code, for: "y").byt)
        case TypeCode.boolean: return .bool(try readBasic(code, for: "b").bool_val != 0)
        case TypeCode.int16: return .int16(try readBasic(code, for: "n").i16)
        case TypeCode.uint16: return .uint16(try readBasic(code, for: "q").u16)
        case TypeCode.int32: return .int32(try readBasic(code, for: "i").i32)
        case TypeCode.uint32: return .uint32(try readBasic(code, for: "u").u32)
        case TypeCode.int64: return .int64(Int64(try readBasic(code, for: "x").i64))
        case TypeCode.uint64: return .uint64(UInt64(try readBasic(code, for: "t").u64))
        case TypeCode.double: return .double(try readBasic(code, for: "d").dbl)
        case TypeCode.string: return .string(try read(String.self))
        case TypeCode.objectPath: return .objectPath(try read(ObjectPath.self))
        case TypeCode.signature: return .signature(try read(Signature.self))
        case TypeCode.unixFD: return .unixFD(try read(UnixFD.self).rawValue)
        case TypeCode.variant:
            return .variant(
                try readContainer(code, for: "v") { (inner: inout MessageReader) throws(DBusError) in
                    try inner.readValue()
                })
        case TypeCode.structure:
            return .structure(
                try readContainer(code, for: "()") { (inner: inout MessageReader) throws(DBusError) in
                    var fields: [DBusValue] = []
                    while !inner.isAtEnd { fields.append(try inner.readValue()) }
                    return fields
                })
        case TypeCode.array:
            let whole = nextSignature
            let element = String(whole.dropFirst())
            if dbus_message_iter_get_element_type(&iter) == TypeCode.dictEntry {
                var entries: [DBusValue: DBusValue] = [:]
                let inner = element.dropFirst().dropLast()
                let keySignature = String(inner.prefix(1))
                let valueSignature = String(inner.dropFirst())
                try readArray(elementSignature: element) { (entryReader: inout MessageReader) throws(DBusError) in
                    try entryReader.readContainer(TypeCode.dictEntry, for: element) {
                        (pair: inout MessageReader) throws(DBusError) in
                        let key = try pair.readValue()
                        entries[key] = try pair.readValue()
                    }
                }
                return .dictionary(
                    key: Signature(trusted: keySignature), value: Signature(trusted: valueSignature), entries)
            }
            var items: [DBusValue] = []
            try readArray(elementSignature: element) { (itemReader: inout MessageReader) throws(DBusError) in
                items.append(try itemReader.readValue())
            }
            return .array(Signature(trusted: element), items)
        default:
            throw .invalidArgs("argument \(position): nothing to read")
        }
    }

    /// Reads every remaining argument as dynamic values.
    public mutating func readAll() throws(DBusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while !isAtEnd { values.append(try readValue()) }
        return values
    }
}

import CDBus

/// Appends arguments to a message body. Containers are written with closures (`appendArray`,
/// `appendStruct`, `appendVariant`), so a container is always finished, or taken back when
/// the body throws.
///
/// A writer marshals either into a `MessageBody` of its own, for the messages this library
/// builds whole (signals, and replies of two or more arguments: `Message+Assembly.swift`), or
/// through libdbus's `DBusMessageIter` into a message libdbus made (`Message.writer()`, the way
/// callers build method calls; replies of one argument; the only way a file descriptor can
/// travel).
public struct MessageWriter {
    var iter: DBusMessageIter
    /// The body marshalled here, or nil when writing through `iter`. Not retained: the one
    /// who makes a body keeps it while its writers run (a writer exists only in the call that
    /// made it or in a container's closure), and a writer is copied for every container,
    /// which would otherwise be two atomic operations on the same object each time. Used only
    /// lent (`_withUnsafeGuaranteedRef`): a reference bound from it would be retained and
    /// released again at every value and container written.
    let marshalled: Unmanaged<MessageBody>?
    /// True when the values written here are the body's top-level values (or fields of a
    /// top-level struct), whose type codes make up the body's signature; inside an array or a
    /// variant the container's signature already says them.
    private let recordsSignature: Bool
    /// At least the bytes appended so far on the wire (alignment and length fields counted at
    /// their largest), so that a message below the bus's limit by this bound surely fits.
    public internal(set) var sizeBound = 0

    /// The longest signature the specification allows.
    static let longestSignature = 255

    /// A writer appending at the end of `message`'s body.
    init(appendingTo message: OpaquePointer) {
        iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        marshalled = nil
        recordsSignature = true
    }

    /// A writer appending the top-level values of `body`, which must outlive it: made only by
    /// `MessageBody.write`.
    init(marshallingInto body: MessageBody) {
        self.init(child: Unmanaged.passUnretained(body), recordsSignature: true)
    }

    private init(child body: Unmanaged<MessageBody>?, recordsSignature: Bool) {
        iter = DBusMessageIter()
        marshalled = body
        self.recordsSignature = recordsSignature
    }

    /// Appends one value.
    @inlinable
    public mutating func append<T: DBusEncodable>(_ value: T) throws(DBusError) {
        try value.encode(to: &self)
    }

    /// Appends a fixed-size basic value (every basic type but strings, paths and signatures).
    public mutating func appendBasic<T: BitwiseCopyable>(_ type: Int32, _ value: T) throws(DBusError) {
        if let marshalled {
            let records = recordsSignature
            marshalled._withUnsafeGuaranteedRef { body in
                // libdbus duplicates a descriptor into the message it sends; a message parsed
                // from bytes has none to point at, so its body is written again through libdbus.
                if type == TypeCode.unixFD { body.carriesFileDescriptors = true }
                body.appendFixed(value)
                if records { body.record(UInt8(truncatingIfNeeded: type)) }
            }
            sizeBound += 16
            return
        }
        let ok = withUnsafePointer(to: value) { pointer in
            dbus_message_iter_append_basic(&iter, type, UnsafeRawPointer(pointer)) != 0
        }
        guard ok else { throw .noMemory() }
        sizeBound += 16 // At most 8 bytes and 7 of padding.
    }

    /// Appends a string-like basic value (`s`, `o`, `g`) that the caller has validated.
    mutating func appendValidatedString(_ type: Int32, _ value: String) throws(DBusError) {
        // withCString is free for native strings (they are stored NUL-terminated) and uses a
        // stack buffer for small ones, so no heap allocation happens here.
        let appended = value.withCString { start in
            Result { () throws(DBusError) in try appendValidatedString(type, start, length: value.utf8.count) }
        }
        try appended.get()
    }

    /// Appends a string-like basic value from the `length` bytes at `start` and the NUL after
    /// them, which the caller has validated.
    mutating func appendValidatedString(_ type: Int32, _ start: UnsafePointer<CChar>, length: Int) throws(DBusError) {
        if let marshalled {
            guard type != TypeCode.signature || length <= Self.longestSignature else {
                throw .invalidArgs("a signature is at most \(Self.longestSignature) bytes, this one has \(length)")
            }
            let records = recordsSignature
            marshalled._withUnsafeGuaranteedRef { body in
                body.appendString(start, length: length, type: type)
                if records { body.record(UInt8(truncatingIfNeeded: type)) }
            }
            sizeBound += length + 8
            return
        }
        var pointer: UnsafePointer<CChar>? = start
        guard dbus_message_iter_append_basic(&iter, type, &pointer) != 0 else { throw .noMemory() }
        sizeBound += length + 8 // Padding, the length and the NUL.
    }

    /// Appends a container of `type` (`TypeCode.array`, `.structure`, `.dictEntry`, `.variant`);
    /// `signature` is the contained signature for arrays and variants, nil otherwise.
    public mutating func appendContainer(
        _ type: Int32, signature: String?, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        if let signature { try Self.checkContained(signature, in: type) }
        try appendContainer(type, validatedSignature: signature, body)
    }

    /// `appendContainer` for a contained signature known to be valid: a constant of this
    /// module, or a property's signature, validated when its interface was compiled. The
    /// `PropertiesChanged` sent for every change would otherwise validate `{sv}` and each
    /// value's signature again, in every message.
    mutating func appendContainer(
        _ type: Int32, validatedSignature signature: String?, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        // The opening and closing live in functions of their own: this one is copied for each
        // body closure the compiler specializes it for, and should stay small.
        var (child, opened) = try open(type, validatedSignature: signature)
        do {
            try body(&child)
        } catch {
            abandon(opened, child: &child)
            throw error
        }
        try close(opened, signature: signature, child: child)
    }

    /// What closing a container needs to know of its opening, besides the contained
    /// signature. Plain values only, so that it is copied and dropped without retaining
    /// anything: a `PropertiesChanged` opens a dozen containers.
    private struct OpenedContainer {
        let type: Int32
        /// Where the marshalled body stood before the container, to take it back.
        let mark: (bytes: Int, signature: Int)
        /// Where a marshalled array's length goes and its elements start.
        let array: (lengthAt: Int, elementsAt: Int)?
        /// Where a marshalled struct's or dict entry's first field starts.
        let fieldsAt: Int
    }

    /// Starts a container: through libdbus's iterator, or marshalled, its start written (an
    /// array's length slot and padding, a variant's signature, a struct's alignment).
    private mutating func open(_ type: Int32, validatedSignature signature: String?) throws(DBusError) -> (
        MessageWriter, OpenedContainer
    ) {
        guard let marshalled else {
            var child = MessageWriter(child: nil, recordsSignature: false)
            let opened: Bool
            if let signature {
                opened = signature.withCString { dbus_message_iter_open_container(&iter, type, $0, &child.iter) != 0 }
            } else {
                opened = dbus_message_iter_open_container(&iter, type, nil, &child.iter) != 0
            }
            guard opened else { throw .noMemory() }
            return (child, OpenedContainer(type: type, mark: (0, 0), array: nil, fieldsAt: 0))
        }
        let records = recordsSignature
        let start: MarshalledStart
        switch type {
        case TypeCode.array:
            guard let first = signature?.utf8.first else { throw .invalidArgs("an array needs an element signature") }
            start = marshalled._withUnsafeGuaranteedRef { body in
                MarshalledStart(mark: body.mark, array: body.startArray(element: first), fieldsAt: body.count)
            }
        case TypeCode.variant:
            guard let signature else { throw .invalidArgs("a variant needs the signature of its value") }
            start = marshalled._withUnsafeGuaranteedRef { body in
                let mark = body.mark
                // Validated already: one complete type, so at most 255 bytes.
                signature.withCString { body.appendString($0, length: signature.utf8.count, type: TypeCode.signature) }
                return MarshalledStart(mark: mark, array: nil, fieldsAt: body.count)
            }
        case TypeCode.structure, TypeCode.dictEntry:
            start = marshalled._withUnsafeGuaranteedRef { body in
                let mark = body.mark
                body.pad(to: 8)
                if records { body.record(UInt8(ascii: type == TypeCode.structure ? "(" : "{")) }
                return MarshalledStart(mark: mark, array: nil, fieldsAt: body.count)
            }
        default:
            throw .invalidArgs("'\(TypeCode.name(type))' is not a container type")
        }
        let child = MessageWriter(
            child: marshalled, recordsSignature: records && (type == TypeCode.structure || type == TypeCode.dictEntry))
        return (child, OpenedContainer(type: type, mark: start.mark, array: start.array, fieldsAt: start.fieldsAt))
    }

    /// What opening a marshalled container wrote, for `OpenedContainer`.
    private struct MarshalledStart {
        let mark: (bytes: Int, signature: Int)
        let array: (lengthAt: Int, elementsAt: Int)?
        let fieldsAt: Int
    }

    /// Takes back a container whose body threw. A marshalled one leaves nothing behind, its
    /// start included, so the writer stays usable (libdbus's abandoned container leaves its
    /// whole message unusable).
    private mutating func abandon(_ opened: OpenedContainer, child: inout MessageWriter) {
        if let marshalled {
            marshalled._withUnsafeGuaranteedRef { $0.truncate(to: opened.mark) }
        } else {
            dbus_message_iter_abandon_container(&iter, &child.iter)
        }
    }

    /// Finishes a container whose body is written: an array's length, a struct's closing
    /// type code, the container's type in the body's signature.
    private mutating func close(_ opened: OpenedContainer, signature: String?, child: consuming MessageWriter)
        throws(DBusError)
    {
        // Padding, a length, the padding before the first element, and a variant's signature.
        sizeBound += child.sizeBound + 16 + (signature?.utf8.count ?? 0)
        guard let marshalled else {
            guard dbus_message_iter_close_container(&iter, &child.iter) != 0 else { throw .noMemory() }
            return
        }
        let records = recordsSignature
        let failure = marshalled._withUnsafeGuaranteedRef { body -> DBusError? in
            do throws(DBusError) {
                switch opened.type {
                case TypeCode.array:
                    if let array = opened.array { try body.finishArray(array) }
                    if records, let signature {
                        body.record(UInt8(ascii: "a"))
                        body.record(signature)
                    }
                case TypeCode.variant:
                    if records { body.record(UInt8(ascii: "v")) }
                default:
                    let isStruct = opened.type == TypeCode.structure
                    guard body.count > opened.fieldsAt else {
                        throw .invalidArgs("a \(isStruct ? "struct" : "dict entry") needs at least one field")
                    }
                    if records { body.record(UInt8(ascii: isStruct ? ")" : "}")) }
                }
            } catch {
                body.truncate(to: opened.mark)
                return error
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Throws `InvalidArgs` unless `signature` is one complete type that may sit in a container
    /// of `type` (libdbus aborts otherwise). Dict entries are valid only as array elements.
    private static func checkContained(_ signature: String, in type: Int32) throws(DBusError) {
        let valid =
            !Validation.containsNUL(signature)
            && signature.withCString { start -> Bool in
                // One basic type code is the common case (`as`, `ai`): always valid.
                if start[0] != 0 && start[1] == 0 && dbus_type_is_basic(Int32(start[0])) != 0 { return true }
                if type == TypeCode.array && start[0] == CChar(UInt8(ascii: "{")) {
                    return ("a" + signature).withCString { dbus_signature_validate_single($0, nil) != 0 }
                }
                return dbus_signature_validate_single(start, nil) != 0
            }
        guard valid else {
            throw .invalidArgs("'\(Validation.printable(signature))' cannot be the contents of a container")
        }
    }

    /// Appends an array whose elements have signature `elementSignature`; `body` appends them.
    public mutating func appendArray(
        elementSignature: String, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        try appendContainer(TypeCode.array, signature: elementSignature, body)
    }

    /// Appends a struct; `body` appends its fields in order.
    public mutating func appendStruct(_ body: (inout MessageWriter) throws(DBusError) -> Void) throws(DBusError) {
        try appendContainer(TypeCode.structure, signature: nil, body)
    }

    /// Appends one dict entry (only inside an array of dict entries).
    public mutating func appendDictEntry<K: DBusEncodable, V: DBusEncodable>(_ key: K, _ value: V) throws(DBusError) {
        try appendContainer(TypeCode.dictEntry, signature: nil) { (entry: inout MessageWriter) throws(DBusError) in
            try key.encode(to: &entry)
            try value.encode(to: &entry)
        }
    }

    /// Appends a variant holding one value of `signature`; `body` appends it.
    public mutating func appendVariant(
        signature: String, _ body: (inout MessageWriter) throws(DBusError) -> Void
    ) throws(DBusError) {
        try appendContainer(TypeCode.variant, signature: signature, body)
    }

    /// Appends a dynamic value with its own signature (not wrapped in a variant).
    public mutating func append(value: DBusValue) throws(DBusError) {
        switch value {
        case .byte(let v): try appendBasic(TypeCode.byte, v)
        case .bool(let v): try appendBasic(TypeCode.boolean, dbus_bool_t(v ? 1 : 0))
        case .int16(let v): try appendBasic(TypeCode.int16, v)
        case .uint16(let v): try appendBasic(TypeCode.uint16, v)
        case .int32(let v): try appendBasic(TypeCode.int32, v)
        case .uint32(let v): try appendBasic(TypeCode.uint32, v)
        case .int64(let v): try appendBasic(TypeCode.int64, v)
        case .uint64(let v): try appendBasic(TypeCode.uint64, v)
        case .double(let v): try appendBasic(TypeCode.double, v)
        case .string(let v): try append(v)
        case .objectPath(let v): try append(v)
        case .signature(let v): try append(v)
        case .unixFD(let v): try append(UnixFD(v))
        case .array(let element, let items):
            try appendArray(elementSignature: element.rawValue) { (writer: inout MessageWriter) throws(DBusError) in
                for item in items {
                    guard item.signature == element.rawValue else {
                        throw .invalidArgs("array of \(element) holds a \(item.signature)")
                    }
                    try writer.append(value: item)
                }
            }
        case .dictionary(let key, let valueSignature, let entries):
            try appendArray(elementSignature: "{\(key)\(valueSignature)}") {
                (writer: inout MessageWriter) throws(DBusError) in
                for (k, v) in entries {
                    guard k.signature == key.rawValue, v.signature == valueSignature.rawValue else {
                        throw .invalidArgs("dict of {\(key)\(valueSignature)} holds {\(k.signature)\(v.signature)}")
                    }
                    try writer.appendContainer(TypeCode.dictEntry, signature: nil) {
                        (entry: inout MessageWriter) throws(DBusError) in
                        try entry.append(value: k)
                        try entry.append(value: v)
                    }
                }
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw .invalidArgs("a struct needs at least one field") }
            try appendStruct { (writer: inout MessageWriter) throws(DBusError) in
                for field in fields { try writer.append(value: field) }
            }
        case .variant(let inner):
            try appendVariant(signature: inner.signature) { (writer: inout MessageWriter) throws(DBusError) in
                try writer.append(value: inner)
            }
        }
    }
}

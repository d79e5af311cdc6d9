import Glibc

/// Writes JSON text (RFC 8259) straight into one byte buffer, one token at a time, without
/// building a tree first: what `busctl --json` style output and large state dumps need. Object
/// members are written in the order given, so output is stable from run to run.
///
/// Large documents (`Describe` of 10,000 tabs, about 4 MB) are almost nothing but small writes,
/// so each write reserves its room once and copies through a pointer: strings are scanned as
/// UTF-8 bytes and copied a run at a time between the bytes that need escaping, numbers are
/// formatted in place, and `Key` writes a member name quoted beforehand with one copy.
public struct JSONWriter {
    /// The buffer: the document in its first `count` bytes, zeros after (room for what comes,
    /// and always at least one, so that the document is also a C string).
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    private var count = 0
    /// Whether the next value needs a comma before it. After a container closes, the container
    /// that holds it has a value written, so one flag serves every depth.
    private var needsComma = false

    /// An empty writer; `capacity` reserves room for the expected size in bytes.
    public init(capacity: Int = 0) {
        storage = Self.zeroed(Swift.max(capacity, 64), keeping: [], count: 0)
    }

    /// The UTF-8 written so far.
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// The text written so far.
    public var text: String {
        storage.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[..<count]), as: UTF8.self) }
    }

    /// The text written so far as the bytes of a C string (NUL-terminated), read by `body`
    /// without a copy. Valid UTF-8 without an inner NUL, since strings are written from Swift
    /// strings and control characters are escaped: what a D-Bus `s` may carry.
    public func withCString<Result, Failure: Error>(
        _ body: (UnsafePointer<CChar>, _ length: Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let length = count
        return try storage.withUnsafeBufferPointer { (buffer) throws(Failure) in
            // CChar and UInt8 may alias: the same bytes, read as C characters.
            try body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), length)
        }
    }

    /// Opens an object; close it with `endObject`.
    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array; close it with `endArray`.
    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member name inside an object; the next value is its value.
    public mutating func key(_ name: String) {
        separate()
        quote(name)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member name quoted beforehand; the next value is its value.
    public mutating func key(_ name: Key) {
        separate()
        name.quoted.withUnsafeBufferPointer { copy($0) }
        needsComma = false
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        quote(value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        copy(value ? "true" : "false")
    }

    /// Writes an integer.
    public mutating func integer<T: BinaryInteger>(_ value: T) {
        separate()
        guard let magnitude = UInt64(exactly: value.magnitude) else {
            copy(String(value))  // Wider than 64 bits: rare enough for the general path.
            return
        }
        decimal(magnitude, negative: value < 0)
    }

    /// Writes a number; NaN and infinities, which JSON cannot express, become `null`.
    public mutating func double(_ value: Double) {
        separate()
        copy(value.isFinite ? String(value) : "null")
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        copy("null")
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

    private static func keyText(_ key: DBusValue) -> String {
        switch key.unwrapped {
        case .string(let text): text
        case .objectPath(let path): path.rawValue
        case .signature(let signature): signature.rawValue
        default: key.description
        }
    }

    // MARK: Bytes

    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// Makes room for `needed` more bytes and the NUL after them: at least doubles, so that
    /// appends stay amortized O(1).
    private mutating func reserve(_ needed: Int) {
        guard storage.count - count <= needed else { return }
        storage = Self.zeroed(Swift.max(storage.count * 2, count + needed + 1), keeping: storage, count: count)
    }

    /// A buffer of `capacity` bytes: the first `count` of `old`, zeros after. Copied and
    /// cleared with `memcpy` and `memset`, so that a document of megabytes grows as fast in a
    /// debug build as in a release one.
    private static func zeroed(_ capacity: Int, keeping old: [UInt8], count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            old.withUnsafeBufferPointer { old in
                if count > 0 { memcpy(buffer.baseAddress!, old.baseAddress!, count) }
            }
            memset(buffer.baseAddress! + count, 0, capacity - count)
            initialized = capacity
        }
    }

    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Appends `source` as it is.
    private mutating func copy(_ source: UnsafeBufferPointer<UInt8>) {
        reserve(source.count)
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let from = source.baseAddress else { return }
            memcpy(buffer.baseAddress! + start, from, source.count)
        }
        count += source.count
    }

    private mutating func copy(_ text: String) {
        var text = text
        text.withUTF8 { copy($0) }
    }

    /// Appends `magnitude` in decimal, after a minus sign when `negative`.
    private mutating func decimal(_ magnitude: UInt64, negative: Bool) {
        reserve(21)  // A sign and UInt64.max's 20 digits.
        if negative { put(UInt8(ascii: "-")) }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let start = count
        storage.withUnsafeMutableBufferPointer { buffer in
            var position = start + digits
            var rest = magnitude
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
        }
        count += digits
    }

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters
    /// escaped; everything else as its UTF-8 bytes.
    private mutating func quote(_ value: String) {
        var value = value
        value.withUTF8 { quote($0) }
    }

    private mutating func quote(_ utf8: UnsafeBufferPointer<UInt8>) {
        put(UInt8(ascii: "\""))
        var index = 0
        while index < utf8.count {
            // The run up to the next byte that needs escaping is copied whole.
            var end = index
            while end < utf8.count && !Self.needsEscape(utf8[end]) { end += 1 }
            copy(UnsafeBufferPointer(rebasing: utf8[index..<end]))
            guard end < utf8.count else { break }
            escape(utf8[end])
            index = end + 1
        }
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends the escape of `byte`: by name where JSON has one, else `\u00XX`.
    private mutating func escape(_ byte: UInt8) {
        put(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
        case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            copy("u00")
            put(hexDigits.utf8Start[Int(byte >> 4)])
            put(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }
}

extension JSONWriter {
    /// A member name quoted once, with its colon, for documents that write the same names many
    /// times (`Describe` writes each tab property's name once per tab).
    public struct Key: Sendable {
        /// `"name":` as UTF-8.
        let quoted: [UInt8]

        /// The member name `name`.
        public init(_ name: String) {
            var writer = JSONWriter()
            writer.key(name)
            quoted = writer.bytes
        }
    }
}

/// Writes JSON text (RFC 8259) straight into one byte buffer, one token at a time, without
/// building a tree first: what `busctl --json` style output and large state dumps need. Object
/// members are written in the order given, so output is stable from run to run.
///
/// Large documents (`Describe` of 10,000 tabs, about 4 MB) are almost nothing but small writes,
/// so each token (a value with the comma before it, a member name with its colon) makes sure of
/// its room once and is written through a pointer: strings are copied as UTF-8 bytes with the
/// bytes that need it escaped, numbers are formatted in place, and member names quoted
/// beforehand (`Keys`) are copied in the same write as their value.
public struct JSONWriter {
    /// The document in its first `count` bytes and a NUL after them, so that the document is
    /// also a C string; room for what comes after that.
    private var storage: Storage
    /// How many bytes of `storage` are written.
    private(set) var count = 0
    /// Whether the next value needs a comma before it. After a container closes, the container
    /// that holds it has a value written, so one flag serves every depth.
    private var needsComma = false

    /// An empty writer; `capacity` reserves room for the expected size in bytes.
    public init(capacity: Int = 0) {
        storage = Storage(capacity: Swift.max(capacity, 64))
        storage.start[0] = 0
    }

    /// The UTF-8 written so far.
    public var bytes: [UInt8] { withWritten { Array($0) } }

    /// The text written so far.
    public var text: String { withWritten { String(decoding: $0, as: UTF8.self) } }

    /// The text written so far as the bytes of a C string (NUL-terminated), read by `body`
    /// without a copy. Valid UTF-8 without an inner NUL, since strings are written from Swift
    /// strings and control characters are escaped: what a D-Bus `s` may carry.
    public func withCString<Result, Failure: Error>(
        _ body: (UnsafePointer<CChar>, _ length: Int) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withWritten { (written) throws(Failure) in
            // CChar and UInt8 may alias: the same bytes, read as C characters.
            try body(UnsafeRawPointer(written.baseAddress!).assumingMemoryBound(to: CChar.self), written.count)
        }
    }

    /// Opens an object; close it with `endObject`.
    public mutating func beginObject() {
        append(atMost: 1, leavingComma: false) {
            $0.pointee = UInt8(ascii: "{"); return 1
        }
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        append(atMost: 1, separated: false) {
            $0.pointee = UInt8(ascii: "}"); return 1
        }
    }

    /// Opens an array; close it with `endArray`.
    public mutating func beginArray() {
        append(atMost: 1, leavingComma: false) {
            $0.pointee = UInt8(ascii: "["); return 1
        }
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        append(atMost: 1, separated: false) {
            $0.pointee = UInt8(ascii: "]"); return 1
        }
    }

    /// Writes a member name inside an object; the next value is its value.
    public mutating func key(_ name: String) {
        var name = name
        name.withUTF8 { utf8 in
            append(atMost: Self.quotedLength(utf8) + 1, leavingComma: false) { out in
                let quoted = Self.quote(utf8, to: out)
                out[quoted] = UInt8(ascii: ":")
                return quoted + 1
            }
        }
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        string(value, after: .none)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        bool(value, after: .none)
    }

    /// Writes an integer.
    @inlinable
    public mutating func integer<T: BinaryInteger>(_ value: T) {
        // Inlinable so that callers in other modules get it specialized for their type, not
        // the generic code's metadata lookups for every number.
        guard let magnitude = UInt64(exactly: value.magnitude) else {
            number(String(value)) // Wider than 64 bits: rare enough for the general path.
            return
        }
        decimal(magnitude, negative: value < 0, after: .none)
    }

    /// Writes a number; NaN and infinities, which JSON cannot express, become `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        number(String(value))
    }

    /// Writes `null`.
    public mutating func null() {
        let null: StaticString = "null"
        append(atMost: 4) { out in Self.copy(null, to: out) }
    }

    // MARK: Tokens

    /// Appends one token: a comma when `separated` and a value came before, then `prefix` (a
    /// member name quoted beforehand, written with its value), then at most `maximum` bytes
    /// written by `body` at the pointer it is given (it returns how many it wrote); then the
    /// next value needs a comma when `leavingComma`. Each token checks for room and ownership
    /// once and is written through a pointer: a document of megabytes is almost nothing but
    /// tokens of a few bytes.
    @inline(__always)
    mutating func append(
        atMost maximum: Int, after prefix: UnsafeBufferPointer<UInt8>? = nil, separated: Bool = true,
        leavingComma: Bool = true, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        let comma = separated && needsComma ? 1 : 0
        // Sizes of text held in memory: these sums cannot overflow.
        let needed = comma &+ (prefix?.count ?? 0) &+ maximum &+ 1 // And the NUL after the document.
        if !isKnownUniquelyReferenced(&storage) || storage.capacity &- count < needed {
            storage = storage.copy(count: count, room: needed)
        }
        var out = storage.start + count
        if comma == 1 {
            out.pointee = UInt8(ascii: ",")
            out += 1
        }
        if let prefix { out += Self.copy(prefix, to: out) }
        out += body(out)
        out.pointee = 0
        count = out - storage.start
        needsComma = leavingComma
    }

    /// Appends `value` as a JSON string literal, after `prefix`.
    mutating func string(_ value: String, after prefix: UnsafeBufferPointer<UInt8>?) {
        // Read in place: Swift's own strings are contiguous UTF-8. Only others (bridged) are
        // copied first, which `withUTF8` does.
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in string(utf8: utf8, after: prefix) }
        guard written == nil else { return }
        var value = value
        value.withUTF8 { utf8 in string(utf8: utf8, after: prefix) }
    }

    private mutating func string(utf8: UnsafeBufferPointer<UInt8>, after prefix: UnsafeBufferPointer<UInt8>?) {
        append(atMost: Self.quotedLength(utf8), after: prefix) { out in Self.quote(utf8, to: out) }
    }

    /// Appends `true` or `false`, after `prefix`.
    mutating func bool(_ value: Bool, after prefix: UnsafeBufferPointer<UInt8>?) {
        let text: StaticString = value ? "true" : "false"
        append(atMost: 5, after: prefix) { out in Self.copy(text, to: out) }
    }

    @usableFromInline
    mutating func number(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in append(atMost: utf8.count) { out in Self.copy(utf8, to: out) } }
    }

    /// Appends `magnitude` in decimal, after `prefix` and a minus sign when `negative`.
    @usableFromInline
    mutating func decimal(_ magnitude: UInt64, negative: Bool, after prefix: UnsafeBufferPointer<UInt8>?) {
        append(atMost: 21, after: prefix) { out in // A sign and UInt64.max's 20 digits.
            var digits = 1
            var rest = magnitude / 10
            while rest > 0 {
                digits &+= 1
                rest /= 10
            }
            let sign = negative ? 1 : 0
            if negative { out.pointee = UInt8(ascii: "-") }
            var position = sign &+ digits
            rest = magnitude
            repeat {
                position &-= 1
                out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            return sign &+ digits
        }
    }

    // MARK: Bytes

    /// `body` reads the bytes written so far.
    private func withWritten<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(storage) { () throws(Failure) in
            try body(UnsafeBufferPointer(start: storage.start, count: count))
        }
    }

    /// Copies `source` to `out`; returns its length. Up to 32 bytes, which is every member name
    /// and nearly every value of a document, are moved in at most four loads and four stores
    /// instead of a call to `memmove`, which costs more than the move itself at these sizes.
    @inline(__always)
    private static func copy(_ source: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let from = source.baseAddress else { return 0 }
        let count = source.count
        if count > 32 {
            out.update(from: from, count: count)
        } else {
            copyShort(UnsafeRawPointer(from), to: UnsafeMutableRawPointer(out), count: count)
        }
        return count
    }

    /// Copies `count` bytes, at most 32, from `source` to `out`, which do not overlap: each
    /// size class moves a word from the start and a word from the end, overlapping in the
    /// middle, so that every length is one straight run of moves.
    @inline(__always)
    private static func copyShort(_ source: UnsafeRawPointer, to out: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 16...: copyEnds(UInt128.self, source, to: out, count: count)
        case 8...: copyEnds(UInt64.self, source, to: out, count: count)
        case 4...: copyEnds(UInt32.self, source, to: out, count: count)
        case 2...: copyEnds(UInt16.self, source, to: out, count: count)
        case 1: out.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        default: break
        }
    }

    /// Copies `count` bytes, from one to two `Word`s, as the `Word` at the start and the
    /// `Word` at the end.
    @inline(__always)
    private static func copyEnds<Word: FixedWidthInteger>(
        _: Word.Type, _ source: UnsafeRawPointer,
        to out: UnsafeMutableRawPointer, count: Int
    ) {
        let last = count &- MemoryLayout<Word>.size
        let first = source.loadUnaligned(as: Word.self)
        let end = source.loadUnaligned(fromByteOffset: last, as: Word.self)
        out.storeBytes(of: first, as: Word.self)
        out.storeBytes(of: end, toByteOffset: last, as: Word.self)
    }

    /// Copies `text` to `out`; returns its length.
    @inline(__always)
    private static func copy(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> Int {
        copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: out)
    }

    /// The most bytes `quote` writes for `utf8`: every byte escaped as `\u00XX`, and the quotes.
    @inline(__always)
    static func quotedLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        utf8.count &* 6 &+ 2
    }

    /// Writes `utf8` as a JSON string literal at `out`: quotes, backslashes and control
    /// characters escaped, everything else as its bytes. Returns the length, at most
    /// `quotedLength(utf8)`.
    static func quote(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out.pointee = UInt8(ascii: "\"")
        let count = utf8.count
        guard let base = utf8.baseAddress, count > 0 else {
            out[1] = UInt8(ascii: "\"")
            return 2
        }
        // Most strings of a document are a few bytes and need no escape: a short one is checked
        // as one word gathered by overlapping loads and copied whole (`copyShort`). A byte
        // repeated by the overlap does not change whether any byte needs escaping.
        if count < 8, !needsEscape(gathered(UnsafeRawPointer(base), count: count)) {
            copyShort(UnsafeRawPointer(base), to: UnsafeMutableRawPointer(out + 1), count: count)
            out[count &+ 1] = UInt8(ascii: "\"")
            return count &+ 2
        }
        var written = 1
        var position = 0
        // Eight bytes at a time while none needs escaping, as nearly none does; a word that
        // holds one is written byte by byte.
        while count &- position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            if needsEscape(word) {
                for byte in UnsafeBufferPointer(start: base + position, count: 8) {
                    written &+= write(byte, to: out + written)
                }
            } else {
                UnsafeMutableRawPointer(out + written).storeBytes(of: word, as: UInt64.self)
                written &+= 8
            }
            position &+= 8
        }
        // The last bytes, fewer than eight, after at least one word: the string's last eight
        // bytes as one word when none needs escaping. The bytes it shares with the word before
        // needed no escape either, so they were written as themselves, just before `written`.
        let rest = count &- position
        if rest > 0, count >= 8 {
            let last = UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self)
            if !needsEscape(last) {
                UnsafeMutableRawPointer(out + (written &- (8 &- rest))).storeBytes(of: last, as: UInt64.self)
                out[written &+ rest] = UInt8(ascii: "\"")
                return written &+ rest &+ 1
            }
        }
        for byte in UnsafeBufferPointer(start: base + position, count: rest) {
            written &+= write(byte, to: out + written)
        }
        out[written] = UInt8(ascii: "\"")
        return written &+ 1
    }

    /// The `count` bytes at `source`, fewer than eight, as one word for `needsEscape`: loaded
    /// from the start and from the end, overlapping, so that no byte past them is read; the
    /// word holds every one of them and no other byte (one repeated, for a single byte).
    @inline(__always)
    private static func gathered(_ source: UnsafeRawPointer, count: Int) -> UInt64 {
        switch count {
        case 4...:
            UInt64(source.loadUnaligned(as: UInt32.self))
                | UInt64(source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32
        case 2...:
            (UInt64(source.loadUnaligned(as: UInt16.self))
                | UInt64(source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)) << 16) &* 0x1_0000_0001
        default:
            UInt64(source.load(as: UInt8.self)) &* 0x0101_0101_0101_0101
        }
    }

    /// Writes `byte` at `out`, escaped if it needs to be; returns how many bytes that took.
    @inline(__always)
    private static func write(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard needsEscape(byte) else {
            out.pointee = byte
            return 1
        }
        return escape(byte, to: out)
    }

    /// Whether any of the eight bytes of `word` needs escaping: a control character, a quote
    /// or a backslash. A byte is below `n` (at most 0x80) exactly when subtracting `n` from it
    /// borrows into its high bit while its own high bit was clear; equal to `c` when its XOR
    /// with `c` is below one. Exact for the word as a whole, which is all that is asked.
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs != 0
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Writes the escape of `byte` at `out`: by name where JSON has one, else `\u00XX`.
    /// Returns its length.
    private static func escape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case UInt8(ascii: "\n"): out[1] = UInt8(ascii: "n")
        case UInt8(ascii: "\r"): out[1] = UInt8(ascii: "r")
        case UInt8(ascii: "\t"): out[1] = UInt8(ascii: "t")
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hexDigits.utf8Start[Int(byte >> 4)]
            out[5] = hexDigits.utf8Start[Int(byte & 0xF)]
            return 6
        }
        return 2
    }
}

/// A message body marshalled here, in the D-Bus wire format and this machine's byte order,
/// with the signature of its top-level values beside it.
///
/// libdbus's `DBusMessageIter` rewrites the message header's signature field each time a
/// top-level value is finished, and each rewrite walks the header with its generic type
/// reader: two or three rewrites per `PropertiesChanged`, most of what sending one costs. A
/// body written here goes into a message whole (`Message.assembledSignal`, `assembledReply`),
/// where libdbus checks all of it once, the way it checks every message it receives.
///
/// A class, so that the writers of nested containers append to the same bytes.
final class MessageBody {
    /// The bytes written so far, `count` of `capacity`. Offsets count from the body's start,
    /// which the header padding puts on an 8-byte boundary of the message, so alignment here
    /// is alignment there. Raw memory rather than an array: every value is a few bytes, and
    /// an array's append costs more than the value.
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0
    /// The type codes of the top-level values written so far.
    ///
    /// Unchecked for exclusivity: a body is used by one writer at a time on one thread, and the
    /// dynamic check of a class's stored property cost more than the appends it guarded.
    @exclusivity(unchecked) private(set) var signature: [UInt8] = []
    /// True once a file descriptor (`h`) was written: libdbus must write such a body itself
    /// (`Message.assembledSignal` and `assembledReply` refuse it), since only its iterator
    /// attaches the descriptor.
    var carriesFileDescriptors = false

    /// The largest array the specification allows (2^26 bytes).
    static let largestArray = 1 << 26

    /// A body with room for `capacity` bytes before it grows: by default enough for a
    /// `PropertiesChanged` of a few properties.
    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { storage.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        moved.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }

    /// Runs `body` with a writer appending this body's top-level values. The one way to write
    /// a body: writers do not retain it (`MessageWriter.marshalled`), and a method's receiver
    /// lives for the call.
    func write(_ body: (inout MessageWriter) throws(DBusError) -> Void) throws(DBusError) {
        var writer = MessageWriter(marshallingInto: self)
        try body(&writer)
    }

    /// Where the next byte goes, and where `truncate(to:)` can come back to.
    var mark: (bytes: Int, signature: Int) { (count, signature.count) }

    /// Forgets what was written after `mark`: a value whose writing threw leaves nothing behind.
    func truncate(to mark: (bytes: Int, signature: Int)) {
        count = mark.bytes
        signature.removeSubrange(mark.signature...)
    }

    /// Zero bytes up to the next multiple of `alignment` (1, 2, 4 or 8).
    @inline(__always)
    func pad(to alignment: Int) {
        let padding = (alignment - count & (alignment - 1)) & (alignment - 1)
        guard padding != 0 else { return }
        reserve(padding)
        (storage + count).initializeMemory(as: UInt8.self, repeating: 0, count: padding)
        count += padding
    }

    /// A fixed-size value (integer, boolean as `UInt32`, double), aligned to its size.
    func appendFixed<T: BitwiseCopyable>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        reserve(MemoryLayout<T>.size)
        storage.storeBytes(of: value, toByteOffset: count, as: T.self)
        count += MemoryLayout<T>.size
    }

    /// A string-like value: `s` and `o` as a 32-bit length, the bytes and a NUL; `g` as a
    /// one-byte length (the caller keeps it under 256), the bytes and a NUL.
    func appendString(_ start: UnsafePointer<CChar>, length: Int, type: Int32) {
        if type == TypeCode.signature {
            appendFixed(UInt8(truncatingIfNeeded: length))
        } else {
            appendFixed(UInt32(truncatingIfNeeded: length))
        }
        reserve(length + 1)
        (storage + count).copyMemory(from: start, byteCount: length)
        storage.storeBytes(of: 0, toByteOffset: count + length, as: UInt8.self)
        count += length + 1
    }

    /// Starts an array whose elements begin with type code `element`: its length (filled in by
    /// `finishArray`) and the padding before the first element, which counts even when the
    /// array is empty. Returns where the length goes and where the elements start.
    func startArray(element: UInt8) -> (lengthAt: Int, elementsAt: Int) {
        appendFixed(UInt32(0))
        let lengthAt = count - 4
        pad(to: Self.alignment(of: element))
        return (lengthAt, count)
    }

    /// Writes the length of the array started at `start`.
    func finishArray(_ start: (lengthAt: Int, elementsAt: Int)) throws(DBusError) {
        let length = count - start.elementsAt
        guard length <= Self.largestArray else {
            throw .limitsExceeded("an array of \(length) bytes is more than the \(Self.largestArray) D-Bus allows")
        }
        storage.storeBytes(of: UInt32(length), toByteOffset: start.lengthAt, as: UInt32.self)
    }

    /// Appends `bytes` as they are: the elements of an `ay`, which need no alignment.
    func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of `other` (a body after its header), which starts 8-aligned here.
    func append(_ other: MessageBody) {
        reserve(other.count)
        (storage + count).copyMemory(from: other.storage, byteCount: other.count)
        count += other.count
    }

    /// The bytes written, for as long as `body` runs.
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Appends type codes to the body's signature.
    func record(_ code: UInt8) { signature.append(code) }

    /// Appends a complete type's codes to the body's signature.
    func record(_ codes: String) { signature.append(contentsOf: codes.utf8) }

    /// The alignment of values whose type starts with `code`, from the specification's table.
    static func alignment(of code: UInt8) -> Int {
        switch code {
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "o"),
            UInt8(ascii: "a"), UInt8(ascii: "h"):
            4
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 1 // y, g, v
        }
    }
}

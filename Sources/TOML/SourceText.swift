/// The bytes of a document, checked to be text, with what it takes to turn a byte offset
/// into a line and column.
///
/// Every read goes through `byte(at:)`, which answers nil past either end, so that no input,
/// however cut short, can index outside the buffer.
struct SourceText {
    /// The document's bytes, valid UTF-8 without NUL.
    let bytes: [UInt8]
    /// The offset of every line feed, in order: line N + 1 starts after the N-th.
    private let lineFeeds: [Int]

    /// Checks `bytes`: at most `limit` of them, valid UTF-8, no NUL byte. The checks come first
    /// so that a binary file is refused as such, not at the first character TOML does not expect.
    init(_ bytes: [UInt8], limit: Int) throws(TOMLError) {
        guard bytes.count <= limit else {
            throw TOMLError(
                location: TOMLLocation(line: 1, column: 1), key: nil,
                reason: "the document has \(bytes.count) bytes; at most \(limit) are read")
        }
        self.bytes = bytes
        // One pass notes the line feeds and finds the first byte that is not text.
        var lineFeeds: [Int] = []
        let problem = bytes.withUnsafeBufferPointer { buffer -> (offset: Int, reason: String)? in
            var offset = 0
            while offset < buffer.count {
                // Eight bytes at a time while they are ASCII text without a line feed, as
                // nearly all of a document is.
                if offset &+ 8 <= buffer.count,
                    Self.isPlainASCII(UnsafeRawPointer(buffer.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                {
                    offset &+= 8
                    continue
                }
                let byte = buffer[offset]
                if byte == 0x0A { lineFeeds.append(offset) }
                if byte == 0 { return (offset, "a NUL byte: this is not a text file") }
                if byte < 0x80 {
                    offset += 1
                    continue
                }
                var parser = Unicode.UTF8.ForwardParser()
                var iterator = buffer[offset...].makeIterator()
                guard case .valid(let scalar) = parser.parseScalar(from: &iterator) else {
                    return (offset, "bytes that are not UTF-8: this is not a text file")
                }
                offset += scalar.count
            }
            return nil
        }
        self.lineFeeds = lineFeeds
        if let problem { throw TOMLError(location: location(of: problem.offset), key: nil, reason: problem.reason) }
    }

    /// Whether the eight bytes of `word` are all ASCII, none of them NUL or a line feed.
    /// A byte is zero exactly when subtracting one from it borrows into its high bit while its
    /// own high bit was clear: the classic test, applied to the word and to it XOR line feeds.
    @inline(__always)
    static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let lineFeeds = word ^ (ones &* 0x0A)
        let zero = (word &- ones) & ~word
        let lineFeed = (lineFeeds &- ones) & ~lineFeeds
        return (word | zero | lineFeed) & highs == 0
    }

    /// The byte at `offset`, or nil outside the document.
    @inline(__always)
    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// The number of bytes.
    var count: Int { bytes.count }

    /// The text of `range` (clamped to the document) as a string.
    func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }

    /// The line and column of the byte at `offset` (the end of the document for any offset
    /// past it). Columns count Unicode scalars, so only the lead byte of each one counts.
    func location(of offset: Int) -> TOMLLocation {
        let offset = min(max(offset, 0), bytes.count)
        // Binary search: the number of line feeds before `offset`.
        var low = 0
        var high = lineFeeds.count
        while low < high {
            let middle = low + (high - low) / 2
            if lineFeeds[middle] < offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : lineFeeds[low - 1] + 1
        let column = bytes.withUnsafeBufferPointer { buffer in
            var column = 1
            for position in lineStart..<offset where buffer[position] & 0xC0 != 0x80 { column += 1 }
            return column
        }
        return TOMLLocation(line: low + 1, column: column)
    }
}

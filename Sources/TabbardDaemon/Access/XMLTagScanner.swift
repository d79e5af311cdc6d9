/// A small reader of the tags of an XML document: comments, processing instructions, the
/// document type and character data are passed over; every tag is returned with its
/// attributes. It is enough for a bus policy file, and keeps the daemon free of an XML library;
/// what does not scan is refused with the line, never guessed at.
enum XMLTagScanner {
    /// The tags of `bytes`, in order; a document that does not scan throws `.malformed`.
    static func tags(in bytes: [UInt8]) throws(BusPolicyError) -> [XMLTag] {
        var scanner = Cursor(bytes: bytes)
        var tags: [XMLTag] = []
        while let next = scanner.bytes[scanner.index...].firstIndex(of: UInt8(ascii: "<")) {
            scanner.advance(to: next)
            if scanner.starts(with: "<!--") {
                try scanner.skip(past: "-->", what: "comment")
            } else if scanner.starts(with: "<?") {
                try scanner.skip(past: "?>", what: "processing instruction")
            } else if scanner.starts(with: "<![CDATA[") {
                try scanner.skip(past: "]]>", what: "CDATA section")
            } else if scanner.starts(with: "<!") {
                try scanner.skipDeclaration()
            } else {
                tags.append(try scanner.tag())
            }
        }
        return tags
    }

    /// A position in the document, with its line.
    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func starts(with text: String) -> Bool {
            bytes[index...].starts(with: text.utf8)
        }

        /// Moves to `position`, counting the lines passed.
        mutating func advance(to position: Int) {
            while index < position {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }

        mutating func skip(past end: String, what: String) throws(BusPolicyError) {
            let started = line
            let marker = Array(end.utf8)
            var position = index
            while position + marker.count <= bytes.count {
                if bytes[position..<position + marker.count].elementsEqual(marker) {
                    advance(to: position + marker.count)
                    return
                }
                position += 1
            }
            throw .malformed(line: started, "a \(what) that never ends")
        }

        /// `<!DOCTYPE …>`, its internal subset in brackets and quoted strings included.
        mutating func skipDeclaration() throws(BusPolicyError) {
            let started = line
            var quote: UInt8?
            var depth = 0
            advance(to: index + 2)
            while let byte = current {
                advance(to: index + 1)
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") {
                    depth -= 1
                } else if byte == UInt8(ascii: ">"), depth <= 0 {
                    return
                }
            }
            throw .malformed(line: started, "a declaration that never ends")
        }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance(to: index + 1)
            }
        }

        /// A name: everything up to a space, `=`, `/`, `>` or a quote.
        mutating func name() -> String {
            let start = index
            while let byte = current,
                ![
                    0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">"),
                    UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
                ].contains(byte)
            {
                advance(to: index + 1)
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// The tag at `<`.
        mutating func tag() throws(BusPolicyError) -> XMLTag {
            let started = line
            advance(to: index + 1)
            let closing = current == UInt8(ascii: "/")
            if closing { advance(to: index + 1) }
            let name = name()
            guard !name.isEmpty else { throw .malformed(line: started, "a '<' that starts no tag") }
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard let byte = current else { throw .malformed(line: started, "the tag <\(name)> never ends") }
                if byte == UInt8(ascii: ">") {
                    advance(to: index + 1)
                    return XMLTag(
                        name: name, attributes: attributes, form: closing ? .closing : .opening, line: started)
                }
                if byte == UInt8(ascii: "/"), !closing, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    advance(to: index + 2)
                    return XMLTag(name: name, attributes: attributes, form: .empty, line: started)
                }
                guard !closing else {
                    throw .malformed(line: started, "the closing tag </\(name)> has more than a name")
                }
                let attribute = self.name()
                guard !attribute.isEmpty else {
                    throw .malformed(line: line, "an unexpected character in the tag <\(name)>")
                }
                skipSpace()
                guard current == UInt8(ascii: "=") else {
                    throw .malformed(line: line, "the attribute \(attribute) of <\(name)> has no value")
                }
                advance(to: index + 1)
                skipSpace()
                guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw .malformed(line: line, "the value of \(attribute) in <\(name)> is not quoted")
                }
                advance(to: index + 1)
                let start = index
                while let byte = current, byte != quote {
                    guard byte != UInt8(ascii: "<") else {
                        throw .malformed(line: line, "a '<' in the value of \(attribute) in <\(name)>")
                    }
                    advance(to: index + 1)
                }
                guard current != nil else {
                    throw .malformed(line: started, "the value of \(attribute) in <\(name)> never ends")
                }
                let value = String(decoding: bytes[start..<index], as: UTF8.self)
                advance(to: index + 1)
                guard attributes[attribute] == nil else {
                    throw .malformed(line: started, "<\(name)> has \(attribute) twice")
                }
                attributes[attribute] = XMLTagScanner.decodingEntities(value)
            }
        }
    }

    /// `value` with the five predefined entities decoded; character references are left as
    /// they are, since no name or group the daemon compares needs them.
    static func decodingEntities(_ value: String) -> String {
        let entities: [(name: [UInt8], byte: UInt8)] = [
            (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
            (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&apos;".utf8), UInt8(ascii: "'")),
            (Array("&amp;".utf8), UInt8(ascii: "&")),
        ]
        let bytes = Array(value.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"),
                let entity = entities.first(where: { bytes[index...].starts(with: $0.name) })
            {
                decoded.append(entity.byte)
                index += entity.name.count
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether `bytes` hold `part` somewhere.
    static func contains(_ bytes: [UInt8], _ part: some StringProtocol) -> Bool {
        let part = Array(part.utf8)
        guard !part.isEmpty else { return true }
        return bytes.indices.contains { bytes[$0...].starts(with: part) }
    }
}

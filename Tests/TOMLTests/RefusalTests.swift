import TOML
import Testing

/// What the reader refuses, and how it says so: the line and column always, the key where
/// there is one, and a reason that quotes no more than a short piece of the input.
@Suite("Refusals")
struct RefusalTests {
    /// The refusal of `text`, or nil if it parses.
    func refusal(_ text: String) -> TOMLError? {
        refusal(Array(text.utf8))
    }

    func refusal(_ bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOMLParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Inputs that made the vendored C++ parser abort every tabbard process that read them.
    static let formerAbortInputs = ["[/", "[!", "[é", "[$]", "[.", "[*]", "[ /]", "tabs = [}", "s=[1,}"]

    @Test("inputs that aborted the former parser are refused at their line and column", arguments: formerAbortInputs)
    func formerAborts(text: String) throws {
        let error = try #require(refusal(text))
        #expect(error.location.line == 1)
        #expect(error.location.column > 1, "\(error)")
    }

    @Test("a bad header names the character found")
    func badHeader() {
        #expect(refusal("[/")?.description == "line 1, column 2: expected a key, found '/'")
        #expect(refusal("a = 1\n[é]")?.description == "line 2, column 2: expected a key, found 'é' (U+00E9)")
        #expect(refusal("tabs = [}")?.key == "tabs")
        #expect(refusal("[a\n")?.reason == "expected ']' to close the header, found the end of the line")
    }

    @Test("bytes that are not text are refused as such, at their place")
    func notText() {
        #expect(refusal([0, 0, 0, 0])?.description == "line 1, column 1: a NUL byte: this is not a text file")
        #expect(
            refusal(Array("a = 1\nb = \"".utf8) + [0xC3, 0x28])?.description
                == "line 2, column 6: bytes that are not UTF-8: this is not a text file")
        #expect(refusal(Array("a = 'x\u{1}'".utf8))?.reason.contains("U+0001") == true)
        #expect(refusal("# a \u{7F} in a comment")?.reason == "the control character U+007F in a comment")
        #expect(refusal("a = 1\rb = 2")?.reason == "a carriage return not followed by a line feed")
    }

    @Test("lines, NUL bytes and bytes that are not UTF-8 are found at every offset within a word", arguments: 0..<17)
    func textCheckedAtEveryOffset(padding: Int) {
        let comment = "#" + String(repeating: "x", count: padding)
        // The line feeds counted past a run of plain text: the refusal is on the right line.
        #expect(refusal(comment + "\n" + comment + "\na = yes")?.location.line == 3)
        #expect(refusal(comment + "\n" + comment + "\na = yes")?.location.column == 5)
        var nul = Array((comment + "x").utf8)
        nul[nul.count - 1] = 0
        #expect(refusal(nul)?.description == "line 1, column \(padding + 2): a NUL byte: this is not a text file")
        #expect(refusal(Array((comment + "\n").utf8) + nul)?.location == TOMLLocation(line: 2, column: padding + 2))
        #expect(
            refusal(Array(comment.utf8) + [0xC3, 0x28] + Array("xxxxxxxx".utf8))?.description
                == "line 1, column \(padding + 2): bytes that are not UTF-8: this is not a text file")
        #expect(refusal(comment + "é\u{1F600}\n" + comment + "\na = yes")?.location.line == 3)
    }

    @Test("keys and tables defined twice are errors naming the first definition")
    func duplicates() {
        #expect(
            refusal("name = 1\nname = 2")?.description
                == "line 2, column 1, key 'name': defined twice (first at line 1)")
        #expect(refusal("[a]\nb = 1\n[a]")?.reason == "a table opened twice (first at line 1)")
        #expect(refusal("[fruit]\napple.color = 'red'\n[fruit.apple]")?.key == "fruit.apple")
        #expect(refusal("[fruit]\napple.color = 'red'\n[fruit.apple]")?.location.line == 3)
        #expect(refusal("[a.b.c]\nz = 9\n[a]\nb.c.t = 1")?.reason.contains("opened by a header") == true)
        #expect(refusal("a = {}\n[a]")?.reason.contains("already a table") == true)
        #expect(refusal("a = { b = 1 }\na.c = 2")?.reason.contains("inline table") == true)
        #expect(refusal("a = [1]\n[[a]]")?.reason.contains("array written as a value") == true)
        #expect(refusal("[[a]]\n[a]")?.reason.contains("array of tables") == true)
        #expect(refusal("[a]\n[[a]]")?.reason.contains("not an array of tables") == true)
        #expect(refusal("a = 1\na.b = 2")?.reason.contains("already a integer") == true)
        #expect(refusal("t = { a = 1, a = 2 }")?.key == "t.a")
        #expect(refusal("[[tabs]]\nid = 1\n[[tabs]]\nid = 2\nid = 3")?.key == "tabs[1].id")
    }

    @Test("a key defined twice is refused in a table of any size, naming the first line", arguments: [1, 16, 17, 100])
    func duplicatesInLargeTables(size: Int) {
        let lines = (0..<size).map { "key\($0) = \($0)" }
        for repeated in Set([0, size / 2, size - 1]) {
            let text = (lines + ["key\(repeated) = \"again\""]).joined(separator: "\n")
            #expect(
                refusal(text)?.description
                    == "line \(size + 1), column 1, key 'key\(repeated)': defined twice (first at line \(repeated + 1))"
            )
            let inline = "t = { " + (lines + ["key\(repeated) = 0"]).joined(separator: ", ") + " }"
            #expect(refusal(inline)?.key == "t.key\(repeated)")
            #expect(refusal("[t]\n" + text + "\n[t.key\(repeated)]")?.key == "t.key\(repeated)")
        }
    }

    /// Refusals at every stage of reading a key, with the key each names: none before a line's
    /// first component is read, then the components read so far under the enclosing table, and
    /// an inline table's own key around the keys inside it.
    static let keysNamed: [(text: String, key: String?)] = [
        ("\"unclosed = 1", nil),
        ("[t]\n'a", nil),
        ("[t]\na.\"b", "t.a"),
        ("[t]\na.b.c = yes", "t.a.b.c"),
        ("[[tabs]]\n[[tabs]]\ntitles.fr = \"\\x\"", "tabs[1].titles.fr"),
        ("[t.\"x y\"]\nz = [1 2]", "t.\"x y\".z"),
        ("t = { a = 1, \"b", "t"),
        ("t = { a = { b = 1 }, c = yes }", "t.c"),
        ("t = { a = { b = yes } }", "t.a.b"),
        ("t = { a = { b = 1 }, c.d = yes }", "t.c.d"),
        ("t = [{ a = yes }]", "t.a"),
        ("a = 1 b", "a"),
        ("[a.b\n", "a.b"),
        ("[x]\n[a.\"\\u12\"]", "a"),
    ]

    @Test("a refusal names the key read so far", arguments: keysNamed)
    func keyNamed(text: String, key: String?) {
        let error = refusal(text)
        #expect(error != nil)
        #expect(error?.key == key, "\(String(describing: error))")
    }

    @Test("numbers that are not TOML, or do not fit, are refused with the token quoted")
    func numbers() {
        #expect(refusal("n = 9223372036854775808")?.reason == "'9223372036854775808' does not fit in a 64-bit integer")
        #expect(refusal("n = -9223372036854775809")?.reason.contains("does not fit") == true)
        #expect(refusal("n = 0xFFFFFFFFFFFFFFFFF")?.reason.contains("does not fit") == true)
        #expect(refusal("n = 1e400")?.reason == "'1e400' does not fit in a 64-bit float")
        #expect(refusal("n = 012")?.reason.contains("may not start with 0") == true)
        #expect(refusal("n = 1__2")?.reason.contains("underscore") == true)
        #expect(refusal("n = _1")?.reason.contains("underscore") == true)
        #expect(refusal("n = 1_")?.reason.contains("underscore") == true)
        #expect(refusal("n = 1.")?.reason.contains("'.'") == true)
        #expect(refusal("n = .5")?.reason.contains("not a value") == true)
        #expect(refusal("n = 1e")?.reason.contains("exponent") == true)
        #expect(refusal("n = 0o8")?.reason.contains("base-8") == true)
        #expect(refusal("n = +0x1")?.reason.contains("not a value") == true)
        #expect(refusal("n = " + String(repeating: "9", count: 5_000))?.reason.count ?? 0 < 100)
    }

    @Test("strings: unknown escapes, surrogates, unclosed strings")
    func strings() {
        #expect(refusal(#"s = "\x41""#)?.reason == "a backslash before 'x' is not an escape TOML knows")
        #expect(refusal(#"s = "\uD800""#)?.reason == "U+D800 is not a Unicode scalar value")
        #expect(refusal(#"s = "\U00110000""#)?.reason == "U+110000 is not a Unicode scalar value")
        #expect(refusal(#"s = "\u12""#)?.reason == "\\u takes 4 hexadecimal digits")
        #expect(refusal("s = \"abc\nd\"")?.reason.contains("not closed on its line") == true)
        #expect(refusal("s = '''abc")?.reason == "a multi-line string opened at line 1 is not closed")
        #expect(refusal("s = \"\"\"a\"\"\"\"\"\"")?.reason.contains("more than two quotes") == true)
        #expect(refusal("s = \"\\")?.reason == "a backslash at the end of the document")
    }

    @Test("what does not belong after a value or in an inline table")
    func structure() {
        #expect(refusal("a = 1 b = 2")?.reason == "expected the end of the line, found 'b'")
        #expect(refusal("a = { b = 1, }")?.reason == "expected a key, found '}'")
        #expect(
            refusal("a = { b = 1\n}")?.reason == "expected ',' or '}' in the inline table, found the end of the line")
        #expect(refusal("a = [1 2]")?.reason == "expected ',' or ']' in the array, found '2'")
        #expect(refusal("a =")?.reason == "expected a value, found the end of the document")
        #expect(refusal("a = yes")?.reason == "'yes' is not a value: strings need quotes")
        #expect(refusal("= 1")?.reason == "expected a key, found '='")
        #expect(refusal("a 1")?.reason == "expected '=' after the key, found '1'")
    }

    @Test("nesting deeper than the limit is refused; up to the limit is read")
    func depth() throws {
        let limit = TOMLParser.maximumDepth
        #expect(
            refusal("a = " + String(repeating: "[", count: limit + 1))?.reason
                == "values nested more than \(limit) deep")
        #expect(
            refusal("a = " + String(repeating: "{b=", count: limit + 1))?.reason.contains("nested more than") == true)
        #expect(
            refusal("[" + Array(repeating: "t", count: limit + 1).joined(separator: ".") + "]")?.reason.contains(
                "more than \(limit)") == true)
        _ = try TOMLParser.parse(
            "a = " + String(repeating: "[", count: limit - 1) + String(repeating: "]", count: limit - 1))
    }

    @Test("a document over the size limit is refused before it is read")
    func size() {
        let large = [UInt8](repeating: UInt8(ascii: "#"), count: TOMLParser.maximumDocumentSize + 1)
        #expect(refusal(large)?.reason.contains("at most \(TOMLParser.maximumDocumentSize)") == true)
    }

    @Test("a huge key is cut short in the message")
    func hugeKey() {
        let key = String(repeating: "k", count: 100_000)
        let error = refusal("\(key) = 1\n\(key) = 2")
        #expect(error?.key?.count ?? .max < 80)
        #expect(error?.key?.hasSuffix("…\"") == true)
    }
}

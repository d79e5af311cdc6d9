import Foundation
import JSON
import TabbardTestSupport
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("strings escape quotes, backslashes and control characters, and read back intact")
    func escaping() throws {
        let tricky = "say \"hi\"\\ \n\r\t\u{01}\u{1F} é 日本 🙂"
        var json = JSONWriter()
        json.beginArray()
        json.string(tricky)
        json.string("")
        json.endArray()
        let parsed = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String]
        #expect(parsed == [tricky, ""])
        #expect(json.text.contains(#"\u0001"#))
    }

    @Test("a character that needs escaping is escaped at every offset of an eight-byte run", arguments: 0..<20)
    func escapingAtEveryOffset(length: Int) {
        let specials: [Character] = [
            "\"", "\\", "\u{00}", "\u{01}", "\n", "\r", "\t", "\u{1F}", " ", "\u{7F}", "é", "🙂", "!", "]",
        ]
        for special in specials {
            for offset in 0...length {
                var text = String(repeating: "a", count: length)
                text.insert(special, at: text.index(text.startIndex, offsetBy: offset))
                var json = JSONWriter()
                json.string(text)
                #expect(json.text == ReferenceJSON.quoted(text), "\(Array(text.unicodeScalars))")
            }
        }
    }

    @Test("objects keep their member order and nest, with commas only between members")
    func structure() {
        var json = JSONWriter()
        json.beginObject()
        json.key("b")
        json.integer(-1)
        json.key("a")
        json.beginArray()
        json.bool(true)
        json.null()
        json.integer(UInt64.max)
        json.beginObject()
        json.endObject()
        json.endArray()
        json.key("d")
        json.double(.infinity)
        json.endObject()
        #expect(json.text == #"{"b":-1,"a":[true,null,18446744073709551615,{}],"d":null}"#)
    }

    @Test(
        "strings are written byte for byte as a plain reference quoting writes them, at every length and escape position"
    )
    func stringsMatchReference() {
        // Runs without escapes of every length around the writer's copy, escapes at the start,
        // the middle and the end, multi-byte characters, and a string far larger than the
        // writer's first buffer (so it grows while quoting).
        var samples = [
            "", "a", "\"", "\\", "\u{0}", "\u{7F}", "é", "日本語", "🙂x🙂", String(repeating: "b", count: 100_000),
        ]
        let pieces = ["plain", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", " ", "ü", "€", "🙂", "/"]
        for length in 0..<40 {
            samples.append(String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }))
            samples.append((0..<length).map { pieces[($0 * 7 + length) % pieces.count] }.joined())
        }
        var json = JSONWriter()
        json.beginArray()
        for sample in samples { json.string(sample) }
        json.endArray()
        #expect(json.text == "[" + samples.map(ReferenceJSON.quoted).joined(separator: ",") + "]")
    }

    @Test("integers of every width are written in decimal, extremes included")
    func integersMatchDescription() {
        var json = JSONWriter()
        json.beginArray()
        json.integer(Int8.min)
        json.integer(UInt8.max)
        json.integer(Int16.min)
        json.integer(Int32.min)
        json.integer(Int32.max)
        json.integer(Int64.min)
        json.integer(Int64.max)
        json.integer(UInt64.max)
        json.integer(0)
        json.integer(-1)
        json.integer(10)
        json.integer(Int128(Int64.max) * 4)
        json.endArray()
        let expected = [
            "\(Int8.min)", "\(UInt8.max)", "\(Int16.min)", "\(Int32.min)", "\(Int32.max)", "\(Int64.min)",
            "\(Int64.max)", "\(UInt64.max)", "0", "-1", "10", "\(Int128(Int64.max) * 4)",
        ]
        #expect(json.text == "[" + expected.joined(separator: ",") + "]")
    }

    @Test(
        "member names quoted beforehand write what the names do, alone or with a value; commas stay right after nested containers"
    )
    func quotedKeys() {
        // Names of every length up to and past the writer's short copy, each byte different
        // from its neighbours, so that a move of the wrong bytes shows.
        let names =
            ["Id", "say \"hi\"", "é"]
            + (0...40).map { length in
                String((0..<length).map { Character(UnicodeScalar(UInt8(65 + $0 % 26))) })
            }
        let keys = JSONWriter.Keys(names)
        #expect(keys.count == names.count)
        var byName = JSONWriter()
        var byKey = JSONWriter()
        byName.beginArray()
        byKey.beginArray()
        for (position, name) in names.enumerated() {
            byName.beginObject()
            byName.key(name)
            byName.beginArray()
            byName.endArray()
            for value in [1, -20] {
                byName.key(name)
                byName.integer(value)
            }
            byName.key(name)
            byName.integer(Int128(Int64.max) * 4)
            byName.key(name)
            byName.string("a \"b\"")
            byName.key(name)
            byName.bool(position == 1)
            byName.endObject()
            byKey.beginObject()
            byKey.key(position, of: keys)
            byKey.beginArray()
            byKey.endArray()
            for value in [1, -20] { byKey.member(position, of: keys, value) }
            byKey.member(position, of: keys, Int128(Int64.max) * 4)
            byKey.member(position, of: keys, "a \"b\"")
            byKey.member(position, of: keys, position == 1)
            byKey.endObject()
        }
        byName.endArray()
        byKey.endArray()
        #expect(byKey.text == byName.text)
        #expect(
            byKey.text.hasPrefix(
                #"[{"Id":[],"Id":1,"Id":-20,"Id":36893488147419103228,"Id":"a \"b\"","Id":false},{"say \"hi\"":[],"#))
    }

    @Test("a copy of a writer goes on apart: what one writes after the copy the other does not see")
    func copiesAreIndependent() {
        var first = JSONWriter(capacity: 8)
        first.beginArray()
        first.string("shared")
        var second = first
        first.string("first")
        second.integer(2)
        // Past the first buffer, so that the copy that grows does it alone.
        let long = String(repeating: "x", count: 200)
        second.string(long)
        let before = first
        first.endArray()
        second.endArray()
        #expect(first.text == #"["shared","first"]"#)
        #expect(second.text == #"["shared",2,""# + long + #""]"#)
        #expect(before.text == #"["shared","first""#)
        #expect(first.withCString { start, length in String(cString: start).utf8.count == length })
    }
}

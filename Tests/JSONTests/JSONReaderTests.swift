import JSON
import Testing

/// The JSON reader: RFC 8259 documents in, a tree out; anything else refused with its offset.
@Suite("JSON reader")
struct JSONReaderTests {
    func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONReader.parse(Array(text.utf8)) }

    func refusal(_ text: String) -> JSONError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("every kind of value, escapes and surrogate pairs resolved")
    func values() throws {
        #expect(
            try parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": "x\/\"\\\n\u00e9\ud83d\ude00"} "#)
                == .object([
                    "a": .array([
                        .integer(1), .integer(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null,
                    ]),
                    "b": .string("x/\"\\\né😀"),
                ]))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try parse("[]") == .array([]) && (try parse("{}")) == .object([:]))
    }

    @Test("strings with and without escapes read alike; a bad one is refused at its opening quote")
    func strings() throws {
        for text in ["", "a", "plain text", "é 😀 日本", "tab\tin", String(repeating: "x", count: 100)] {
            let escaped = String(text.flatMap { $0 == "\t" ? ["\\", "t"] : [$0] })
            #expect(
                try parse("[\"\(escaped)\", \"\\u0041\(escaped)\"]") == .array([.string(text), .string("A" + text)]))
        }
        #expect(refusal("[1, \"abc")?.reason == "a string is not closed")
        #expect(refusal("[1, \"abc")?.offset == 4)
        let invalid = (try? JSONReader.parse(Array("[1, \"a".utf8) + [0xFF] + Array("b\"]".utf8)))
        #expect(invalid == nil)
        do {
            _ = try JSONReader.parse(Array("[1, \"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
            Issue.record("a string that is not UTF-8 was read")
        } catch {
            #expect(error.reason == "a string that is not UTF-8")
            #expect(error.offset == 4)
        }
        #expect(refusal("\"tab\tin\"")?.reason == "a control character in a string")
    }

    @Test("what is not JSON is refused with the offset")
    func refusals() {
        #expect(refusal("")?.reason == "the document ends where a value should be")
        #expect(refusal("[1,]")?.offset == 3)
        #expect(refusal("{\"a\":1,\"a\":2}")?.reason == "a member named twice")
        #expect(refusal("01")?.reason == "a number with a leading zero")
        #expect(refusal("1e999")?.reason == "a number too large for a double")
        #expect(refusal("\"\\ud800\"")?.reason == "a lone surrogate in \\u escapes")
        #expect(refusal("\"a\nb\"")?.reason == "a control character in a string")
        #expect(refusal("tru")?.reason == "not a JSON value (expected true)")
        #expect(refusal("{} x")?.reason == "text after the JSON value")
        #expect(
            refusal(String(repeating: "[", count: JSONReader.maximumDepth + 2))?.reason.contains("nested more than")
                == true)
        #expect((try? JSONReader.parse([0x22, 0xFF, 0x22])) == nil)
    }
}

import DBus
import Foundation
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

    @Test("D-Bus values map onto JSON: containers, variants, dictionaries with sorted keys")
    func dbusValues() {
        var json = JSONWriter()
        json.value(.structure([
            .variant(.int32(7)),
            .array("s", [.string("x"), .string("y")]),
            .dictionary(key: "s", value: "v", [.string("b"): .variant(.bool(false)), .string("a"): .variant(.double(1.5))]),
            .objectPath("/org/tabbard"),
        ]))
        #expect(json.text == #"[7,["x","y"],{"a":1.5,"b":false},"/org/tabbard"]"#)
    }
}

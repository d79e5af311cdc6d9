import DBus
import JSON
import Testing

/// The JSON writer where it meets D-Bus: D-Bus values written as JSON, and a document sent as
/// an `s` argument.
@Suite("JSON writer and D-Bus")
struct JSONWriterDBusTests {
    @Test("D-Bus values map onto JSON: containers, variants, dictionaries with sorted keys")
    func dbusValues() {
        var json = JSONWriter()
        json.value(
            .structure([
                .variant(.int32(7)),
                .array("s", [.string("x"), .string("y")]),
                .dictionary(
                    key: "s", value: "v", [.string("b"): .variant(.bool(false)), .string("a"): .variant(.double(1.5))]),
                .objectPath("/org/tabbard"),
            ]))
        #expect(json.text == #"[7,["x","y"],{"a":1.5,"b":false},"/org/tabbard"]"#)
    }

    @Test("a document travels as an s argument holding exactly its text")
    func documentAsArgument() throws {
        var json = JSONWriter()
        json.beginObject()
        json.key("text")
        json.string("tab \"é\" \u{1}")
        json.endObject()
        let message = try Message.methodCall(
            destination: "org.example.X", path: "/x", interface: "org.example.X", method: "Do")
        try message.append(json)
        #expect(message.signature == "s")
        #expect(try message.decode(String.self) == json.text)
    }
}

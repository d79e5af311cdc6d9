import DBus
import JSON

extension JSONWriter {
    /// One JSON object written by `body`: `JSONWriter.object { $0.member("id", "alarm") }`.
    static func object(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        body(&writer)
        writer.endObject()
        return writer.text
    }

    /// Writes properties as one JSON object, keys sorted so the output is stable.
    mutating func properties(_ properties: PropertyValues) {
        beginObject()
        for name in properties.sortedNames {
            key(name)
            value(properties.values[name]!)
        }
        endObject()
    }

    /// Writes a member whose value is a string.
    mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    /// Writes a member whose value is a string or null.
    mutating func member(_ name: String, _ text: String?) {
        key(name)
        if let text { string(text) } else { null() }
    }

    /// Writes a member whose value is a boolean.
    mutating func member(_ name: String, _ flag: Bool) {
        key(name)
        bool(flag)
    }

    /// Writes a member whose value is an integer.
    mutating func member(_ name: String, _ number: Int) {
        key(name)
        integer(number)
    }

    /// Writes a member whose value is a string array.
    mutating func member(_ name: String, _ texts: [String]) {
        key(name)
        beginArray()
        for text in texts { string(text) }
        endArray()
    }
}

import DBus
import TabModel

/// `Describe`'s answer: the controller's properties under their API names, `Version`, and
/// `catalog`, every catalog tab with its properties, in catalog order; one JSON object with
/// stable keys, meant for jq.
enum DescribeDocument {
    /// The JSON text of `controller` in a daemon of `version`. O(tabs × properties). The caller
    /// hands over one copy of the model for the whole document: reading a struct stored in a
    /// class copies it on every access, which at 10,000 tabs would dominate the cost.
    static func json(of controller: TabController, version: String) -> String {
        var json = JSONWriter(capacity: 512 + controller.catalog.count * 700)
        json.beginObject()
        for property in ControllerProperty.allCases {
            json.key(property.rawValue)
            json.property(controller.value(of: property))
        }
        json.key("Version")
        json.string(version)
        json.key("catalog")
        json.beginArray()
        let properties = TabProperty.allCases
        for definition in controller.catalog {
            guard let values = controller.values(of: properties, tab: definition.id) else { continue }
            json.beginObject()
            for (property, value) in zip(properties, values) {
                json.key(property.rawValue)
                json.property(value)
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.text
    }
}

extension JSONWriter {
    /// Writes a model property value as JSON.
    mutating func property(_ value: PropertyValue) {
        switch value {
        case .string(let text): string(text)
        case .strings(let list):
            beginArray()
            for element in list { string(element) }
            endArray()
        case .bool(let flag): bool(flag)
        case .int32(let number): integer(number)
        case .uint32(let number): integer(number)
        case .uint64(let number): integer(number)
        case .dictionary(let map):
            beginObject()
            for key in map.keys.sorted() {
                self.key(key)
                string(map[key]!)
            }
            endObject()
        }
    }
}

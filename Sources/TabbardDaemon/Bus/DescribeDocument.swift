import DBus
import TabModel

/// `Describe`'s answer: the controller's properties under their API names, `Version` and
/// `Bars`; `catalog`, every catalog tab with its properties, in catalog order; and `bars`, every
/// standalone bar with its properties and `items`, the properties of each item it defines, in
/// definition order (SBAR-1). One JSON object with stable keys, meant for jq.
enum DescribeDocument {
    /// The JSON document of `controller` in a daemon of `version`, ready to be sent as an `s`.
    /// O(tabs × properties). The caller hands over one copy of the model for the whole document:
    /// reading a struct stored in a class copies it on every access, which at 10,000 tabs would
    /// dominate the cost.
    static func json(of controller: TabController, version: String) -> JSONWriter {
        var json = JSONWriter(capacity: 512 + controller.catalog.count * 700)
        json.beginObject()
        for property in ControllerProperty.allCases {
            json.key(property.rawValue)
            json.property(controller.value(of: property))
        }
        json.key("Version")
        json.string(version)
        json.key("Bars")
        json.property(.strings(controller.barNames))
        json.key("catalog")
        json.beginArray()
        controller.forEachCatalogTab(reading: tabProperties) { values in
            json.beginObject()
            for index in values.indices {
                json.key(tabKeys[index])
                json.property(values[index])
            }
            json.endObject()
        }
        json.endArray()
        json.key("bars")
        bars(of: controller, into: &json)
        json.endObject()
        return json
    }

    private static let tabProperties = TabProperty.allCases
    /// The tab properties' names, quoted once: each is written once per tab.
    private static let tabKeys = tabProperties.map { JSONWriter.Key($0.rawValue) }

    /// The `bars` array: per bar its properties, then `items`. O(bars × items × properties).
    private static func bars(of controller: TabController, into json: inout JSONWriter) {
        json.beginArray()
        for bar in controller.bars {
            json.beginObject()
            for property in StandaloneBarProperty.allCases {
                json.key(property.wireName)
                json.property(controller.value(of: property, bar: bar.name)!)
            }
            json.key("items")
            json.beginArray()
            for item in bar.definedItems {
                json.beginObject()
                for property in BarItemProperty.allCases {
                    json.key(property.wireName)
                    json.property(controller.value(of: property, item: item.id, bar: bar.name)!)
                }
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
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

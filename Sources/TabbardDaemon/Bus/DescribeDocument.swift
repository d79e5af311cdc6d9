import DBus
internal import JSON
import TabModel

/// `Describe`'s answer: the controller's properties under their API names, `Version`, `Bars`
/// and `InstanceId` (SYNC-1); `catalog`, every catalog tab with its properties, in catalog order; and `bars`, every
/// standalone bar with its properties and `items`, the properties of each item it defines, in
/// definition order (SBAR-1); and `views`, every open view in opening order with its `path`,
/// its opener (`owner`), the `settings` it set itself and its properties (VIEW-1). One JSON
/// object with stable keys, meant for jq.
struct DescribeDocument {
    /// The JSON document of `controller` in a daemon of `identity`, ready to be sent as an `s`.
    /// O(tabs × properties). The caller hands over one copy of the model for the whole document:
    /// reading a struct stored in a class copies it on every access, which at 10,000 tabs would
    /// dominate the cost.
    static func json(of controller: TabController, identity: DaemonIdentity, views: [OpenView] = []) -> JSONWriter {
        var document = DescribeDocument(json: JSONWriter(capacity: 512 + controller.catalog.count * 700))
        document.json.beginObject()
        for property in ControllerProperty.allCases {
            document.json.key(property.rawValue)
            document.json.property(controller.value(of: property))
        }
        document.json.key("Version")
        document.json.string(identity.version)
        document.json.key("Bars")
        document.json.property(.strings(controller.barNames))
        document.json.key("InstanceId")
        document.json.string(identity.instanceId)
        document.json.key("catalog")
        document.json.beginArray()
        controller.forEachCatalogTab(reading: tabProperties, into: &document)
        document.json.endArray()
        document.json.key("bars")
        bars(of: controller, into: &document.json)
        document.json.key("views")
        Self.views(views, into: &document.json)
        document.json.endObject()
        return document.json
    }

    /// The `views` array: per view its path, owner, own settings and properties. O(views × tabs).
    private static func views(_ views: [OpenView], into json: inout JSONWriter) {
        json.beginArray()
        for view in views {
            json.beginObject()
            json.key("path")
            json.string(view.path.rawValue)
            json.key("owner")
            json.string(view.owner)
            json.key("settings")
            json.beginObject()
            for (key, value) in view.settings.entries {
                json.key(key.rawValue)
                json.property(value)
            }
            json.endObject()
            for property in PresentationProperty.allCases {
                json.key(property.rawValue)
                json.property(view.presented.value(of: property))
            }
            json.endObject()
        }
        json.endArray()
    }

    private static let tabProperties = TabProperty.allCases
    /// The tab properties' names, quoted once: each is written once per tab.
    private static let tabKeys = JSONWriter.Keys(tabProperties.map(\.rawValue))

    /// The document written so far.
    private var json: JSONWriter
    /// `tabKeys`, read once per document rather than once per value.
    private let tabKeys = Self.tabKeys
    /// The position in `tabProperties` (and `tabKeys`) of the next tab value's property.
    private var nextTabProperty = 0

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

/// Each catalog tab as an object of its properties, written as the model reads them.
extension DescribeDocument: TabPropertyReceiver {
    mutating func beginTab() {
        json.beginObject()
        nextTabProperty = 0
    }

    mutating func endTab() {
        json.endObject()
    }

    mutating func receive(_ value: String, of property: TabProperty) {
        json.member(position(of: property), of: tabKeys, value)
    }

    mutating func receive(_ value: [String], of property: TabProperty) {
        json.key(position(of: property), of: tabKeys)
        json.beginArray()
        for element in value { json.string(element) }
        json.endArray()
    }

    mutating func receive(_ value: Bool, of property: TabProperty) {
        json.member(position(of: property), of: tabKeys, value)
    }

    mutating func receive(_ value: Int32, of property: TabProperty) {
        json.member(position(of: property), of: tabKeys, value)
    }

    mutating func receive(_ value: UInt32, of property: TabProperty) {
        json.member(position(of: property), of: tabKeys, value)
    }

    mutating func receive(_ value: UInt64, of property: TabProperty) {
        json.member(position(of: property), of: tabKeys, value)
    }

    mutating func receive(_ value: [IconPixmap], of property: TabProperty) {
        json.key(position(of: property), of: tabKeys)
        json.pixmapSizes(value)
    }

    /// The position in `tabKeys` of `property`, which the model hands in the order asked.
    private mutating func position(of property: TabProperty) -> Int {
        assert(Self.tabProperties[nextTabProperty] == property, "a tab's values come in the order of tabProperties")
        defer { nextTabProperty += 1 }
        return nextTabProperty
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
        case .pixmaps(let pixmaps): pixmapSizes(pixmaps)
        }
    }

    /// Icons a plugin drew (ICON-3) by their sizes, `[{"width": 16, "height": 16}]`: the
    /// pixels, up to a megabyte a tab, are the property's to carry, not a document for jq.
    mutating func pixmapSizes(_ pixmaps: [IconPixmap]) {
        beginArray()
        for pixmap in pixmaps {
            beginObject()
            key("width")
            integer(pixmap.width)
            key("height")
            integer(pixmap.height)
            endObject()
        }
        endArray()
    }
}

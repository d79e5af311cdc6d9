import DBus
internal import JSON
import TabModel

/// Writes a `ControllerSnapshot` as a state file, field by field: the format architecture.md
/// fixes, which is the one Foundation's `JSONEncoder` wrote from the snapshot's `Codable`
/// conformances with sorted keys (members of every object in sorted order, an optional member
/// left out when nil, a badge as its value string, a tab by its bare restoration id or as
/// `{"id": …}`), so that the same state always gives the same bytes and earlier files read
/// back unchanged. `StateDocumentReader` reads what this writes.
struct StateDocumentWriter {
    private var json: JSONWriter

    /// `snapshot` as the bytes of a state file.
    static func bytes(of snapshot: ControllerSnapshot) -> [UInt8] {
        var writer = StateDocumentWriter(json: JSONWriter(capacity: 4_096))
        writer.write(snapshot)
        return writer.json.bytes
    }

    // MARK: - The snapshot's types, members in sorted order

    private mutating func write(_ snapshot: ControllerSnapshot) {
        json.beginObject()
        json.key("appearance")
        write(snapshot.appearance)
        json.key("bars")
        json.beginArray()
        for bar in snapshot.bars { write(bar) }
        json.endArray()
        json.key("catalog")
        write(snapshot.catalog)
        json.key("configuration")
        write(snapshot.configuration)
        json.key("customizable")
        write(snapshot.customizable)
        integer("formatVersion", snapshot.formatVersion)
        string("layout", snapshot.layout.rawValue)
        string("locale", snapshot.locale)
        integer("maxVisible", snapshot.maxVisible)
        string("orientation", snapshot.orientation.rawValue)
        if let selectedTab = snapshot.selectedTab {
            json.key("selectedTab")
            write(selectedTab)
        }
        bool("showsMoreList", snapshot.showsMoreList)
        // Sorted byte-wise, as every member name: `tabStates` comes before `tabs`.
        json.key("tabStates")
        json.beginObject()
        for key in snapshot.tabStates.keys.sorted() {
            json.key(key)
            write(snapshot.tabStates[key]!)
        }
        json.endObject()
        json.key("tabs")
        write(snapshot.tabs)
        json.endObject()
    }

    private mutating func write(_ configuration: ControllerConfiguration) {
        json.beginObject()
        json.key("appearance")
        write(configuration.appearance)
        optionalStrings("customizable", configuration.customizable)
        integer("delegateTimeoutMs", configuration.delegateTimeoutMs)
        string("delegateTimeoutPolicy", configuration.delegateTimeoutPolicy.rawValue)
        string("layout", configuration.layout.rawValue)
        string("locale", configuration.locale)
        integer("maxVisible", configuration.maxVisible)
        optionalString("selected", configuration.selected)
        optionalStrings("tabs", configuration.tabs)
        json.endObject()
    }

    private mutating func write(_ appearance: Appearance) {
        json.beginObject()
        string("backgroundImage", appearance.backgroundImage)
        string("barStyle", appearance.barStyle.rawValue)
        string("barTintColor", appearance.barTintColor)
        json.key("dividerImages")
        json.beginObject()
        for key in appearance.dividerImages.keys.sorted() {
            json.key(key)
            json.string(appearance.dividerImages[key]!)
        }
        json.endObject()
        string("selectionIndicatorImage", appearance.selectionIndicatorImage)
        string("shadowImage", appearance.shadowImage)
        string("tintColor", appearance.tintColor)
        bool("translucent", appearance.translucent)
        string("unselectedItemTintColor", appearance.unselectedItemTintColor)
        json.endObject()
    }

    private mutating func write(_ state: SavedTabState) {
        json.beginObject()
        badge(state.badge, color: state.badgeColor)
        strings("stack", state.stack)
        json.endObject()
    }

    private mutating func write(_ bar: SavedBar) {
        json.beginObject()
        json.key("appearance")
        write(bar.appearance)
        json.key("definedItems")
        json.beginArray()
        for item in bar.definedItems { write(item) }
        json.endArray()
        strings("items", bar.items)
        string("name", bar.name)
        optionalString("selectedItem", bar.selectedItem)
        json.endObject()
    }

    private mutating func write(_ item: BarItem) {
        json.beginObject()
        badge(item.badge, color: item.badgeColor)
        bool("enabled", item.enabled)
        string("iconName", item.iconName)
        string("id", item.id)
        string("image", item.image)
        string("imageRenderingMode", item.imageRenderingMode.rawValue)
        string("selectedIconName", item.selectedIconName)
        string("selectedImage", item.selectedImage)
        optionalString("systemItem", item.systemItem?.rawValue)
        integer("tag", item.tag)
        string("title", item.title)
        json.endObject()
    }

    private mutating func write(_ references: [TabReference]) {
        json.beginArray()
        for reference in references { write(reference) }
        json.endArray()
    }

    /// A restorable tab as its bare restoration id, any other as `{"id": …}` (STATE-1).
    private mutating func write(_ reference: TabReference) {
        if let restorationId = reference.restorationId {
            json.string(restorationId)
        } else {
            json.beginObject()
            json.key("id")
            // A reference naming nothing is never made; `Codable` wrote it as null, and so does this.
            if let id = reference.id { json.string(id) } else { json.null() }
            json.endObject()
        }
    }

    // MARK: - Members

    /// `badge` as its value string, left out when there is none (ITEM-4), and `badgeColor` (ITEM-5).
    private mutating func badge(_ badge: Badge?, color: String) {
        optionalString("badge", badge?.value)
        string("badgeColor", color)
    }

    private mutating func string(_ name: String, _ text: String) {
        json.key(name)
        json.string(text)
    }

    private mutating func bool(_ name: String, _ flag: Bool) {
        json.key(name)
        json.bool(flag)
    }

    private mutating func integer<T: BinaryInteger>(_ name: String, _ number: T) {
        json.key(name)
        json.integer(number)
    }

    private mutating func strings(_ name: String, _ texts: [String]) {
        json.key(name)
        json.beginArray()
        for text in texts { json.string(text) }
        json.endArray()
    }

    /// The member `name`, left out when `text` is nil.
    private mutating func optionalString(_ name: String, _ text: String?) {
        if let text { string(name, text) }
    }

    /// The member `name`, left out when `texts` is nil.
    private mutating func optionalStrings(_ name: String, _ texts: [String]?) {
        if let texts { strings(name, texts) }
    }
}

import DBus
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
        json.key("formatVersion")
        json.integer(snapshot.formatVersion)
        json.key("layout")
        json.string(snapshot.layout.rawValue)
        json.key("locale")
        json.string(snapshot.locale)
        json.key("maxVisible")
        json.integer(snapshot.maxVisible)
        json.key("orientation")
        json.string(snapshot.orientation.rawValue)
        if let selectedTab = snapshot.selectedTab {
            json.key("selectedTab")
            write(selectedTab)
        }
        json.key("showsMoreList")
        json.bool(snapshot.showsMoreList)
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
        json.key("delegateTimeoutMs")
        json.integer(configuration.delegateTimeoutMs)
        json.key("delegateTimeoutPolicy")
        json.string(configuration.delegateTimeoutPolicy.rawValue)
        json.key("layout")
        json.string(configuration.layout.rawValue)
        json.key("locale")
        json.string(configuration.locale)
        json.key("maxVisible")
        json.integer(configuration.maxVisible)
        optionalString("selected", configuration.selected)
        optionalStrings("tabs", configuration.tabs)
        json.endObject()
    }

    private mutating func write(_ appearance: Appearance) {
        json.beginObject()
        json.key("backgroundImage")
        json.string(appearance.backgroundImage)
        json.key("barStyle")
        json.string(appearance.barStyle.rawValue)
        json.key("barTintColor")
        json.string(appearance.barTintColor)
        json.key("dividerImages")
        json.beginObject()
        for key in appearance.dividerImages.keys.sorted() {
            json.key(key)
            json.string(appearance.dividerImages[key]!)
        }
        json.endObject()
        json.key("selectionIndicatorImage")
        json.string(appearance.selectionIndicatorImage)
        json.key("shadowImage")
        json.string(appearance.shadowImage)
        json.key("tintColor")
        json.string(appearance.tintColor)
        json.key("translucent")
        json.bool(appearance.translucent)
        json.key("unselectedItemTintColor")
        json.string(appearance.unselectedItemTintColor)
        json.endObject()
    }

    private mutating func write(_ state: SavedTabState) {
        json.beginObject()
        optionalString("badge", state.badge?.value)
        json.key("badgeColor")
        json.string(state.badgeColor)
        json.key("stack")
        strings(state.stack)
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
        json.key("items")
        strings(bar.items)
        json.key("name")
        json.string(bar.name)
        optionalString("selectedItem", bar.selectedItem)
        json.endObject()
    }

    private mutating func write(_ item: BarItem) {
        json.beginObject()
        optionalString("badge", item.badge?.value)
        json.key("badgeColor")
        json.string(item.badgeColor)
        json.key("enabled")
        json.bool(item.enabled)
        json.key("id")
        json.string(item.id)
        json.key("image")
        json.string(item.image)
        json.key("imageRenderingMode")
        json.string(item.imageRenderingMode.rawValue)
        json.key("selectedImage")
        json.string(item.selectedImage)
        optionalString("systemItem", item.systemItem?.rawValue)
        json.key("tag")
        json.integer(item.tag)
        json.key("title")
        json.string(item.title)
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
            if let id = reference.id { json.string(id) } else { json.null() }
            json.endObject()
        }
    }

    // MARK: - Members

    private mutating func strings(_ texts: [String]) {
        json.beginArray()
        for text in texts { json.string(text) }
        json.endArray()
    }

    /// The member `name`, left out when `text` is nil.
    private mutating func optionalString(_ name: String, _ text: String?) {
        guard let text else { return }
        json.key(name)
        json.string(text)
    }

    /// The member `name`, left out when `texts` is nil.
    private mutating func optionalStrings(_ name: String, _ texts: [String]?) {
        guard let texts else { return }
        json.key(name)
        strings(texts)
    }
}

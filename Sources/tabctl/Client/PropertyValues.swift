import DBus
import TabbardBusContract

/// Properties of one object as `GetAll` or `GetManagedObjects` return them, with typed
/// accessors that read a missing or differently typed property as empty: drawing and listing
/// go on with what the daemon has, rather than fail on one odd value.
struct PropertyValues {
    /// The values by property name, variants unwrapped.
    var values: [String: DBusValue]

    /// Values from an `a{sv}` dictionary.
    init(_ variants: [String: Variant]) {
        values = variants.mapValues(\.value.unwrapped)
    }

    /// Values given directly.
    init(values: [String: DBusValue]) {
        self.values = values
    }

    /// A string property, or "".
    func string(_ name: some PropertyName) -> String { values[name.rawValue]?.string ?? "" }

    /// An `as` property, or [].
    func strings(_ name: some PropertyName) -> [String] { values[name.rawValue]?.strings ?? [] }

    /// A boolean property, or false.
    func bool(_ name: some PropertyName) -> Bool { values[name.rawValue]?.bool ?? false }

    /// The names in a stable order (sorted), for output that does not change between runs.
    var sortedNames: [String] { values.keys.sorted() }
}

extension PropertyValues {
    /// The title an item shows: its `Title`, or `id` when the daemon gave none.
    func title<Name: ItemLookPropertyName>(_ names: Name.Type, or id: String) -> String {
        let title = string(Name.title)
        return title.isEmpty ? id : title
    }

    /// An item's badge: nil for none, "" for a dot badge, else its text (ITEM-4).
    func badge<Name: ItemLookPropertyName>(_ names: Name.Type) -> String? {
        bool(Name.hasBadge) ? string(Name.badgeValue) : nil
    }

    /// Whether an item can be tapped (ITEM-6).
    func isEnabled<Name: ItemLookPropertyName>(_ names: Name.Type) -> Bool {
        bool(Name.enabled)
    }
}

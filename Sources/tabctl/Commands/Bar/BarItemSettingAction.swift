import DBus
import TabbardBusContract

// What a defined item shows, changed after `define` (SBAR-2).

/// `bar NAME set ID KEY VALUE`: one writable property of a defined item: its title, images,
/// image rendering mode or tag (SBAR-2). A system item's title and images are the daemon's
/// (ITEM-3): setting them is the daemon's `NotSupported`.
struct SetItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(name: "set", usage: "ID KEY VALUE",
                                  summary: "set an item's title, image, selected-image, image-rendering-mode or tag",
                                  examples: ["tabctl bar modes set transit title Transport", "tabctl bar modes set transit image tram",
                                             "tabctl bar modes set transit selected-image tram.fill",
                                             "tabctl bar modes set transit image-rendering-mode original", "tabctl bar modes set transit tag 3"],
                                  details: """
                                      KEY is title (at most 256 bytes), image or selected-image (an image name or an absolute
                                      path, '' for none), image-rendering-mode (template or original) or tag (a whole number).
                                      A system item's title and images are the daemon's: setting them is NotSupported.
                                      """,
                                  words: ItemSetting.keys.map(\.key) + ["template", "original"])
    /// The item.
    var id: String
    /// The property and its value.
    var setting: ItemSetting

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        try bar.setProperty(setting.property, of: id, setting.value)
    }
}

extension SetItemAction {
    init(parsing operands: inout Operands) throws(UsageError) {
        id = try operands.required("ID")
        setting = try ItemSetting(parsing: &operands)
    }
}

/// One writable property of a standalone bar's item and its new value, as `KEY VALUE` on
/// the command line.
struct ItemSetting: Equatable, Sendable {
    /// The keys on the command line and the properties they set.
    static let keys: [(key: String, property: ItemPropertyName)] = [
        ("title", .title), ("image", .image), ("selected-image", .selectedImage),
        ("image-rendering-mode", .imageRenderingMode), ("tag", .tag),
    ]

    /// The property set.
    var property: ItemPropertyName
    /// Its new value: a 32-bit integer for `tag`, else the string as typed (the daemon checks
    /// images, modes and the title's length).
    var value: DBusValue
}

extension ItemSetting {
    /// `KEY VALUE`; an unknown key, or a `tag` that is not a whole number, is a usage error.
    init(parsing operands: inout Operands) throws(UsageError) {
        property = try operands.key(of: "item", in: Self.keys)
        value = property == .tag ? .int32(try operands.integer("TAG")) : .string(try operands.required("VALUE"))
    }
}

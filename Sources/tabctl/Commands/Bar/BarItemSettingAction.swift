import DBus
import TabbardBusContract

// What a defined item shows, changed after `define` (SBAR-2).

/// `bar NAME set ID KEY VALUE`: one writable property of a defined item: its title, images,
/// image rendering mode or tag (SBAR-2). A system item's title and images are the daemon's
/// (ITEM-3): setting them is the daemon's `NotSupported`.
struct SetItemAction: BarCallAction, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "set",
        summary: "set an item's title, image, selected-image, image-rendering-mode or tag",
        examples: [
            "tabctl bar modes set transit title Transport", "tabctl bar modes set transit image tram",
            "tabctl bar modes set transit selected-image tram.fill",
            "tabctl bar modes set transit image-rendering-mode original", "tabctl bar modes set transit tag 3",
        ],
        details: """
            KEY is title (at most 256 bytes), image or selected-image (an image name or an absolute
            path, '' for none), image-rendering-mode (template or original) or tag (a whole number).
            A system item's title and images are the daemon's: setting them is NotSupported.
            """)
    /// `ID KEY VALUE`; an unknown key, or a `tag` that is not a whole number, is a usage error.
    /// The value is read as the key says, so its part is parsed by hand.
    static var syntax: Syntax<Self> {
        .sequence(
            .operand("ID") { $0.id = $1 },
            .key(of: "item", in: ItemSetting.keys) { $0.setting.property = $1 },
            .custom("VALUE", words: ["template", "original"]) { command, operands throws(UsageError) in
                let isTag = command.setting.property == .tag
                let word = try operands.required(isTag ? "TAG" : "VALUE")
                command.setting.value =
                    isTag
                    ? .int32(try Int32(operand: word, named: "TAG", of: operands.command)) : .string(word)
            })
    }
    /// The item.
    var id = ""
    /// The property and its value.
    var setting = ItemSetting(property: .title, value: .string(""))

    func call(on bar: StandaloneBar) throws(CommandFailure) {
        try bar.setProperty(setting.property, of: id, setting.value)
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

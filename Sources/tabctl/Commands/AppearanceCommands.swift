import DBus

// How the bar looks, and which way the screen is turned.

/// `appearance KEY VALUE`: sets one appearance property of the controller.
struct AppearanceCommand: ControllerCallCommand, Equatable {
    /// The keys on the command line and the properties they set.
    static let keys: [(key: String, property: ControllerProperty)] = [
        ("bar-style", .barStyle), ("bar-tint-color", .barTintColor), ("tint-color", .tintColor),
        ("unselected-item-tint-color", .unselectedItemTintColor), ("translucent", .translucent),
        ("background-image", .backgroundImage), ("shadow-image", .shadowImage),
        ("selection-indicator-image", .selectionIndicatorImage),
    ]

    static let spec = CommandSpec(name: "appearance", usage: "KEY VALUE",
                                  summary: "set bar-style, bar-tint-color, tint-color, unselected-item-tint-color, translucent, background-image, shadow-image or selection-indicator-image",
                                  examples: ["tabctl appearance tint-color '#FF9500'"], words: keys.map(\.key))
    /// One of `keys`.
    var key: String
    /// The new value as typed.
    var value: String

    func call(_ client: TabBarClient) throws(CommandFailure) {
        guard let property = Self.keys.first(where: { $0.key == key })?.property else {
            throw CommandFailure(.usage, "unknown appearance key '\(key)'")
        }
        if property == .translucent {
            guard value == "true" || value == "false" else {
                throw CommandFailure(.usage, "translucent takes true or false, not '\(value)'")
            }
            try client.setProperty(property, .bool(value == "true"))
        } else {
            try client.setProperty(property, .string(value))
        }
    }
}

extension AppearanceCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        let key = try operands.required("KEY")
        guard Self.keys.contains(where: { $0.key == key }) else {
            throw UsageError(message: "unknown appearance key '\(key)'; one of: \(Self.keys.map(\.key).joined(separator: ", "))",
                             command: operands.command)
        }
        self.key = key
        value = try operands.required("VALUE")
    }
}

/// `orientation ORIENTATION`: rotates, when every tab supports it (ORI-3).
struct OrientationCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(name: "orientation", usage: "ORIENTATION",
                                  summary: "rotate to portrait, portrait-upside-down, landscape-left or landscape-right",
                                  // The bundled tabs that turn: most of the catalog is portrait only.
                                  examples: ["tabctl tabs set world-clock stopwatch videos notes && tabctl orientation landscape-left"],
                                  words: ["portrait", "portrait-upside-down", "landscape-left", "landscape-right"])
    /// The orientation's name.
    var orientation: String

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setOrientation, orientation) }
}

extension OrientationCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        orientation = try operands.required("ORIENTATION")
    }
}

import DBus
import TabbardBusContract

// How the bar looks, and which way the screen is turned.

/// `appearance KEY VALUE`: sets one appearance property of the controller.
struct AppearanceCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(name: "appearance", usage: "KEY VALUE",
                                  summary: "set bar-style, bar-tint-color, tint-color, unselected-item-tint-color, translucent, background-image, shadow-image or selection-indicator-image",
                                  examples: ["tabctl appearance tint-color '#FF9500'"], words: AppearanceSetting.keys.map(\.key))
    /// The property and its value.
    var setting: AppearanceSetting

    func call(_ client: TabBarClient) throws(CommandFailure) {
        try client.setProperty(setting.property, setting.value)
    }
}

extension AppearanceCommand {
    init(parsing operands: inout Operands) throws(UsageError) {
        setting = try AppearanceSetting(parsing: &operands)
    }
}

/// One appearance property and its new value, as `KEY VALUE` on the command line: the
/// controller and every standalone bar have the same appearance properties (SBAR-6).
struct AppearanceSetting: Equatable, Sendable {
    /// The keys on the command line and the properties they set.
    static let keys: [(key: String, property: ControllerPropertyName)] = [
        ("bar-style", .barStyle), ("bar-tint-color", .barTintColor), ("tint-color", .tintColor),
        ("unselected-item-tint-color", .unselectedItemTintColor), ("translucent", .translucent),
        ("background-image", .backgroundImage), ("shadow-image", .shadowImage),
        ("selection-indicator-image", .selectionIndicatorImage),
    ]

    /// The property set.
    var property: ControllerPropertyName
    /// Its new value: a boolean for `translucent`, else the string as typed.
    var value: DBusValue
}

extension AppearanceSetting {
    /// `KEY VALUE`; an unknown key, or `translucent` with anything but true or false, is a
    /// usage error.
    init(parsing operands: inout Operands) throws(UsageError) {
        property = try operands.key(of: "appearance", in: Self.keys)
        let text = try operands.required("VALUE")
        if property == .translucent {
            guard text == "true" || text == "false" else {
                throw UsageError(message: "translucent takes true or false, not '\(text)'", command: operands.command)
            }
            value = .bool(text == "true")
        } else {
            value = .string(text)
        }
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

import DBus
import TabbardBusContract

// How the bar looks, and which way the screen is turned.

/// `appearance KEY VALUE`: sets one appearance property of the controller.
struct AppearanceCommand: ControllerCallCommand, AppearanceSettingOperands, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "appearance",
        summary:
            "set bar-style, bar-tint-color, tint-color, unselected-item-tint-color, translucent, background-image, shadow-image or selection-indicator-image",
        examples: ["tabctl appearance tint-color '#FF9500'"])
    /// The property and its value.
    var setting = AppearanceSetting(property: .barStyle, value: .string(""))

    func call(_ client: TabBarClient) throws(CommandFailure) {
        try client.setProperty(setting.property, setting.value)
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

/// A command or `bar` action whose operands are one appearance setting, `KEY VALUE`.
protocol AppearanceSettingOperands: DeclaredOperands {
    /// The property and its value.
    var setting: AppearanceSetting { get set }
}

extension AppearanceSettingOperands {
    /// `KEY VALUE`; an unknown key, or `translucent` with anything but true or false, is a
    /// usage error.
    static var syntax: Syntax<Self> {
        .sequence(
            .key(of: "appearance", in: AppearanceSetting.keys) { $0.setting.property = $1 },
            .operand("VALUE") { (command, text: String) throws(UsageError) in
                guard command.setting.property == .translucent else {
                    command.setting.value = .string(text)
                    return
                }
                guard text == "true" || text == "false" else {
                    throw UsageError(message: "translucent takes true or false, not '\(text)'")
                }
                command.setting.value = .bool(text == "true")
            })
    }
}

/// `orientation ORIENTATION`: rotates, when every tab supports it (ORI-3).
struct OrientationCommand: ControllerCallCommand, Equatable {
    static let spec = CommandSpec(
        of: Self.self, name: "orientation",
        summary: "rotate to portrait, portrait-upside-down, landscape-left or landscape-right",
        // The bundled tabs that turn: most of the catalog is portrait only.
        examples: ["tabctl tabs set world-clock stopwatch videos notes && tabctl orientation landscape-left"])
    static var syntax: Syntax<Self> {
        .operand("ORIENTATION", values: ["portrait", "portrait-upside-down", "landscape-left", "landscape-right"]) {
            $0.orientation = $1
        }
    }
    /// The orientation's name.
    var orientation = ""

    func call(_ client: TabBarClient) throws(CommandFailure) { try client.call(.setOrientation, orientation) }
}

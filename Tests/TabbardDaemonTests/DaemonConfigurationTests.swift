import TabModel
import Testing

@testable import DaemonBase
@testable import TabbardDaemon

@Suite("Configuration file")
struct DaemonConfigurationTests {
    @Test("an empty file gives the built-in defaults")
    func defaults() throws {
        let configuration = try DaemonConfiguration(toml: "", file: "t.toml")
        #expect(configuration == DaemonConfiguration())
        #expect(configuration.controller == ControllerConfiguration())
        #expect(configuration.flushIntervalMs == 100)
        #expect(configuration.customizationTimeoutSeconds == 300)
        #expect(configuration.adminGroup == "tabbard")
    }

    @Test("every documented key is read")
    func everyKey() throws {
        let text = """
            plugin_dirs = ["/usr/lib/tabbard/plugins", "/etc/tabbard/plugins"]
            plugins = ["clock", "media"]
            tabs = ["world-clock", "alarm"]
            selected = "alarm"
            customizable = ["alarm"]
            max_visible = 4
            layout = "top"
            locale = "fr_FR"
            delegate_timeout_ms = 500
            delegate_timeout_policy = "deny"
            admin_group = "kiosk"
            state_dir = "/var/lib/kiosk"
            flush_interval_ms = 250
            customization_timeout_s = 60

            [appearance]
            bar_style = "black"
            bar_tint_color = "#101010"
            tint_color = "#FF9500"
            unselected_item_tint_color = "#8E8E93"
            translucent = false
            background_image = "/usr/share/kiosk/bar.png"
            shadow_image = "shadow"
            selection_indicator_image = "pill"
            """
        let configuration = try DaemonConfiguration(toml: text, file: "t.toml")
        #expect(configuration.pluginDirectories == ["/usr/lib/tabbard/plugins", "/etc/tabbard/plugins"])
        #expect(configuration.plugins == ["clock", "media"])
        var look = Appearance()
        look.barStyle = .black
        look.barTintColor = "#101010"
        look.tintColor = "#FF9500"
        look.unselectedItemTintColor = "#8E8E93"
        look.translucent = false
        look.backgroundImage = "/usr/share/kiosk/bar.png"
        look.shadowImage = "shadow"
        look.selectionIndicatorImage = "pill"
        #expect(
            configuration.controller
                == ControllerConfiguration(
                    tabs: ["world-clock", "alarm"], selected: "alarm", customizable: ["alarm"], maxVisible: 4,
                    layout: .top,
                    locale: "fr_FR", appearance: look, delegateTimeoutMs: 500, delegateTimeoutPolicy: .deny))
        #expect(configuration.adminGroup == "kiosk")
        #expect(configuration.stateDirectory == "/var/lib/kiosk")
        #expect(configuration.flushIntervalMs == 250)
        #expect(configuration.customizationTimeoutSeconds == 60)
    }

    @Test("an unknown key stops the start with file, line and key")
    func unknownKey() {
        let text = "max_visible = 4\n\nmax_visibel = 5\n"
        #expect(throws: ConfigurationError(file: "t.toml", line: 3, key: "max_visibel", reason: "unknown key")) {
            try DaemonConfiguration(toml: text, file: "t.toml")
        }
    }

    @Test("an unknown key inside [appearance] names the table")
    func unknownAppearanceKey() throws {
        let text = "[appearance]\ntint_color = \"#FF0000\"\ntint = \"#00FF00\"\n"
        let error = #expect(throws: ConfigurationError.self) { try DaemonConfiguration(toml: text, file: "t.toml") }
        #expect(error?.description == "t.toml:3: key 'appearance.tint': unknown key")
    }

    @Test("a value out of range names the value")
    func outOfRange() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "layout = \"bottom\"\nmax_visible = 99\n", file: "t.toml")
        }
        #expect(error?.description == "t.toml:2: key 'max_visible': must be 2 to 64, not 99")
    }

    @Test("a value of the wrong type names the type")
    func wrongType() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "tabs = \"alarm\"\n", file: "t.toml")
        }
        #expect(error?.key == "tabs")
        #expect(error?.line == 1)
    }

    @Test(
        "a date or time where a string is wanted is the usual type error, naming the key and the kind of date (issue 42.8)"
    )
    func dateWhereStringIsWanted() throws {
        let offset = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "max_visible = 4\nlocale = 1979-05-27T07:32:00Z\n", file: "t.toml")
        }
        #expect(offset?.description == "t.toml:2: key 'locale': must be a string, not offset date-time")
        let local = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "[appearance]\ntint_color = 07:32:00\n", file: "t.toml")
        }
        #expect(local?.description == "t.toml:2: key 'appearance.tint_color': must be a string, not local time")
    }

    @Test("an unknown enumeration value lists the allowed ones")
    func badLayout() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "layout = 'left'\n", file: "t.toml")
        }
        #expect(error?.description == "t.toml:1: key 'layout': Unknown layout 'left': expected bottom or top.")
    }

    @Test("ids and colors are checked by the model's rules, at their line (ID-1, ITEM-5)")
    func modelRules() throws {
        let badId = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "tabs = [\"alarm\", \"bad id\"]\n", file: "t.toml")
        }
        #expect(badId?.key == "tabs")
        #expect(badId?.reason.contains("bad id") == true)
        let badColor = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "[appearance]\n\ntint_color = \"orange\"\n", file: "t.toml")
        }
        #expect(badColor?.line == 3)
        #expect(badColor?.key == "appearance.tint_color")
        #expect(badColor?.reason.contains("orange") == true)
    }

    @Test("a syntax error reports the line the parser stopped at")
    func syntaxError() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(toml: "max_visible = 4\ntabs = [\"a\",\n= 3\n", file: "t.toml")
        }
        #expect(error?.line == 3)
    }

    @Test("a missing file is an error naming it")
    func missingFile() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration(contentsOf: temporaryDirectory() + "/none.toml")
        }
        #expect(error?.reason == "no such file")
    }
}

import Testing

@testable import tabctl

/// The usage errors of every command and `bar` action, word for word: what their declared
/// syntaxes (`Syntax`) say, as the hand-written parsers before them did.
@Suite("tabctl usage errors")
struct UsageErrorTests {
    @Test(
        "each usage error names what is missing or wrong, and the command whose usage follows",
        arguments: [
            ("show --bar", "show needs NAME", "show"),
            ("show modes", "show takes --follow, --bar NAME and --view SETTINGS, not 'modes'", "show"),
            ("show --", "show needs option", "show"),
            ("show -- --follow", "show takes --follow, --bar NAME and --view SETTINGS, not '--follow'", "show"),
            ("list x", "unexpected 'x' after list", "list"),
            ("get", "get needs PROPERTY", "get"),
            ("get SelectedTab x", "unexpected 'x' after get", "get"),
            ("get --", "get needs PROPERTY", "get"),
            ("select", "select needs ID", "select"),
            ("select --index", "select needs N", "select"),
            ("select --index two", "N must be a whole number, not 'two'", "select"),
            ("select a b", "unexpected 'b' after select", "select"),
            ("tap", "tap needs ID or @more", "tap"),
            ("tap a b", "unexpected 'b' after tap", "tap"),
            ("more x", "unexpected 'x' after more", "more"),
            ("tabs", "tabs needs set, add or remove", "tabs"),
            ("tabs add", "tabs needs ID", "tabs"),
            ("tabs add notes x", "POSITION must be a whole number, not 'x'", "tabs"),
            ("tabs add notes 0 1", "unexpected '1' after tabs", "tabs"),
            ("tabs remove", "tabs needs ID", "tabs"),
            ("tabs remove notes x", "unexpected 'x' after tabs", "tabs"),
            ("tabs move a", "tabs takes set, add or remove, not 'move'", "tabs"),
            ("tabs --", "tabs needs set, add or remove", "tabs"),
            ("customize", "customize needs at least one ID", "customize"),
            ("customize --", "customize needs at least one ID", "customize"),
            ("badge", "badge needs ID", "badge"),
            ("badge alarm", "badge needs VALUE, --dot or --clear", "badge"),
            ("badge alarm --color", "badge needs #RRGGBB", "badge"),
            ("badge alarm --dot x", "unexpected 'x' after badge", "badge"),
            ("badge alarm 3 4", "unexpected '4' after badge", "badge"),
            ("enable", "enable needs ID", "enable"),
            ("enable timer x", "unexpected 'x' after enable", "enable"),
            ("navigate", "navigate needs ID", "navigate"),
            ("navigate stopwatch", "navigate needs PAGE", "navigate"),
            ("navigate stopwatch laps x", "unexpected 'x' after navigate", "navigate"),
            ("activate stopwatch", "activate needs ACTION", "activate"),
            ("appearance", "appearance needs KEY", "appearance"),
            ("appearance tint-color", "appearance needs VALUE", "appearance"),
            (
                "appearance colour red",
                "unknown appearance key 'colour'; one of: bar-style, bar-tint-color, tint-color, unselected-item-tint-color, translucent, background-image, shadow-image, selection-indicator-image",
                "appearance"
            ),
            ("appearance translucent maybe", "translucent takes true or false, not 'maybe'", "appearance"),
            ("appearance bar-style black x", "unexpected 'x' after appearance", "appearance"),
            ("orientation", "orientation needs ORIENTATION", "orientation"),
            ("orientation a b", "unexpected 'b' after orientation", "orientation"),
            ("follow x", "follow takes --view SETTINGS, not 'x'", "follow"),
            ("delegate --exec", "delegate needs CMD", "delegate"),
            ("delegate x", "delegate takes --deny, --allow-only and --exec, not 'x'", "delegate"),
            ("delegate --", "delegate needs rule", "delegate"),
            ("describe x", "unexpected 'x' after describe", "describe"),
            ("completions", "completions needs bash, zsh or fish", "completions"),
            ("completions tcsh", "completions are for bash, zsh or fish, not 'tcsh'", "completions"),
            ("completions fish x", "unexpected 'x' after completions", "completions"),
            ("help nothing", "no command 'nothing'", nil),
            ("bar", "bar needs NAME", "bar"),
            (
                "bar modes",
                "bar needs ACTION (create, define, set, items, select, tap, badge, disable, enable, customize, appearance, divider, show, undefine, remove)",
                "bar"
            ),
            (
                "bar modes tapp map",
                "bar takes create, define, set, items, select, tap, badge, disable, enable, customize, appearance, divider, show, undefine, remove, not 'tapp'",
                "bar"
            ),
            ("bar modes create x", "unexpected 'x' after bar modes create", "bar modes create"),
            ("bar modes define", "bar modes define needs ID", "bar modes define"),
            ("bar modes define map", "bar modes define needs TITLE or --system-item", "bar modes define"),
            ("bar modes define map Map map map.fill x", "unexpected 'x' after bar modes define", "bar modes define"),
            ("bar modes define saved --system-item", "bar modes define needs SYSTEM_ITEM", "bar modes define"),
            (
                "bar modes define saved --system-item favorites x", "TAG must be a whole number, not 'x'",
                "bar modes define"
            ),
            (
                "bar modes define saved --system-item favorites 7 8", "unexpected '8' after bar modes define",
                "bar modes define"
            ),
            ("bar modes undefine", "bar modes undefine needs ID", "bar modes undefine"),
            ("bar modes select", "bar modes select needs ID or --none", "bar modes select"),
            ("bar modes select --none x", "unexpected 'x' after bar modes select", "bar modes select"),
            ("bar modes tap", "bar modes tap needs ID", "bar modes tap"),
            ("bar modes tap map x", "unexpected 'x' after bar modes tap", "bar modes tap"),
            ("bar modes badge transit", "bar modes badge needs VALUE, --dot or --clear", "bar modes badge"),
            ("bar modes badge", "bar modes badge needs ID", "bar modes badge"),
            ("bar modes enable", "bar modes enable needs ID", "bar modes enable"),
            (
                "bar modes customize", "bar modes customize needs at least one ID the user may place",
                "bar modes customize"
            ),
            (
                "bar modes customize --move a 0", "bar modes customize needs at least one ID the user may place",
                "bar modes customize"
            ),
            (
                "bar modes customize a --move a -1", "INDEX must be a whole number from 0, not '-1'",
                "bar modes customize"
            ),
            ("bar modes customize a --move a", "bar modes customize needs INDEX", "bar modes customize"),
            ("bar modes customize a --replace 1", "bar modes customize needs ID", "bar modes customize"),
            (
                "bar modes customize a --replace x y", "INDEX must be a whole number from 0, not 'x'",
                "bar modes customize"
            ),
            (
                "bar modes customize a x --move a 0 y",
                "customize takes --replace INDEX ID and --move ID INDEX, not 'y'", "bar modes customize"
            ),
            ("bar modes customize a --", "bar modes customize needs step", "bar modes customize"),
            (
                "bar modes appearance translucent maybe", "translucent takes true or false, not 'maybe'",
                "bar modes appearance"
            ),
            ("bar modes appearance", "bar modes appearance needs KEY", "bar modes appearance"),
            ("bar modes set saved tag three", "TAG must be a whole number, not 'three'", "bar modes set"),
            (
                "bar modes set saved colour red",
                "unknown item key 'colour'; one of: title, image, selected-image, image-rendering-mode, tag",
                "bar modes set"
            ),
            ("bar modes set saved", "bar modes set needs KEY", "bar modes set"),
            ("bar modes set saved title", "bar modes set needs VALUE", "bar modes set"),
            ("bar modes divider divider normal", "bar modes divider needs RIGHT_STATE", "bar modes divider"),
            ("bar modes divider", "bar modes divider needs IMAGE", "bar modes divider"),
            ("bar modes show x", "unexpected 'x' after bar modes show", "bar modes show"),
            ("bar modes show --follow x", "unexpected 'x' after bar modes show", "bar modes show"),
            ("select alarm --timeout 0", "--timeout needs a number of milliseconds above 0", nil),
            ("--address", "--address needs a bus address", nil),
            ("--timeout x list", "--timeout needs a number of milliseconds above 0", nil),
        ] as [(String, String, String?)])
    func usageError(line: String, message: String, command: String?) {
        #expect(throws: UsageError(message: message, command: command)) {
            try Invocation(arguments: line.split(separator: " ").map(String.init))
        }
    }
}

import Foundation
import TabbardTestSupport
import Testing

/// The built `tabctl` against a `tabbard` on a private bus: output and exit status of each
/// command. Each test has its own bus and daemon.
@Suite("tabctl commands against a daemon")
struct CommandTests {
    @Test("list prints one line per tab: index, id, title, placement, badge, flags")
    func list() throws {
        let daemon = try DaemonProcess()
        let result = try tabctl(daemon.bus, "list")
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 16)
        let first = lines[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(first == ["0", "world-clock", "World", "Clock", "bar", "-", "selected"])
        let alarm = lines[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(alarm == ["1", "alarm", "Alarm", "bar", "1", "-"])
        #expect(lines[4].contains("playlists") && lines[4].contains(" more "))
    }

    @Test("list --json has the documented keys for every tab")
    func listJSON() throws {
        let daemon = try DaemonProcess()
        #expect(try tabctl(daemon.bus, "badge", "notes", "--dot").status == 0)
        let result = try tabctl(daemon.bus, "--json", "list")
        #expect(result.status == 0)
        let tabs = try #require(try parseObject(result.output)["tabs"] as? [[String: Any]])
        #expect(tabs.count == 16)
        for tab in tabs {
            #expect(Set(tab.keys) == ["index", "id", "title", "placement", "badge", "flags"])
        }
        #expect(tabs[0]["id"] as? String == "world-clock")
        #expect(tabs[0]["flags"] as? [String] == ["selected"])
        #expect(tabs[0]["badge"] is NSNull)
        #expect(tabs[1]["badge"] as? String == "1")
        #expect(tabs.first { $0["id"] as? String == "notes" }?["badge"] as? String == "")
    }

    @Test("get prints strings as they are, booleans, arrays one per line, dictionaries key=value")
    func get() throws {
        let daemon = try DaemonProcess()
        #expect(try tabctl(daemon.bus, "get", "SelectedTab").output == "world-clock\n")
        #expect(try tabctl(daemon.bus, "get", "ShowsMore").output == "true\n")
        #expect(try tabctl(daemon.bus, "get", "MaxVisible").output == "5\n")
        #expect(try tabctl(daemon.bus, "get", "VisibleTabs").output == "world-clock\nalarm\nstopwatch\ntimer\n")
        #expect(try tabctl(daemon.bus, "get", "DividerImages").output == "")
        let json = try tabctl(daemon.bus, "--json", "get", "VisibleTabs")
        #expect(
            try parseObject(json.output)["VisibleTabs"] as? [String] == ["world-clock", "alarm", "stopwatch", "timer"])
    }

    @Test("select, select --index, more and badge change what get and show report")
    func actions() throws {
        let daemon = try DaemonProcess()
        let select = try tabctl(daemon.bus, "--json", "select", "alarm")
        #expect(select.status == 0)
        #expect(try parseObject(select.output)["ok"] as? Bool == true)
        #expect(try tabctl(daemon.bus, "get", "SelectedTab").output == "alarm\n")
        #expect(try tabctl(daemon.bus, "select", "--index", "2").status == 0)
        #expect(try tabctl(daemon.bus, "get", "SelectedTab").output == "stopwatch\n")
        #expect(try tabctl(daemon.bus, "badge", "alarm", "7").status == 0)
        #expect(try tabctl(daemon.bus, "disable", "timer").status == 0)
        let shown = try tabctl(daemon.bus, "show")
        #expect(shown.status == 0)
        #expect(shown.output.contains("[Stopwatch]"))
        #expect(shown.output.contains("Alarm (7)"))
        #expect(shown.output.contains("~Timer~"))
        #expect(!shown.output.contains("\u{1B}"), "no colors into a pipe")
        #expect(try tabctl(daemon.bus, "more").status == 0)
        let more = try tabctl(daemon.bus, "show")
        #expect(more.output.contains("│ More "))
        #expect(more.output.contains("  Playlists"))
        #expect(more.output.contains("[More]"))
        #expect(try tabctl(daemon.bus, "select", "notes").status == 0)
        let inside = try tabctl(daemon.bus, "show")
        #expect(inside.output.contains("│ More › Notes "))
        #expect(inside.output.contains("[More]"))
    }

    @Test("more shows the More list and draws it, as show then would; --json gives the show document (SEL-5)")
    func more() throws {
        let daemon = try DaemonProcess()
        let more = try tabctl(daemon.bus, "more")
        #expect(more.status == 0, "\(more.errors)")
        #expect(more.output.contains("│ More "), "\(more.output)")
        #expect(more.output.contains("  Playlists"))
        #expect(more.output.contains("[More]"))
        #expect(try tabctl(daemon.bus, "get", "SelectedItem").output == "@more\n")
        let json = try parseObject(try tabctl(daemon.bus, "--json", "more").output)
        let content = try #require(json["content"] as? [String: Any])
        #expect(content["kind"] as? String == "more")
        #expect((content["items"] as? [[String: Any]])?.first?["id"] as? String == "playlists")
    }

    @Test("show --json has the documented keys and the shown tab's content")
    func showJSON() throws {
        let daemon = try DaemonProcess()
        let picture = try parseObject(try tabctl(daemon.bus, "--json", "show").output)
        #expect(Set(picture.keys) == ["layout", "tintColor", "items", "content"])
        let items = try #require(picture["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["world-clock", "alarm", "stopwatch", "timer", "@more"])
        #expect(Set(items[0].keys) == ["id", "title", "badge", "enabled", "selected"])
        let content = try #require(picture["content"] as? [String: Any])
        #expect(content["kind"] as? String == "page")
        #expect((content["body"] as? String)?.contains("Cupertino") == true)
    }

    @Test("tap without a delegate selects and answers true; describe is the daemon's JSON")
    func tapAndDescribe() throws {
        let daemon = try DaemonProcess()
        let tap = try tabctl(daemon.bus, "--json", "tap", "timer")
        #expect(tap.status == 0)
        #expect(try parseObject(tap.output)["selected"] as? Bool == true)
        let state = try parseObject(try tabctl(daemon.bus, "describe").output)
        #expect(state["SelectedTab"] as? String == "timer")
        #expect((state["catalog"] as? [Any])?.count == 16)
    }

    @Test("appearance sets a property; a bad translucent value is a usage error")
    func appearance() throws {
        let daemon = try DaemonProcess()
        #expect(try tabctl(daemon.bus, "appearance", "tint-color", "#FF9500").status == 0)
        #expect(try tabctl(daemon.bus, "get", "TintColor").output == "#FF9500\n")
        #expect(try tabctl(daemon.bus, "appearance", "translucent", "false").status == 0)
        #expect(try tabctl(daemon.bus, "get", "Translucent").output == "false\n")
        #expect(try tabctl(daemon.bus, "appearance", "translucent", "maybe").status == 1)
    }

    @Test("no such tab or index exits 4 and names the error")
    func noSuchTab() throws {
        let daemon = try DaemonProcess()
        let select = try tabctl(daemon.bus, "select", "nosuch")
        #expect(select.status == 4)
        #expect(select.errors.contains("org.tabbard.TabBar1.Error.NoSuchTab"))
        #expect(try tabctl(daemon.bus, "select", "--index", "99").status == 4)
        let json = try tabctl(daemon.bus, "--json", "badge", "nosuch", "1")
        #expect(json.status == 4)
        let failure = try parseObject(json.output)
        #expect(failure["ok"] as? Bool == false)
        #expect(failure["error"] as? String == "org.tabbard.TabBar1.Error.NoSuchTab")
    }

    @Test("other D-Bus errors exit 5 with their name on stderr")
    func otherErrors() throws {
        let daemon = try DaemonProcess()
        let property = try tabctl(daemon.bus, "get", "NoSuchProperty")
        #expect(property.status == 5)
        #expect(property.errors.contains("org.freedesktop.DBus.Error.UnknownProperty"))
        let orientation = try tabctl(daemon.bus, "orientation", "sideways")
        #expect(orientation.status == 5)
        #expect(orientation.errors.contains("org.tabbard.TabBar1.Error."))
    }

    @Test("a bus without the daemon, or no bus at all, exits 2")
    func unreachable() throws {
        let bus = try PrivateBus()
        let result = try tabctl(bus, "select", "alarm")
        #expect(result.status == 2)
        #expect(result.errors.contains("org.freedesktop.DBus.Error.ServiceUnknown"))
        let noBus = try runCommand([
            try PackagePaths.executable("tabctl"), "--address", "unix:path=/nonexistent/bus", "list",
        ])
        #expect(noBus.status == 2)
    }

    @Test("usage errors exit 1; help, version and completions need no daemon")
    func offline() throws {
        let binary = try PackagePaths.executable("tabctl")
        #expect(try runCommand([binary, "selekt"]).status == 1)
        #expect(try runCommand([binary, "select"]).errors.contains("select needs ID"))
        let help = try runCommand([binary, "badge", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("Example: tabctl badge"))
        #expect(try runCommand([binary, "--version"]).output.hasPrefix("tabctl "))
        #expect(try runCommand([binary, "completions", "bash"]).output.contains("complete -F _tabctl tabctl"))
    }
}

import Foundation
import TabbardTestSupport
import Testing

/// SIGHUP: the daemon rescans its plugin directories and re-reads its configuration; the
/// catalog's changes are announced through ObjectManager.
@Suite("Reloading on SIGHUP")
struct ReloadTests {
    /// A private plugin directory holding copies of some staged bundled plugins.
    static func pluginDirectory(with plugins: [String]) throws -> String {
        let directory = try makePluginDirectory("tabbard-plugins")
        for plugin in plugins { try copyPlugin(plugin, to: directory) }
        return directory
    }

    static func copyPlugin(_ name: String, to directory: String) throws {
        for file in ["lib\(name).so", "\(name).plugin"] {
            try FileManager.default.copyItem(
                atPath: PackagePaths.stagedPlugins.appendingPathComponent(file).path,
                toPath: directory + "/" + file)
        }
    }

    /// Writes a configuration file and returns its path.
    static func configuration(_ text: String, in directory: String? = nil) throws -> String {
        let path = try (directory ?? makeTemporaryDirectory("tabbard-config")) + "/tabbard.toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func isObjectManagerSignal(_ member: String, about tab: String) -> (String) -> Bool {
        { line in
            line.hasPrefix("signal org.freedesktop.DBus.ObjectManager \(member) ")
                && line.contains("\"\(Names.tab(tab))\"") && line.contains(Names.tabInterface)
        }
    }

    @Test(
        "a plugin put in a plugin directory loads on SIGHUP and its tabs join with InterfacesAdded; taken away, they leave with InterfacesRemoved"
    )
    func newPluginJoins() throws {
        let plugins = try Self.pluginDirectory(with: ["clock", "media"])
        let daemon = try DaemonProcess(pluginDirectory: plugins)
        #expect(!(try stringsProperty(daemon.bus.address, "AvailableTabs")).contains("notes"))
        let watcher = try Peer(address: daemon.bus.address, mode: .watch)
        try Self.copyPlugin("notes", to: plugins)
        kill(daemon.pid, SIGHUP)
        #expect(
            watcher.waitForLine(timeout: 10, where: Self.isObjectManagerSignal("InterfacesAdded", about: "notes"))
                != nil,
            "\(watcher.lines)\n\(daemon.log)")
        #expect(try stringsProperty(daemon.bus.address, "AvailableTabs").last == "notes")
        #expect(try stringsProperty(daemon.bus.address, "Tabs").last == "notes") // No configured tabs: all are shown.
        let added = watcher.lines.first(where: Self.isObjectManagerSignal("InterfacesAdded", about: "notes")) ?? ""
        #expect(added.contains("\"Id\": \"notes\"") && added.contains("\"Plugin\": \"notes\""), "\(added)")
        #expect(
            try stringProperty(daemon.bus.address, "Id", path: Names.tab("notes"), interface: Names.tabInterface)
                == "notes")
        #expect(!watcher.lines.contains { $0.contains("InterfacesRemoved") })

        // Taken away again: its tab leaves with InterfacesRemoved (the library stays mapped).
        for file in ["libnotes.so", "notes.plugin"] { try FileManager.default.removeItem(atPath: plugins + "/" + file) }
        kill(daemon.pid, SIGHUP)
        #expect(
            watcher.waitForLine(timeout: 10, where: Self.isObjectManagerSignal("InterfacesRemoved", about: "notes"))
                != nil,
            "\(watcher.lines)\n\(daemon.log)")
        #expect(!(try stringsProperty(daemon.bus.address, "AvailableTabs")).contains("notes"))
        #expect(daemon.stop() == 0)
    }

    @Test(
        "a plugin dropped from the plugins list leaves on SIGHUP with InterfacesRemoved, and comes back when listed again"
    )
    func pluginListChange() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try Self.configuration("plugins = [\"clock\", \"media\", \"notes\"]\n", in: directory)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        try busctlCall(daemon.bus.address, "Select", "s", "notes")
        let watcher = try Peer(address: daemon.bus.address, mode: .watch)
        _ = try Self.configuration("plugins = [\"clock\", \"media\"]\n", in: directory)
        kill(daemon.pid, SIGHUP)
        #expect(
            watcher.waitForLine(timeout: 10, where: Self.isObjectManagerSignal("InterfacesRemoved", about: "notes"))
                != nil,
            "\(watcher.lines)\n\(daemon.log)")
        #expect(!(try stringsProperty(daemon.bus.address, "AvailableTabs")).contains("notes"))
        #expect(!(try stringsProperty(daemon.bus.address, "Tabs")).contains("notes"))
        #expect(try stringProperty(daemon.bus.address, "SelectedTab") != "notes")
        let gone = try BusCall(
            path: Names.tab("notes"), interface: Names.properties, "Get",
            .string(Names.tabInterface), .string("Id")
        ).throughGDBus(address: daemon.bus.address)
        #expect(gone.error != nil)

        _ = try Self.configuration("plugins = [\"clock\", \"media\", \"notes\"]\n", in: directory)
        kill(daemon.pid, SIGHUP)
        #expect(
            watcher.waitForLine(timeout: 10, where: Self.isObjectManagerSignal("InterfacesAdded", about: "notes"))
                != nil,
            "\(watcher.lines)\n\(daemon.log)")
        #expect(try stringsProperty(daemon.bus.address, "AvailableTabs").contains("notes"))
        #expect(daemon.stop() == 0)
    }

    @Test("SIGHUP applies a changed tabs list and keeps runtime values of unchanged settings (STATE-2)")
    func tabsReload() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try Self.configuration("tabs = [\"alarm\", \"notes\"]\nmax_visible = 5\n", in: directory)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        try busctlSet(daemon.bus.address, "MaxVisible", "u", "3")
        try busctlCall(daemon.bus.address, "AddTab", "si", "songs", "2")
        _ = try Self.configuration("tabs = [\"timer\", \"alarm\", \"songs\"]\nmax_visible = 5\n", in: directory)
        kill(daemon.pid, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while try stringsProperty(daemon.bus.address, "Tabs") != ["timer", "alarm", "songs"] && Date() < deadline {
            usleep(20_000)
        }
        #expect(try stringsProperty(daemon.bus.address, "Tabs") == ["timer", "alarm", "songs"], "\(daemon.log)")
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)
        #expect(daemon.stop() == 0)
    }

    @Test("SIGHUP applies a changed setting, and a configuration with errors is logged and the running one kept")
    func settingsReload() throws {
        let directory = try makeTemporaryDirectory("tabbard-config")
        let config = try Self.configuration("max_visible = 5\n", in: directory)
        let daemon = try DaemonProcess(arguments: ["--config", config])
        _ = try Self.configuration("max_visible = 3\n", in: directory)
        kill(daemon.pid, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        while try property(daemon.bus.address, "MaxVisible") as? Int != 3 && Date() < deadline { usleep(20_000) }
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)
        #expect(try stringsProperty(daemon.bus.address, "VisibleTabs").count == 2)

        _ = try Self.configuration("max_visible = 3\nbogus = 1\n", in: directory)
        kill(daemon.pid, SIGHUP)
        let logged = Date().addingTimeInterval(10)
        while !daemon.log.contains("keeping the running one") && Date() < logged { usleep(20_000) }
        #expect(daemon.log.contains("keeping the running one"), "\(daemon.log)")
        #expect(try property(daemon.bus.address, "MaxVisible") as? Int == 3)
        #expect(daemon.stop() == 0)
    }
}

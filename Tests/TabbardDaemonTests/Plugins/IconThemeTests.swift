import TabModel
import TabbardTestSupport
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

/// ICON-2 and ICON-5 against the theme a stock Debian desktop has: every standard name and
/// every bundled tab's name is one of the installed `adwaita-icon-theme`'s files.
@Suite("Icon names against adwaita-icon-theme")
struct IconThemeTests {
    @Test("every standard name (each system item's, More's) resolves in the installed theme (ICON-2, MORE-6)")
    func standardNames() throws {
        let theme = try AdwaitaIcons.installed()
        let names = SystemItem.allCases.map { "\($0.rawValue)=\($0.iconName)" } + ["more=\(StandardIcons.more)"]
        let missing = (SystemItem.allCases.map(\.iconName) + [StandardIcons.more]).filter { !theme.contains($0) }
        print(
            "standard names checked against \(AdwaitaIcons.directory): \(names.joined(separator: " ")); missing: \(missing)"
        )
        #expect(missing.isEmpty)
    }

    @Test("every bundled tab has a -symbolic icon name that resolves in the installed theme (ICON-5)")
    func bundledTabs() throws {
        let theme = try AdwaitaIcons.installed()
        var checked: [String] = []
        for name in ["clock", "media", "notes"] {
            let file = "\(PackagePaths.root)/Plugins/\(name)/\(name).plugin"
            let manifest = try PluginManifest(parsing: try String(contentsOfFile: file, encoding: .utf8), file: file)
            for tab in manifest.tabs {
                let definition = tab.definition(plugin: name)
                // A system item's is the standard name, which the daemon gives (ICON-2).
                let icon = definition.systemItem?.iconName ?? definition.iconName
                #expect(icon.hasSuffix("-symbolic"), "\(tab.id): \(icon)")
                #expect(theme.contains(icon), "\(tab.id): \(icon) is not in \(AdwaitaIcons.directory)")
                checked.append("\(tab.id)=\(icon)")
            }
        }
        print(
            "bundled tabs checked against \(AdwaitaIcons.directory): \(checked.count): \(checked.joined(separator: " "))"
        )
        #expect(checked.count == 16)
    }
}

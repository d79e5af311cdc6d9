import Foundation
import Testing

@testable import DaemonBase
@testable import TabbardDaemon
@testable import TabbardPluginHost

@Suite("Plugin manifests")
struct PluginManifestTests {
    func parse(_ text: String) throws(ConfigurationError) -> PluginManifest {
        try PluginManifest(parsing: text, file: "/plugins/test.plugin")
    }

    func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    let header = "name = \"test\"\nmodule = \"libtest.so\"\nabi = \"1.0\"\n"

    @Test("every field of a tab is read, with its defaults")
    func fieldsAndDefaults() throws {
        let manifest = try parse(
            header + """
                description = "for tests"

                [[tabs]]
                id = "first"
                title = "First"
                image = "a.png"
                selected_image = "b.png"
                image_rendering_mode = "original"
                tag = -7
                orientations = ["portrait", "landscape-left"]
                restoration_id = "first-state"
                actions = ["go"]
                root_page = "home"
                [tabs.titles]
                fr = "Premier"
                pt_BR = "Primeiro"

                [[tabs]]
                id = "second"
                system_item = "search"
                restoration_id = ""

                [[tabs]]
                id = "third"
                title = "Third"
                """)
        #expect(
            manifest.name == "test" && manifest.abi == PluginABIVersion(major: 1, minor: 0)
                && manifest.description == "for tests")
        #expect(manifest.modulePath == "/plugins/libtest.so")
        var first = PluginTabDeclaration(id: "first", title: "First")
        first.localizedTitles = ["fr": "Premier", "pt_BR": "Primeiro"]
        first.image = "a.png"
        first.selectedImage = "b.png"
        first.imageRenderingMode = "original"
        first.tag = -7
        first.orientations = ["portrait", "landscape-left"]
        first.restorationID = "first-state"
        first.actions = ["go"]
        first.rootPage = "home"
        var second = PluginTabDeclaration(id: "second", title: "")
        second.systemItem = "search"
        second.restorationID = nil // STATE-1: an empty restoration id means none
        let third = PluginTabDeclaration(id: "third", title: "Third") // ORI-1, STATE-1 defaults
        #expect(manifest.tabs == [first, second, third])
        #expect(third.orientations == ["portrait"] && third.restorationID == "third" && third.rootPage == "main")
    }

    @Test(
        "a title's locale is letters first, then parts of letters and digits; anything else is refused by name",
        arguments: [
            ("fr", true), ("pt_BR", true), ("pt-BR", true), ("zh_Hant_TW", true), ("es_419", true), ("FRA", true),
            ("f", false), ("fran", false), ("fr_", false), ("fr__FR", false), ("_fr", false), ("fr_F", false),
            ("fr_ABCDEFGHI", false), ("1r", false), ("fr_F!", false), ("fr FR", false), ("é_FR", false),
            ("fr_ÉÉ", false),
            ("fr_\u{0661}\u{0662}", false), ("\u{FF46}\u{FF52}", false),
            ("", false), ("-", false), ("fr-", false), ("fr1", false), ("fr_12345678", true), ("fr_123456789", false),
            ("fr_Latn_CA_x1", true), ("abc_de_fghijklm", true),
        ])
    func titleLocales(locale: String, accepted: Bool) {
        let refusal = error(
            header + """
                [[tabs]]
                id = "first"
                title = "First"
                [tabs.titles]
                "\(locale)" = "translated"
                """)
        if accepted {
            #expect(refusal == nil)
        } else {
            #expect(
                refusal?.description.contains("is not a locale such as fr or pt_BR") == true,
                "\(locale): \(String(describing: refusal))")
        }
    }

    @Test("every bundled manifest parses")
    func bundledManifests() throws {
        for name in ["clock", "media", "notes"] {
            let file = "\(PackagePaths.root)/Plugins/\(name)/\(name).plugin"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let manifest = try PluginManifest(parsing: text, file: file)
            #expect(manifest.name == name && manifest.module == "lib\(name).so")
        }
    }

    @Test("a tab id breaking ID-1 is refused, naming key and line")
    func invalidTabID() {
        let problem = error(header + "\n[[tabs]]\ntitle = \"Bad\"\nid = \"@more\"\n")
        #expect(
            problem
                == ConfigurationError(
                    file: "/plugins/test.plugin", line: 7, key: "tabs[0].id",
                    reason: "'@more' is not a valid tab id (ID-1: ^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$)"))
        #expect(
            error(header + "[[tabs]]\nid = \"\(String(repeating: "a", count: 65))\"\ntitle = \"Long\"\n")?.key
                == "tabs[0].id")
    }

    @Test("an unknown key of a tab is refused at its line, listing every key a tab may have once, sorted")
    func unknownTabKeyListsKnown() throws {
        let problem = try #require(error(header + "[[tabs]]\nid = \"first\"\ntitle = \"First\"\ncolour = \"red\"\n"))
        #expect(problem.key == "tabs[0].colour" && problem.line == 7)
        let prefix = "unknown key (known: "
        #expect(problem.reason.hasPrefix(prefix) && problem.reason.hasSuffix(")"))
        let known = problem.reason.dropFirst(prefix.count).dropLast().components(separatedBy: ", ")
        #expect(known == known.sorted() && Set(known).count == known.count)
        #expect(Set(["id", "title", "titles", "image", "tag", "actions", "root_page"]).isSubset(of: known))
        #expect(!known.contains("colour"))
    }

    @Test("syntax errors carry the parser's line")
    func syntaxError() {
        let problem = error("name = \"x\"\nmodule = [\n")
        #expect(problem?.line == 2 || problem?.line == 3)
        #expect(problem?.key == "module") // The reader names the key whose value it was reading.
        #expect(problem?.description.hasPrefix("/plugins/test.plugin:") == true)
    }

    @Test("unknown keys, wrong types and bad values are refused by key")
    func fieldErrors() {
        let tab = "\n[[tabs]]\nid = \"t\"\ntitle = \"T\"\n"
        #expect(error(header + "colour = \"red\"\n" + tab)?.key == "colour")
        #expect(error(header + tab + "orientation = [\"portrait\"]\n")?.key == "tabs[0].orientation")
        #expect(error(header + tab + "tag = \"one\"\n")?.reason == "must be an integer, not string")
        #expect(error(header + tab + "tag = 4294967296\n")?.key == "tabs[0].tag")
        #expect(error(header + tab + "orientations = [\"sideways\"]\n")?.key == "tabs[0].orientations")
        #expect(error(header + tab + "orientations = []\n")?.key == "tabs[0].orientations")
        #expect(error(header + tab + "system_item = \"more\"\n")?.key == "tabs[0].system_item")
        #expect(error(header + tab + "image_rendering_mode = \"tinted\"\n")?.key == "tabs[0].image_rendering_mode")
        #expect(error(header + tab + "[tabs.titles]\nfrench = \"x\"\n")?.key == "tabs[0].titles.french")
        #expect(error("name = \"test\"\nmodule = \"libtest.so\"\nabi = \"one\"\n" + tab)?.key == "abi")
        #expect(error("module = \"libtest.so\"\nabi = \"1.0\"\n" + tab)?.reason == "is missing")
        #expect(error(header)?.key == "tabs")
        #expect(error(header + "\n[[tabs]]\nid = \"untitled\"\n")?.key == "tabs[0].title")
        #expect(error(header + tab + tab)?.reason == "'t' is declared twice in this manifest")
    }

    @Test("icon and selected_icon are icon names; beside system_item they are an error naming the key (ICON-2)")
    func iconKeys() throws {
        let tab = "\n[[tabs]]\nid = \"t\"\ntitle = \"T\"\n"
        let manifest = try parse(header + tab + "icon = \"alarm-symbolic\"\nselected_icon = \"alarm-symbolic\"\n")
        #expect(manifest.tabs[0].iconName == "alarm-symbolic" && manifest.tabs[0].selectedIconName == "alarm-symbolic")
        #expect(manifest.tabs[0].definition(plugin: "test").iconName == "alarm-symbolic")
        #expect(try parse(header + tab).tabs[0].iconName == "")
        let system = "\n[[tabs]]\nid = \"s\"\nsystem_item = \"search\"\n"
        let beside = error(header + system + "icon = \"edit-find-symbolic\"\n")
        #expect(beside?.key == "tabs[0].icon")
        #expect(beside?.reason.contains("system_item") == true)
        #expect(error(header + system + "selected_icon = \"x\"\n")?.key == "tabs[0].selected_icon")
        #expect(error(header + tab + "icon = \"a/b\"\n")?.key == "tabs[0].icon")
        #expect(error(header + tab + "icon = \"a\\u001b\"\n")?.key == "tabs[0].icon")
        #expect(
            error(header + tab + "selected_icon = \"\(String(repeating: "n", count: 256))\"\n")?.key
                == "tabs[0].selected_icon")
    }

    @Test("icon_theme names a directory beside the manifest, which must exist; its tabs carry it absolute (ICON-4)")
    func iconTheme() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: directory.path + "/icons/hicolor/scalable/apps", withIntermediateDirectories: true)
        let file = directory.path + "/test.plugin"
        let tab = "\n[[tabs]]\nid = \"t\"\ntitle = \"T\"\n"
        let manifest = try PluginManifest(parsing: header + "icon_theme = \"icons\"\n" + tab, file: file)
        let resolved = try #require(
            realpath(directory.path + "/icons", nil).map { pointer in
                defer { free(pointer) }; return String(cString: pointer)
            })
        #expect(manifest.tabs[0].iconThemePath == resolved && resolved.hasPrefix("/"))
        #expect(manifest.tabs[0].definition(plugin: "test").iconThemePath == resolved)
        func problem(_ value: String) -> ConfigurationError? {
            do {
                _ = try PluginManifest(parsing: header + "icon_theme = \"\(value)\"\n" + tab, file: file); return nil
            } catch { return error }
        }
        #expect(problem("missing")?.key == "icon_theme")
        #expect(problem("missing")?.reason.contains("no directory") == true)
        #expect(problem("/usr/share/icons")?.key == "icon_theme")
        try "x".write(toFile: directory.path + "/file", atomically: true, encoding: .utf8)
        #expect(problem("file")?.reason.contains("not a directory") == true)
        #expect(try parse(header + tab).tabs[0].iconThemePath == "")
    }

    @Test("ABI versions parse as major.minor only")
    func abiVersions() {
        #expect(PluginABIVersion("1.0") == PluginABIVersion(major: 1, minor: 0))
        #expect(PluginABIVersion("12.3") == PluginABIVersion(major: 12, minor: 3))
        for bad in ["1", "1.", ".1", "1.0.0", "a.b", "-1.0", "+1.0"] { #expect(PluginABIVersion(bad) == nil, "\(bad)") }
    }
}

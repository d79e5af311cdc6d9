import Foundation
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// The C example of docs/plugins.md, compiled and loaded as written, so the guide cannot
/// drift from the ABI.
@Suite("The plugin guide's C example")
struct PluginGuideTests {
    /// The fenced blocks of `language` in the guide, in order.
    static func codeBlocks(_ language: String) throws -> [String] {
        let guide = try String(contentsOfFile: PackagePaths.root + "/docs/plugins.md", encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("counter.c builds with cc against the header and loads with its manifest")
    func counterExample() throws {
        let source = try #require(Self.codeBlocks("c").first { $0.contains("counter_plugin") })
        let manifest = try #require(Self.codeBlocks("toml").first { $0.contains("name = \"counter\"") })
        let directory = try TemporaryDirectory()
        let sourceFile = try directory.write("counter.c", source)
        try directory.write("counter.plugin", manifest)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "cc", "-std=gnu11", "-Wall", "-Werror", "-shared", "-fPIC", "-I", PackagePaths.include,
            "-o", "\(directory.path)/libcounter.so", sourceFile,
        ]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the guide's counter.c does not compile")

        let events = EventRecorder()
        let host = PluginHost(trust: .session, log: quietLog)
        #expect(host.load(directories: [directory.path]).entries.map(\.status) == [.loaded])
        let counter = try #require(host.createTab(id: "counter", sink: events.sink))
        #expect(try counter.actions() == ["increment", "reset"])
        #expect(counter.activate("increment") && counter.activate("increment"))
        #expect(
            try counter.render(page: "main")
                == PluginContent(title: "Counter", mimeType: "text/plain", body: "Count: 2"))
        #expect(events.changes(for: "counter") == [.badge("1"), .contentChanged, .badge("2"), .contentChanged])
        #expect(counter.activate("reset"))
        #expect(events.changes(for: "counter").suffix(2) == [.badge(nil), .contentChanged])
    }

    @Test("icons.c, the guide's ABI 1.1 icon example, builds with cc against the header (ICON-2, ICON-3)")
    func iconExample() throws {
        let source = try #require(Self.codeBlocks("c").first { $0.contains("set_icon_pixmaps") })
        let directory = try TemporaryDirectory()
        let sourceFile = try directory.write("icons.c", source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "cc", "-std=gnu11", "-Wall", "-Werror", "-shared", "-fPIC", "-I", PackagePaths.include,
            "-o", "\(directory.path)/libicons.so", sourceFile,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the guide's icons.c does not compile")
    }

    @Test("the guide's manifest example parses")
    func manifestExample() throws {
        let example = try #require(Self.codeBlocks("toml").first { $0.contains("name = \"hello\"") })
        let manifest = try PluginManifest(parsing: example, file: "hello.plugin")
        #expect(manifest.tabs.map(\.id) == ["hello"])
        #expect(manifest.tabs[0].localizedTitles == ["fr": "Bonjour", "de": "Hallo"])
        #expect(manifest.tabs[0].iconName == "face-smile-symbolic")
    }
}

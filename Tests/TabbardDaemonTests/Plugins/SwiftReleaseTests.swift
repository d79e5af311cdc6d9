import Foundation
import TabbardSwiftRelease
import Testing

@testable import TabbardDaemon
@testable import TabbardPluginHost

/// Swift has no stable ABI on Linux: a Swift plugin must come from the daemon's Swift release.
/// The SDK records the release in every plugin (`tabbard_plugin_swift_release_v1`); the loader
/// compares it with its own before it calls the entry point.
@Suite("Swift plugins and the daemon's Swift release")
struct SwiftReleaseTests {
    @Test("a Swift plugin built by another Swift release is refused, and the reason names both releases")
    func otherReleaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("older-swift", in: directory, defines: ["SWIFT_RELEASE=\"6.2.x\""])
        try directory.write("older-swift.plugin", testManifest("older-swift", tabs: ["older-tab"]))
        let captured = CapturedLog()
        let host = PluginHost(trust: .session, log: captured.log)
        let report = host.load(directories: [directory.path])
        let status = try #require(report.entries.first?.status)
        #expect(status != .loaded)
        let reason = "\(status)"
        #expect(reason.contains("Swift 6.2.x") && reason.contains("Swift \(SwiftRelease.compiler)"), "\(reason)")
        #expect(captured.lines.contains { $0.contains("older-swift.plugin skipped") && $0.contains("6.2.x") })
        #expect(host.modules.isEmpty)
    }

    @Test("a plugin that records the daemon's own Swift release loads")
    func sameReleaseLoads() throws {
        let directory = try TemporaryDirectory()
        try compileFixture("same-swift", in: directory, defines: ["SWIFT_RELEASE=\"\(SwiftRelease.compiler)\""])
        try directory.write("same-swift.plugin", testManifest("same-swift", tabs: ["same-tab"]))
        let host = PluginHost(trust: .session, log: quietLog)
        #expect(host.load(directories: [directory.path]).entries.map(\.status) == [.loaded])
    }

    @Test("the bundled Swift plugins record the daemon's Swift release; the C plugin records none")
    func bundledPluginsRecordTheirRelease() throws {
        let staged = try PackagePaths.requireStagedPlugins()
        let host = PluginHost(trust: .session, log: quietLog)
        host.load(directories: [staged])
        let daemon = "\(SwiftRelease.compiler)"
        #expect(host.modules.map(\.name) == ["clock", "media", "notes"])
        #expect(host.modules.map(\.swiftRelease) == [daemon, daemon, nil])
    }

    /// The ladder in `SwiftRelease` must name the toolchain exactly, or two releases it lumps
    /// together would pass for one: this fails when the toolchain moves to a release without
    /// a rung of its own.
    @Test("SwiftRelease names the toolchain that runs the tests exactly, as swift --version does")
    func ladderNamesThisToolchain() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
        let words = text.split(whereSeparator: \.isWhitespace)
        let version = try #require(words.firstIndex(of: "version").map { words[$0 + 1] }, "\(text)")
        #expect("\(SwiftRelease.compiler)" == version, "add a rung for Swift \(version) to SwiftRelease")
    }
}

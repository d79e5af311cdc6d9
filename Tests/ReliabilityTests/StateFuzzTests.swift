import TabModel
import Testing

@testable import TabbardDaemon

/// The state file reader fed generated inputs in-process, where a trap would end the test run.
@Suite("The state file reader survives fuzzing")
struct StateFuzzTests {
    /// State files of 6 and 40 tabs, with badges, a stack, appearance and a tab without a
    /// restoration id.
    static func corpus() throws -> [[UInt8]] {
        try [6, 40].map { count in
            var catalog = (0..<count).map { TabDefinition(id: "tab-\($0)", plugin: "p", title: "Tab \($0)") }
            catalog[1].restorationId = nil
            var controller = try TabController(catalog: catalog)
            _ = try controller.setBadge("tab-2", to: .text("9+"))
            _ = try controller.setBadge("tab-3", to: .dot)
            _ = try controller.navigate("tab-0", to: "detail")
            _ = try controller.setImage(\.backgroundImage, "/usr/share/bar.png")
            _ = try controller.select("tab-4")
            return StateCodec.encode(controller.snapshot())
        }
    }

    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\u0000", "-", "0", "01", "1e999",
        "-9223372036854775809", "18446744073709551616", "1.5", "true", "null", "\"formatVersion\":",
        "\u{0}", "é", "\n",
    ].map { Array($0.utf8) }

    @Test("every generated input is decoded or refused with a reason; none traps")
    func inProcess() throws {
        let count = Variant.pick(short: 10_000, long: 200_000)
        let seed = UInt64.random(in: 1...1_000_000)
        var inputs = MutatedInputs(
            corpus: try Self.corpus(), tokens: Self.tokens,
            hostile: ["{\"formatVersion\":1e400}", "[[[[", "\"\\uDBFF\\u0041\"", "{\"a\":1,\"a\":2}"].map {
                Array($0.utf8)
            },
            nesting: ([], UInt8(ascii: "["), UInt8(ascii: "]")), seed: seed)
        var decoded = 0
        var refused = 0
        var versions = 0
        for _ in 0..<count {
            let input = inputs.next()
            if StateCodec.formatVersion(of: input) != nil { versions += 1 }
            do {
                _ = try StateCodec.decode(input)
                decoded += 1
            } catch {
                refused += 1
                #expect(!error.reason.isEmpty)
            }
        }
        print(
            "state fuzz (seed \(seed)): \(count) inputs: \(decoded) decoded, \(refused) refused, \(versions) with a readable format version"
        )
        #expect(decoded > 0 && refused > 0)
    }
}

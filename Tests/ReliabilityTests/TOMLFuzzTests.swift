import Foundation
import TabbardDaemon
import TabbardTestSupport
import Testing

@testable import DaemonBase
@testable import TabbardPluginHost

/// The configuration and manifest readers fed generated inputs (`MutatedInputs`): in-process, where
/// a trap would end the test run, and as `tabbard --check-config` processes on a sample.
@Suite("The configuration and manifest readers survive fuzzing")
struct TOMLFuzzTests {
    /// What one reader made of the inputs.
    struct Tally: CustomStringConvertible {
        var accepted = 0
        var refused = 0
        var refusedWithKey = 0
        /// Refusals that do not name the file and a line, or name neither a key nor a column.
        var unlocated: [String] = []

        mutating func note(_ outcome: Result<Void, ConfigurationError>, file: String, input: [UInt8]) {
            switch outcome {
            case .success:
                accepted += 1
            case .failure(let error):
                refused += 1
                if error.key != nil { refusedWithKey += 1 }
                let located = error.file == file && (error.line ?? 0) >= 1 && (error.key != nil || error.column != nil)
                if !located, unlocated.count < 5 {
                    unlocated.append(
                        "\(error) for \(String(decoding: input.prefix(200), as: UTF8.self).debugDescription)")
                }
            }
        }

        var description: String { "\(accepted) accepted, \(refused) refused (\(refusedWithKey) naming a key)" }
    }

    @Test("every generated input is accepted or refused with file, line and key or column; none traps")
    func inProcess() throws {
        let count = Variant.pick(short: 10_000, long: 200_000)
        let seed = UInt64.random(in: 1...1_000_000)
        var inputs = MutatedInputs.toml(corpus: try TOMLCorpus.files(), seed: seed)
        var configurations = Tally()
        var manifests = Tally()
        let began = Date()
        for _ in 0..<count {
            let input = inputs.next()
            configurations.note(
                Result { () throws(ConfigurationError) in _ = try DaemonConfiguration(toml: input, file: "fuzz.toml") },
                file: "fuzz.toml", input: input)
            manifests.note(
                Result { () throws(ConfigurationError) in _ = try PluginManifest(parsing: input, file: "/p/fuzz.plugin")
                },
                file: "/p/fuzz.plugin", input: input)
        }
        print(
            "TOML fuzz (seed \(seed)): \(count) inputs in \(Int(Date().timeIntervalSince(began))) s; "
                + "configuration reader: \(configurations); manifest reader: \(manifests)")
        #expect(configurations.unlocated.isEmpty, "seed \(seed): \(configurations.unlocated)")
        #expect(manifests.unlocated.isEmpty, "seed \(seed): \(manifests.unlocated)")
        // The mutations reach both outcomes for both readers.
        #expect(
            configurations.accepted > 0 && configurations.refused > 0 && manifests.accepted > 0 && manifests.refused > 0
        )
    }

    @Test("the corpus the fuzzing starts from is accepted by its reader")
    func corpusIsValid() throws {
        _ = try DaemonConfiguration(toml: TOMLCorpus.configuration, file: "tabbard.toml")
        #expect(
            try PluginManifest(parsing: TOMLCorpus.manifest(name: "many", tabs: 200), file: "many.plugin").tabs.count
                == 200)
    }

    @Test("tabbard --check-config on a sample of generated inputs exits 0 or 1, never on a signal")
    func checkConfigProcesses() throws {
        let count = Variant.pick(short: 40, long: 500)
        let seed = UInt64.random(in: 1...1_000_000)
        var inputs = MutatedInputs.toml(corpus: try TOMLCorpus.files(), seed: seed)
        let directory = try makeTemporaryDirectory("tabbard-fuzz")
        var statuses: [Int32: Int] = [:]
        for index in 0..<count {
            let config = directory + "/input-\(index).toml"
            let input = inputs.next()
            try Data(input).write(to: URL(fileURLWithPath: config))
            let result = try runCommand(
                [
                    try PackagePaths.executable("tabbard"), "--check-config", "--config", config,
                    "--plugin-dir", PackagePaths.stagedPlugins.path,
                ], timeout: 20)
            statuses[result.status, default: 0] += 1
            #expect(
                result.status == 0 || result.status == 1, "seed \(seed), input \(index): \(result.errors.prefix(2_000))"
            )
            if result.status == 1 {
                #expect(
                    result.errors.contains(config + ":"), "seed \(seed), input \(index): \(result.errors.prefix(2_000))"
                )
            }
        }
        print(
            "TOML fuzz (seed \(seed)): --check-config on \(count) inputs: exit statuses \(statuses.sorted { $0.key < $1.key })"
        )
    }
}

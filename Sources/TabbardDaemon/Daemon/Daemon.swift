import DBus
import DaemonBase
import Glibc
import Loop
import TabModel
import TabbardPluginHost
import TabbardSwiftRelease

/// The `tabbard` program: parses its command line and runs the command it names. `main.swift`
/// is only `exit(Daemon.main(arguments:))`.
public enum Daemon {
    /// The daemon's version, the `Version` property.
    public static let version = "0.1.0"

    /// Runs `tabbard` with the arguments after the program name; returns the exit status.
    public static func main(arguments: [String]) -> Int32 {
        let options: DaemonOptions
        do {
            options = try DaemonOptions(arguments: arguments)
        } catch {
            printError("tabbard: \(error)\nTry 'tabbard --help'.")
            return 2
        }
        let log = Log(threshold: options.logLevel)
        switch options.command {
        case .help:
            print(DaemonOptions.usage)
            return 0
        case .version:
            // The Swift release too: Swift plugins must be built with it.
            print("tabbard \(version) (Swift \(SwiftRelease.compiler))")
            return 0
        case .probePlugin(let file):
            // A probe hung in a plugin ends with the daemon that would have killed it.
            ChildProcess.endWithParent()
            // Unconfined, unlike a helper: the daemon probes only plugins it loads into itself,
            // where they run with its rights anyway; an isolated plugin is never probed. The
            // module is the daemon's own open file when it passes one (--module-fd).
            let outcome = PluginProbe.run(
                path: file, trust: options.instance == .system ? .system : .session, log: log,
                moduleDescriptor: options.moduleDescriptor)
            print(outcome.text)
            return outcome.passed ? 0 : 1
        case .pluginHost(let manifest):
            let confinement = PluginConfinement(
                instance: options.instance, stateDirectory: options.persistsState ? options.stateDirectory : nil)
            return PluginHelper.run(
                manifest: manifest, trust: options.instance == .system ? .system : .session,
                confinement: confinement, log: log)
        case .listPlugins:
            guard let setup = try? Setup(options: options, log: log) else { return 1 }
            let records =
                options.persistsState
                ? PluginRecords.reading(
                    StateFile(directory: setup.stateDirectory, name: PluginRecords.fileName), log: log) : nil
            var report = PluginHost.survey(
                directories: setup.pluginDirectories, trust: setup.trust,
                enabled: setup.configuration.plugins.map(Set.init), records: records,
                settings: setup.configuration.pluginSettings)
            if options.persistsState {
                report.markRestartNeeded(running: PluginBuildsLoaded.read(inStateDirectory: setup.stateDirectory))
            }
            print(report.text, terminator: "")
            return 0
        case .checkConfig:
            return checkConfiguration(options: options, log: log)
        case .serve:
            // Large messages' buffers kept in the heap while they come, and only then.
            LargeMessageMemory.manage()
            return serve(options: options, log: log)
        }
    }

    /// `--check-config`: the configuration parses, its values are valid, and the plugins it
    /// names are found; warnings are printed but do not fail the check. On the system instance
    /// the bus policy files are checked against `admin_group` too.
    private static func checkConfiguration(options: DaemonOptions, log: Log) -> Int32 {
        guard let setup = try? Setup(options: options, log: log) else { return 1 }
        let report = PluginHost.survey(
            directories: setup.pluginDirectories, trust: setup.trust,
            enabled: setup.configuration.plugins.map(Set.init))
        let catalog = report.entries.compactMap { entry in
            entry.manifest.map { manifest in manifest.tabs.map { $0.definition(plugin: manifest.name) } }
        }.flatMap { $0 }
        do {
            let controller = try TabController(catalog: catalog, configuration: setup.configuration.controller)
            for warning in controller.configurationWarnings { print("warning: \(warning)") }
        } catch {
            printError("tabbard: \(setup.configurationFile): \(error.message)")
            return 1
        }
        if options.instance == .system {
            for finding in AdminGroupAgreement(setup).findings(directories: setup.paths.busPolicyDirectories) {
                print("\(finding.level == .warning ? "warning" : "note"): \(finding.text)")
            }
        }
        let source =
            setup.configurationFileExists
            ? setup.configurationFile
            : "no configuration file (\(setup.configurationFile) does not exist): the built-in defaults"
        print("\(source): ok; \(catalog.count) tabs from \(report.entries.count) plugins")
        return 0
    }

    /// Writes one line to standard error.
    static func printError(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}

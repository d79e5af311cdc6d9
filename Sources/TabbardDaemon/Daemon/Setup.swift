import DaemonBase
import Glibc
import TabModel
import TabbardPluginHost

/// What every command that needs the configuration resolves first: the options, the
/// environment, the configuration file and the paths that follow from them.
struct Setup {
    /// The parsed command line.
    let options: DaemonOptions
    /// The process environment.
    let environment: [String: String]
    /// Default paths of this instance.
    let paths: InstancePaths
    /// The configuration in force (the built-in defaults when no file exists).
    let configuration: DaemonConfiguration
    /// The file it came from, or would have.
    let configurationFile: String
    /// Whether that file exists; without it the built-in defaults are in force.
    let configurationFileExists: Bool

    /// Resolves everything; a configuration error is logged (naming file, line and key) and
    /// thrown, so the caller stops.
    init(options: DaemonOptions, log: Log) throws(ConfigurationError) {
        self.options = options
        environment = ProcessEnvironment.current()
        paths = InstancePaths(options: options, environment: environment, executable: InstancePaths.currentExecutable())
        configurationFile = paths.configFile
        configurationFileExists = access(paths.configFile, F_OK) == 0
        do {
            configuration = try Self.load(paths, environment: environment)
        } catch {
            log.error("configuration: \(error)")
            throw error
        }
    }

    private static func load(_ paths: InstancePaths, environment: [String: String]) throws(ConfigurationError)
        -> DaemonConfiguration
    {
        var configuration: DaemonConfiguration
        do {
            configuration = try DaemonConfiguration(contentsOf: paths.configFile)
        } catch  where error.reason == "no such file" && !paths.configFileIsExplicit {
            configuration = DaemonConfiguration() // No file: the built-in defaults.
        }
        // L10N-1: without a configured locale the daemon follows LANG.
        if configuration.controller.locale.isEmpty, let lang = environment["LANG"],
            (try? LocaleName.validate(lang)) != nil
        {
            configuration.controller.locale = lang
        }
        return configuration
    }

    /// Whether plugins must pass the system instance's ownership checks.
    var trust: PluginTrust { options.instance == .system ? .system : .session }

    /// The plugin directories in force.
    var pluginDirectories: [String] { paths.pluginDirectories(options: options, configuration: configuration) }

    /// The state directory in force.
    var stateDirectory: String { paths.stateDirectory(options: options, configuration: configuration) }
}

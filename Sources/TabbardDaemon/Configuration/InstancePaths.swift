import Glibc

/// Where an instance finds its configuration, plugins and state when nothing overrides them
/// (architecture.md, "Configuration" and "State").
public struct InstancePaths: Equatable, Sendable {
    /// The configuration file to read, and whether it was named explicitly (`--config` or
    /// `$TABBARD_CONFIG`): an explicit file must exist, a default one may be absent.
    public var configFile: String
    /// Whether `configFile` was named explicitly.
    public var configFileIsExplicit: Bool
    /// The plugin directories used when neither `--plugin-dir` nor `plugin_dirs` says.
    public var defaultPluginDirectories: [String]
    /// The state directory used when neither `--state-dir` nor `state_dir` says.
    public var defaultStateDirectory: String
    /// The directories whose `.conf` files the system bus reads as its policy, where the
    /// system instance looks for what its bus policy file allows (`AdminGroupAgreement`):
    /// `$TABBARD_BUS_POLICY_DIRS` (colon-separated) for tests or a bus built with another
    /// data directory, else `systemBusPolicyDirectories`.
    public var busPolicyDirectories: [String]

    /// Where dbus-daemon reads the system bus's policy files: its data directory's
    /// `system.d`, where packages install theirs, and the administrator's in `/etc`.
    public static let systemBusPolicyDirectories = ["/usr/share/dbus-1/system.d", "/etc/dbus-1/system.d"]

    /// Resolves the paths of an instance from its options and environment.
    ///
    /// - Parameters:
    ///   - executable: the daemon's own path; plugins installed beside it
    ///     (`PREFIX/libexec/tabbard` → `PREFIX/lib/tabbard/plugins`) are found from it.
    public init(options: DaemonOptions, environment: [String: String], executable: String) {
        let home = environment["HOME"] ?? "/root"
        if let file = options.configFile {
            configFile = file
            configFileIsExplicit = true
        } else if let file = environment["TABBARD_CONFIG"], !file.isEmpty {
            configFile = file
            configFileIsExplicit = true
        } else if options.instance == .system {
            configFile = "/etc/tabbard/tabbard.toml"
            configFileIsExplicit = false
        } else {
            let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            configFile = base + "/tabbard/tabbard.toml"
            configFileIsExplicit = false
        }

        let prefix = Self.installPrefix(ofExecutable: executable)
        defaultPluginDirectories = [prefix + "/lib/tabbard/plugins"]

        if let directory = environment["STATE_DIRECTORY"], !directory.isEmpty {
            // systemd's StateDirectory= may list several, separated by colons; ours is the first.
            defaultStateDirectory = String(directory.split(separator: ":").first ?? Substring(directory))
        } else if options.instance == .system {
            defaultStateDirectory = "/var/lib/tabbard"
        } else {
            let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
            defaultStateDirectory = base + "/tabbard"
        }

        if let directories = environment["TABBARD_BUS_POLICY_DIRS"], !directories.isEmpty {
            busPolicyDirectories = directories.split(separator: ":").map(String.init)
        } else {
            busPolicyDirectories = Self.systemBusPolicyDirectories
        }
    }

    /// The state directory in force: `--state-dir`, else `state_dir`, else the default.
    public func stateDirectory(options: DaemonOptions, configuration: DaemonConfiguration) -> String {
        options.stateDirectory ?? configuration.stateDirectory ?? defaultStateDirectory
    }

    /// The plugin directories in force: `--plugin-dir`, else `plugin_dirs`, else the default.
    public func pluginDirectories(options: DaemonOptions, configuration: DaemonConfiguration) -> [String] {
        if !options.pluginDirectories.isEmpty { return options.pluginDirectories }
        return configuration.pluginDirectories ?? defaultPluginDirectories
    }

    /// `PREFIX` for an executable installed as `PREFIX/libexec/tabbard` or `PREFIX/bin/tabbard`.
    static func installPrefix(ofExecutable path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast() // the executable
        if let last = components.last, last == "libexec" || last == "bin" || last == "sbin" { components.removeLast() }
        let prefix = components.joined(separator: "/")
        return prefix.isEmpty ? "/usr" : prefix
    }

    /// The running executable's path, read from `/proc/self/exe`.
    public static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "tabbard" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

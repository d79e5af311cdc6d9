import DBus
import DaemonBase

/// What the `tabbard` command line asks for.
public enum DaemonCommand: Equatable, Sendable {
    /// Serve the tab bar controller on the bus (the normal run).
    case serve
    /// Load and check the configuration, print the outcome, exit.
    case checkConfig
    /// List the plugins found with their tabs and status, exit.
    case listPlugins
    /// Load one plugin module in this process to see whether it initialises, exit.
    case probePlugin(String)
    /// Run the plugin of one manifest for the daemon that spawned this process, over the link
    /// on descriptor 3, until the daemon closes it.
    case pluginHost(String)
    /// Print the version, exit.
    case version
    /// Print the usage, exit.
    case help
}

/// The parsed `tabbard` command line (architecture.md, "Command lines"; a fixed contract).
public struct DaemonOptions: Equatable, Sendable {
    /// What to do.
    public var command: DaemonCommand = .serve
    /// The bus to serve on: `--session` (the default), `--system`, or `--address ADDR` as
    /// tests and demos use.
    public var bus: Connection.Bus = .session
    /// The instance kind; defaults from the bus (`--system` is a system instance).
    public var instance: InstanceKind = .session
    /// `--config FILE`.
    public var configFile: String?
    /// `--plugin-dir DIR`, in order; when any is given they replace `plugin_dirs`.
    public var pluginDirectories: [String] = []
    /// `--state-dir DIR`.
    public var stateDirectory: String?
    /// `--no-state`: neither restore nor persist.
    public var persistsState = true
    /// `--log-level LEVEL`.
    public var logLevel: LogLevel = .info
    /// `--module-fd N`, with `--probe-plugin`: the module to probe is the file open on
    /// descriptor N (the daemon hands its probe the very file it loads).
    public var moduleDescriptor: Int32?

    /// Options with every default.
    public init() {}

    /// Parses the arguments after the program name.
    public init(arguments: [String]) throws(UsageError) {
        var explicitInstance: InstanceKind?
        var rest = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else {
                throw UsageError("\(option) needs a value")
            }
            return next
        }
        while let argument = rest.popFirst() {
            // Accept --option=value as well as --option value.
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
                rest.insert(String(argument[..<equals]), at: rest.startIndex)
                continue
            }
            switch argument {
            case "--session": bus = .session
            case "--system": bus = .system
            case "--address": bus = .address(try value(for: argument))
            case "--instance":
                let name = try value(for: argument)
                guard let kind = InstanceKind(rawValue: name) else {
                    throw UsageError("--instance takes system or session, not '\(name)'")
                }
                explicitInstance = kind
            case "--config": configFile = try value(for: argument)
            case "--plugin-dir": pluginDirectories.append(try value(for: argument))
            case "--state-dir": stateDirectory = try value(for: argument)
            case "--no-state": persistsState = false
            case "--log-level":
                let name = try value(for: argument)
                guard let level = LogLevel(name: name) else {
                    let names = LogLevel.allCases.map(\.name).joined(separator: ", ")
                    throw UsageError("--log-level takes one of \(names), not '\(name)'")
                }
                logLevel = level
            case "--check-config": command = .checkConfig
            case "--list-plugins": command = .listPlugins
            case "--probe-plugin": command = .probePlugin(try value(for: argument))
            case "--module-fd":
                let text = try value(for: argument)
                guard let descriptor = Int32(text), descriptor >= 0 else {
                    throw UsageError("--module-fd takes a descriptor number, not '\(text)'")
                }
                moduleDescriptor = descriptor
            case "--plugin-host": command = .pluginHost(try value(for: argument))
            case "--version": command = .version
            case "--help", "-h": command = .help
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        instance = explicitInstance ?? (bus == .system ? .system : .session)
    }

    /// The text `tabbard --help` prints.
    public static let usage = """
        Usage: tabbard [--session | --system | --address ADDR] [--instance system|session]
                       [--config FILE] [--plugin-dir DIR]... [--state-dir DIR] [--no-state]
                       [--log-level LEVEL]
               tabbard --check-config [--system | --instance system|session] [--config FILE]
                       [--plugin-dir DIR]...
               tabbard --list-plugins [--plugin-dir DIR]... [--instance system|session]
               tabbard --probe-plugin FILE [--instance system|session] [--log-level LEVEL]
                       [--module-fd N]
               tabbard --plugin-host MANIFEST [--instance system|session] [--state-dir DIR]
                       [--log-level LEVEL]
               tabbard --version

        Serves the tab bar controller org.tabbard.TabBar1 on D-Bus.

          --session            the user's session bus (default)
          --system             the system bus; a system instance
          --address ADDR       a bus at ADDR, e.g. unix:path=/run/my-bus
          --instance KIND      system: access control and plugin ownership checks apply
          --config FILE        configuration (default: $TABBARD_CONFIG, else
                               /etc/tabbard/tabbard.toml or $XDG_CONFIG_HOME/tabbard/tabbard.toml)
          --plugin-dir DIR     look for plugins in DIR (repeatable; replaces plugin_dirs)
          --state-dir DIR      where state is kept (default: state_dir, $STATE_DIRECTORY,
                               /var/lib/tabbard or $XDG_STATE_HOME/tabbard)
          --no-state           neither restore nor save state
          --log-level LEVEL    error, warning, notice, info (default) or debug
          --check-config       check the configuration and plugins (on a system instance,
                               admin_group against the bus policy files too), then exit
          --list-plugins       list plugins with their tabs, status, and whether each runs
                               in a helper process or in the daemon and why (its manifest,
                               the configuration, the instance's default), then exit
          --probe-plugin FILE  load one plugin module and report whether it initialises
          --module-fd N        with --probe-plugin and a manifest: probe the module file open
                               on descriptor N (how the daemon hands over the file it loads)
          --plugin-host MANIFEST  run one isolated plugin for the daemon that spawned this
                               process (its link on descriptor 3), without privileges; on
                               a system instance it may write only to temporary
                               directories, never to the state directory DIR
          --version            print the version

        Signals: SIGTERM/SIGINT save state and stop; SIGHUP re-reads the configuration and
        rescans plugins.

        A system instance compares admin_group with the system bus's policy files, in
        /usr/share/dbus-1/system.d and /etc/dbus-1/system.d or the colon-separated
        directories of $TABBARD_BUS_POLICY_DIRS, and warns naming each file that disagrees.
        """
}

/// A command line that does not parse; the message says which argument and why.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line naming the offending argument.
    public let message: String

    /// An error with the given message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// The environment of a helper process that runs an isolated plugin: only what shapes how a
/// plugin presents itself (locale, time zone), where its log lines go, and a fixed `PATH`.
/// (The probe of a plugin that runs in the daemon gets the daemon's whole environment, which
/// the plugin finds there anyway: `PluginTrial`.)
/// Nothing of the daemon's service manager, bus or configuration reaches plugin code: no
/// `NOTIFY_SOCKET` to report for the daemon, no bus address, no `STATE_DIRECTORY`, no secret
/// another program left in the daemon's environment.
enum PluginEnvironment {
    /// Variables passed on as the daemon has them.
    static let kept: Set<String> = ["LANG", "LANGUAGE", "TZ", "JOURNAL_STREAM"]
    /// The search path a child gets, whatever the daemon's.
    static let path = "PATH=/usr/local/bin:/usr/bin:/bin"

    /// The `NAME=value` entries for a child, from the daemon's `environment`, sorted by name.
    static func entries(from environment: [String: String]) -> [String] {
        let passed = environment.filter { name, _ in kept.contains(name) || name.hasPrefix("LC_") }
        return [path] + passed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}

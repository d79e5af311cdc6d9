/// What watches every call the daemon makes into one loaded module: the hang watch, and the
/// crash guard's entry for the module, both recording failures under the module file's
/// fingerprint.
struct PluginCallGuard {
    /// Notices a call that does not return.
    let hangWatch: HangWatch
    /// Blames the module for a crash or an `exit()` during the call; nil when the guard is not
    /// installed or could not find the module's code.
    let crashes: CrashGuard.Module?
    /// The module file's fingerprint; nil when unknown.
    let fingerprint: PluginFingerprint?

    /// Runs `call`, the call of `function` for `tab` into the module of `plugin`, watched.
    func during<Result>(plugin: String, function: String, tab: String, _ call: () -> Result) -> Result {
        let previous = hangWatch.begin(.init(plugin: plugin, function: function, tab: tab, fingerprint: fingerprint))
        defer { hangWatch.end(restoring: previous) }
        guard let crashes else { return call() }
        return crashes.during(function, tab: tab, call)
    }
}

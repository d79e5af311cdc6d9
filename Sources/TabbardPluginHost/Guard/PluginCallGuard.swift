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

    /// What a module's load is called where a hang or a crash during it is reported.
    static let load = "its load (constructors and entry point)"

    /// Runs `body`, the load of the module of `plugin` (`dlopen`, its constructors, its entry
    /// point), watched as a call: a crash or a hang there is the plugin's failure.
    func loading<Result>(plugin: String, _ body: () -> Result) -> Result {
        let previous = hangWatch.begin(.init(plugin: plugin, function: Self.load, tab: "", fingerprint: fingerprint))
        defer { hangWatch.end(restoring: previous) }
        guard let crashes else { return body() }
        return crashes.during(Self.load, tab: nil, body)
    }

    /// Tells the crash guard where the loaded module's code lies, from `code`, any address in
    /// it; false when it could not be found (a crash on a thread of the plugin's own is then
    /// not blamed on it).
    func locate(code: UnsafeRawPointer) -> Bool {
        crashes?.locate(code: code) ?? true
    }

    /// Runs `call`, the call of `function` for `tab` into the module of `plugin`, watched.
    func during<Result>(plugin: String, function: String, tab: String, _ call: () -> Result) -> Result {
        let previous = hangWatch.begin(.init(plugin: plugin, function: function, tab: tab, fingerprint: fingerprint))
        defer { hangWatch.end(restoring: previous) }
        guard let crashes else { return call() }
        return crashes.during(function, tab: tab, call)
    }
}

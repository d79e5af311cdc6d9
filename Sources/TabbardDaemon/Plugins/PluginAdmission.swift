import Glibc
import Loop

/// The daemon's guard against plugins that crash or hang, used by `PluginHost.load` before
/// it loads a module into the daemon:
///
/// - a module file not seen before (by path, size and mtime) is probed first in a child
///   process (`PluginTrial`); one that fails is skipped, and the outcome, good or bad, is
///   remembered in `plugins.state` so an unchanged file is not probed again;
/// - every plugin call is watched (`HangWatch`); a call that outlives the hang limit is
///   recorded as a failure of that file, the acknowledged state is saved, and the daemon
///   exits with `failureExitStatus`, for systemd to restart it with its state restored;
/// - a crash or an `exit()` while the daemon serves is recorded the same way against the
///   plugin to blame (`CrashGuard`), and the daemon ends with a failure status;
/// - a file with `failureLimit` recorded failures is skipped until it is replaced or
///   touched, or its line is removed from `plugins.state`.
public final class PluginAdmission {
    /// The remembered outcomes.
    public let records: PluginRecords
    /// The program run as the probe child.
    let executable: String
    /// Arguments after `--probe-plugin FILE` (the instance kind).
    let probeArguments: [String]
    /// How long a probe may take before the child is killed.
    let probeTimeout: Duration
    /// How long one plugin call may take before the daemon counts it as hung and exits.
    let hangLimit: Duration
    /// Recorded failures after which a module file is skipped.
    public static let failureLimit = 3
    /// The daemon's exit status after a hung plugin call or an unexpected `exit()` (EX_SOFTWARE).
    public static let failureExitStatus: Int32 = 70
    /// Blames crashes on plugins; nil where it is not installed (tests, probing).
    let crashGuard: CrashGuard?
    private let log: Log
    /// Saves the acknowledged state before a hang exit; nil when saved, else why not.
    private let saveState: @Sendable () -> FileError?
    private var watch: HangWatch?

    /// An admission remembering outcomes in `records`; probes run `executable` (this very
    /// program by default) with `probeArguments`. `saveState` runs on the hang watch's thread
    /// before a hang exit and writes what the loop thread acknowledged (STATE-4).
    public init(records: PluginRecords, log: Log, hangLimit: Duration, probeArguments: [String],
                saveState: @escaping @Sendable () -> FileError?,
                executable: String = "/proc/self/exe", probeTimeout: Duration = .seconds(5), crashGuard: CrashGuard? = nil) {
        self.records = records
        self.crashGuard = crashGuard
        self.log = log
        self.saveState = saveState
        self.hangLimit = hangLimit
        self.probeArguments = probeArguments
        self.executable = executable
        self.probeTimeout = probeTimeout
    }

    /// Decides whether the module `file` of `manifest` may be loaded; throws the reason when
    /// not. Returns the fingerprint the hang watch records failures under.
    func admit(_ file: CheckedFile, manifest: PluginManifest) throws(PluginRefusal) -> PluginFingerprint? {
        guard let fingerprint = PluginFingerprint(descriptor: file.descriptor, path: file.path) else { return nil }
        if let record = records.record(for: fingerprint) {
            try Self.check(record, of: fingerprint)
            return fingerprint
        }
        switch PluginTrial.run(executable: executable, path: manifest.file, arguments: probeArguments, timeout: probeTimeout) {
        case .passed:
            // With --no-state there is no plugins.state: the outcome lasts only this run.
            let kept = records.file == nil ? "" : "; remembered"
            log.info("plugin \(manifest.name): \(fingerprint.path) passed its probe in a child process\(kept)")
            records.remember(fingerprint, probed: true)
            return fingerprint
        case .failed(let reason):
            records.remember(fingerprint, probed: false, reason: reason)
            throw .probeFailed(reason)
        }
    }

    /// Throws when `record` says the file must be skipped without a new probe: its probe
    /// failed, or it hung the daemon `failureLimit` times.
    static func check(_ record: PluginRecord, of fingerprint: PluginFingerprint) throws(PluginRefusal) {
        if !record.probed { throw .probeFailed("\(record.reason) (remembered; replace or touch \(fingerprint.path) to probe it again)") }
        if record.failures >= failureLimit {
            throw .disabledAfterFailures(path: fingerprint.path, failures: record.failures, reason: record.reason)
        }
    }

    /// What watches the calls into `module`, loaded from the file of `fingerprint`.
    func callGuard(for module: PluginModule, fingerprint: PluginFingerprint?) -> PluginCallGuard {
        // Any address in the module's code lets the crash guard find all of it: `render` is required.
        let code = unsafeBitCast(module.table.render!, to: UnsafeRawPointer.self)
        let crashes = crashGuard?.register(plugin: module.name, fingerprint: fingerprint, code: code)
        if crashGuard != nil && crashes == nil { log.warning("plugin \(module.name): its code was not found; a crash will not be blamed on it") }
        return PluginCallGuard(hangWatch: hangWatch(), crashes: crashes, fingerprint: fingerprint)
    }

    /// The hang watch for loaded modules; its thread starts with the first module.
    private func hangWatch() -> HangWatch {
        if let watch { return watch }
        let (records, log, limit, saveState) = (records, log, hangLimit, saveState)
        let made = HangWatch(limit: hangLimit) { call in
            let reason = "\(call.function) for tab \(call.tab) did not return within \(limit.milliseconds) ms"
            let failures = call.fingerprint.map { records.recordFailure($0, reason: reason) }
            let count = failures.map { "; failure \($0) of \(Self.failureLimit) before the plugin is disabled" } ?? ""
            log.error("plugin \(call.plugin): \(reason); exiting so that the service restarts\(count)")
            // STATE-4: the loop thread is stuck inside the plugin, so what it acknowledged is
            // written from here; the writer was handed each change before its reply.
            if let failure = saveState() { log.error("cannot save state before exiting: \(failure)") }
            _exit(Self.failureExitStatus)
        }
        watch = made
        return made
    }
}

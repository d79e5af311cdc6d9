import DaemonBase
import Glibc
import Loop

/// The daemon's guard against plugins that crash or hang, used by `PluginHost.load` before
/// it loads a module into the daemon:
///
/// - a module file or manifest not seen before (by path, size and mtime) is probed first in
///   a child process (`PluginTrial`), on a thread of its own so that no caller waits for it;
///   a plugin that fails is skipped, and the outcome, good or bad, is remembered in
///   `plugins.state` for both files, so that an unchanged pair is not probed again;
/// - every plugin call is watched (`HangWatch`); a call that outlives the hang limit is
///   recorded as a failure of that file, the acknowledged state is saved, and the daemon
///   exits with `failureExitStatus`, for systemd to restart it with its state restored;
/// - a crash or an `exit()` while the daemon serves is recorded the same way against the
///   plugin to blame (`CrashGuard`), and the daemon ends with a failure status;
/// - a flood of host callbacks from a loaded plugin (`PluginCallbackAllowance`) is recorded the
///   same way, once per flood, and the daemon serves on;
/// - a file with `failureLimit` recorded failures is skipped until it is replaced or
///   touched, or its line is removed from `plugins.state`.
public final class PluginAdmission {
    /// The remembered outcomes.
    public let records: PluginRecords
    /// The program run as the probe child.
    let executable: String
    /// Arguments after `--probe-plugin FILE`, and a helper's first ones: the instance kind and
    /// the daemon's log level, which both children log at.
    let probeArguments: [String]
    /// Arguments a helper gets after the probe's: what it needs to confine itself (the state
    /// directory, `PluginConfinement`). A probe needs none: only a plugin that runs in the
    /// daemon is probed, and it runs there with the daemon's rights anyway.
    let helperArguments: [String]
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
    /// The daemon's loop, where the outcome of a probe is handed back.
    private let loop: EventLoop
    /// Where the probes' and the helpers' news goes, and what their plugins say in a helper:
    /// made here, as every probe and helper starts here; drained by the plugin tabs.
    package let news: PluginNewsQueue
    /// Saves the acknowledged state before a hang exit; nil when saved, else why not.
    private let saveState: @Sendable () -> FileError?
    private var watch: HangWatch?

    /// An admission remembering outcomes in `records`; probes run `executable` (this very
    /// program by default) with `probeArguments`, and end on `loop`; helpers get
    /// `helperArguments` after those. `saveState` runs on the hang watch's thread
    /// before a hang exit and writes what the loop thread acknowledged (STATE-4).
    public init(
        records: PluginRecords, log: Log, loop: EventLoop, hangLimit: Duration, probeArguments: [String],
        helperArguments: [String] = [], saveState: @escaping @Sendable () -> FileError?,
        executable: String = "/proc/self/exe", probeTimeout: Duration = .seconds(5), crashGuard: CrashGuard? = nil
    ) {
        self.records = records
        self.crashGuard = crashGuard
        self.log = log
        self.loop = loop
        news = PluginNewsQueue(loop: loop)
        self.saveState = saveState
        self.hangLimit = hangLimit
        self.probeArguments = probeArguments
        self.helperArguments = helperArguments
        self.executable = executable
        self.probeTimeout = probeTimeout
    }

    /// What `screen` decided about a module that passed every other check.
    enum Screening {
        /// Load it now: the outcome of its probe is remembered (or, without a fingerprint,
        /// nothing can be). The fingerprint failures are recorded under.
        case admitted(PluginFingerprint?)
        /// Probe it first (`probe`): the module or its manifest is new or changed.
        case probe(Probation)
    }

    /// The files a probe vouches for: the module, and the manifest whose tabs it renders.
    struct Probation: Sendable {
        /// The module file's fingerprint.
        let module: PluginFingerprint
        /// The manifest's fingerprint; nil when it cannot be taken (the module's record alone
        /// then decides).
        let manifest: PluginFingerprint?
    }

    /// Decides whether the module `file` of `manifest` may be loaded at once, or must be
    /// probed first; throws the reason when it must be skipped.
    func screen(_ file: CheckedFile, manifest: PluginManifest, trust: PluginTrust) throws(PluginRefusal) -> Screening {
        guard let module = PluginFingerprint(descriptor: file.descriptor, path: file.path) else {
            return .admitted(nil)
        }
        let probation = Probation(module: module, manifest: Self.fingerprint(of: manifest, trust: trust))
        return try Self.remembered(probation, in: records) ? .admitted(module) : .probe(probation)
    }

    /// Probes `manifest` in a child process on a thread of its own and remembers the outcome
    /// for both files of `probation`; `finished` then runs on the loop thread with the module's
    /// fingerprint, or the reason the plugin is skipped. The child probes `module`, the open
    /// file the daemon checked and loads when the probe passes, never the path again, in the
    /// daemon's environment. Only a plugin that runs in the daemon is probed, so the child
    /// gives up nothing: the plugin's code runs unconfined in the daemon once it passes. An
    /// isolated plugin is never probed (`screenIsolated`): no code of it runs anywhere but in
    /// its confined helper.
    func probe(
        _ manifest: PluginManifest, _ probation: Probation, module: CheckedFile,
        finished: @escaping (Result<PluginFingerprint, PluginRefusal>) -> Void
    ) {
        nonisolated(unsafe) let finished = finished // Run on the loop thread only.
        let (records, log, loop) = (records, log, loop)
        // The trial's own descriptor of the same open file: the host keeps `module` for the load.
        let handedOver = fcntl(module.descriptor, F_DUPFD_CLOEXEC, 0)
        guard handedOver >= 0 else {
            let reason = "cannot hand the module to the probe: \(String(cString: strerror(errno)))"
            loop.post { finished(.failure(.probeFailed(reason))) }
            return
        }
        PluginTrial.start(
            executable: executable, path: manifest.file, arguments: probeArguments, timeout: probeTimeout,
            module: handedOver
        ) { outcome in
            loop.post {
                let files = [probation.module] + (probation.manifest.map { [$0] } ?? [])
                switch outcome {
                case .passed:
                    // With --no-state there is no plugins.state: the outcome lasts only this run.
                    let kept = records.file == nil ? "" : "; remembered"
                    log.info(
                        "plugin \(manifest.name): \(probation.module.path) passed its probe in a child process\(kept)")
                    for file in files { records.remember(file, probed: true) }
                    finished(.success(probation.module))
                case .failed(let reason):
                    for file in files { records.remember(file, probed: false, reason: reason) }
                    finished(.failure(.probeFailed(reason)))
                }
            }
        }
    }

    /// Whether `records` vouch for both files of `probation`, so that the module loads without
    /// a probe; throws when they say it must be skipped. Failures while serving belong to the
    /// module: a changed manifest brings a new probe, but does not lift them.
    static func remembered(_ probation: Probation, in records: PluginRecords) throws(PluginRefusal) -> Bool {
        let module = records.record(for: probation.module)
        if let module, module.probed { try check(module, of: probation.module) }
        let manifest = probation.manifest.flatMap { records.record(for: $0) }
        guard let module, probation.manifest == nil || manifest != nil else { return false }
        try check(module, of: probation.module)
        if let fingerprint = probation.manifest, let manifest { try check(manifest, of: fingerprint) }
        return true
    }

    /// The fingerprint of `manifest`'s file, opened with the same checks as when it was read.
    static func fingerprint(of manifest: PluginManifest, trust: PluginTrust) -> PluginFingerprint? {
        let name = manifest.file.split(separator: "/").last.map(String.init) ?? manifest.file
        guard let file = try? CheckedFile.open(name, in: manifest.directory, trust: trust) else { return nil }
        return PluginFingerprint(descriptor: file.descriptor, path: file.path)
    }

    /// Throws when `record` says the file must be skipped without a new probe: its probe
    /// failed, or it hung the daemon `failureLimit` times.
    static func check(_ record: PluginRecord, of fingerprint: PluginFingerprint) throws(PluginRefusal) {
        if !record.probed {
            throw .probeFailed("\(record.reason) (remembered; replace or touch \(fingerprint.path) to probe it again)")
        }
        if record.failures >= failureLimit {
            throw .disabledAfterFailures(path: fingerprint.path, failures: record.failures, reason: record.reason)
        }
    }

    // MARK: Isolated plugins

    /// Checks the module `file` of a plugin that runs in a helper process of its own, without
    /// loading or probing it (the helper is its own guard): returns the fingerprint its helper's
    /// failures are recorded under, or throws when those failures disabled it. A failed probe of
    /// the same file does not keep it out: in a helper, a crash costs the plugin, not the daemon.
    func screenIsolated(_ file: CheckedFile) throws(PluginRefusal) -> PluginFingerprint? {
        guard let module = PluginFingerprint(descriptor: file.descriptor, path: file.path) else { return nil }
        if let record = records.record(for: module), record.failures >= Self.failureLimit {
            throw .disabledAfterFailures(path: module.path, failures: record.failures, reason: record.reason)
        }
        return module
    }

    /// The helper process of the isolated plugin of `manifest`: this very program in its
    /// plugin-host mode, with the probe's arguments (the instance kind, the log level),
    /// `helperArguments` and a clean environment (`PluginEnvironment`), its failures recorded
    /// under `fingerprint`, and the hang limit as the deadline of every call, so that a helper
    /// is given as long as a plugin in the daemon.
    func helper(for manifest: PluginManifest, fingerprint: PluginFingerprint?) -> PluginHelperProcess {
        let environment = ProcessEnvironment.current()
        return PluginHelperProcess(
            manifest: manifest, executable: executable, arguments: probeArguments + helperArguments,
            environment: PluginEnvironment.entries(from: environment), loop: loop, log: log, news: news,
            records: records, fingerprint: fingerprint, deadline: hangLimit,
            failureWindow: PluginHelperProcess.failureWindow(environment: environment))
    }

    /// What watches the module of `plugin`, from the file of `fingerprint`, from its load on:
    /// registered with the crash guard before `dlopen`, so that a crash in the module's
    /// constructors or entry point is the plugin's too; where its code lies is found once it
    /// is loaded (`PluginCallGuard.locate`).
    func callGuard(plugin: String, fingerprint: PluginFingerprint?) -> PluginCallGuard {
        let crashes = crashGuard?.register(plugin: plugin, fingerprint: fingerprint, code: nil)
        if crashGuard != nil && crashes == nil {
            log.warning("plugin \(plugin): the crash guard could not register it; a crash will not be blamed on it")
        }
        return PluginCallGuard(hangWatch: hangWatch(), crashes: crashes, fingerprint: fingerprint)
    }

    /// What a flood of host callbacks from the loaded plugin `plugin` does, on the flooding
    /// thread: on the loop thread, where every other outcome is recorded, it counts as a failure
    /// of the module file of `fingerprint`, as a hang does, and is logged once. Nothing is ended
    /// (the callbacks past the allowance are dropped), so, like a hang's, the failures disable
    /// the plugin at its next load: the next start.
    func floodCounter(plugin: String, fingerprint: PluginFingerprint?) -> @Sendable () -> Void {
        let (records, log, loop) = (records, log, loop)
        return {
            loop.post {
                let failures = fingerprint.map { records.recordFailure($0, reason: PluginCallbackAllowance.reason) }
                log.warning(PluginCallbackAllowance.floodLine(plugin: plugin, failures: failures))
            }
        }
    }

    /// The hang watch for loaded modules; its thread starts with the first module.
    private func hangWatch() -> HangWatch {
        if let watch { return watch }
        let (records, log, limit, saveState) = (records, log, hangLimit, saveState)
        let made = HangWatch(limit: hangLimit) { call in
            let reason =
                (call.tab.isEmpty ? call.function : "\(call.function) for tab \(call.tab)")
                + " did not return within \(limit.milliseconds) ms"
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

import DBus
import DaemonBase
import Glibc
import Loop
import TabModel
import TabbardBusContract
import TabbardPluginHost

extension Daemon {
    /// The normal run, in the order architecture.md fixes: configuration, plugins, catalog,
    /// restored state, objects on the bus, then the bus name, last, then `READY=1`. Returns
    /// the exit status: 0 after a clean stop that saved everything, 1 after a failed start, a
    /// stop that could not save, or the loss of the bus.
    static func serve(options: DaemonOptions, log: Log) -> Int32 {
        let notifier = ServiceNotifier()
        do {
            let loop = try EventLoop()
            // Before any plugin thread exists, so that every thread inherits the block. The
            // loop runs the handler, so the service it reaches exists by then.
            var stopRequested: () -> Void = {}
            var reloadRequested: () -> Void = {}
            let signals = try loop.watchSignals([SIGTERM, SIGINT, SIGHUP]) { signal in
                if signal == SIGHUP { reloadRequested() } else { stopRequested() }
            }
            guard let setup = try? Setup(options: options, log: log) else { return 1 }
            AdminGroupAgreement.report(setup, log: log)
            guard StateDirectoryLock.claim(for: setup, log: log) else { return 1 }
            // From the first plugin loaded until serving ends, a crash or an exit() is blamed
            // on a plugin and counted against it; then exiting is the daemon's own.
            let crashGuard = CrashGuard.install(records: pluginRecordsFile(setup), log: log)
            defer { crashGuard?.disarm() }
            var busLost = false
            let started = try start(setup, crashGuard: crashGuard, loop: loop, notifier: notifier, log: log) {
                log.error("lost the connection to the bus")
                busLost = true
                loop.stop()
            }
            guard let service = started else { return 1 }
            // Now, or once the last probe or helper started at start settles.
            service.announceReadyOnceSettled()
            let watchdog = try notifier.watchdogInterval.map { interval throws(LoopError) in
                try loop.schedule(after: interval, repeating: interval) { notifier.watchdog() }
            }
            stopRequested = { [unowned service] in
                log.notice("stopping")
                notifier.stopping()
                watchdog?.cancel()
                // STATE-4: nothing is acknowledged after this, so the save below covers all.
                service.stopTakingCalls()
                loop.stop()
            }
            reloadRequested = { [unowned service] in
                notifier.reloading()
                reload(service, options: options, log: log)
                notifier.ready(status: service.statusLine)
            }
            loop.run()
            signals.cancel()
            // Every stop ends here, once the loop has run what was posted to it: a signal,
            // or the bus gone (a hung plugin's exit never returns to the loop).
            let saved = service.stop()
            withExtendedLifetime(watchdog) {}
            return saved && !busLost ? 0 : 1
        } catch {
            log.error("cannot start: \(error)")
            return 1
        }
    }

    /// Builds everything and puts it on the bus; nil after logging why when the start fails.
    /// `busLost` runs on the loop thread if the connection to the bus is lost later.
    private static func start(
        _ setup: Setup, crashGuard: CrashGuard?, loop: EventLoop, notifier: ServiceNotifier, log: Log,
        busLost: @escaping () -> Void
    ) throws -> TabBarService? {
        let began = MonotonicInstant.now()
        // Before the plugins: a hung plugin's exit saves through the writer, which takes the
        // state from the model. Nothing is acknowledged until the model built below is served.
        let model = ServedModel(try TabController(catalog: []))
        let store =
            setup.options.persistsState
            ? StateStore(file: StateFile(directory: setup.stateDirectory), log: log) : nil
        let writer = try store.map { (store) throws(LoopError) in try StateWriter(store: store, model: model) }
        let plugins = PluginTabs(
            host: loadPlugins(setup, writer: writer, crashGuard: crashGuard, loop: loop, log: log), loop: loop, log: log
        )
        var controller: TabController
        do throws(TabError) {
            controller = try TabController(catalog: plugins.catalog, configuration: setup.configuration.controller)
        } catch {
            log.error("configuration \(setup.configurationFile): \(error.message)")
            return nil
        }
        for warning in controller.configurationWarnings { log.warning(warning) }
        if let store { restoreState(into: &controller, from: store, log: log) }
        model.serve(controller)
        let persistence = try writer.map { writer throws(LoopError) in
            try Persistence(
                writer: writer, flushInterval: .milliseconds(setup.configuration.flushIntervalMs),
                loop: loop, notifier: notifier, log: log)
        }

        let connection: Connection
        do {
            // Replies only from whom they were asked: the bus about credentials, the delegate
            // about a tap; a forged one is dropped and logged.
            connection = try Connection(
                setup.options.bus, onForeignReply: { log.warning("\($0)") }, onDisconnect: busLost)
        } catch {
            log.error("cannot connect to the bus: \(error.message)")
            return nil
        }
        connection.attach(to: loop)
        let service = TabBarService(
            model: model,
            objects: TabBarObjects(
                connection: connection, loop: loop,
                access: AccessPolicy(
                    enforced: setup.options.instance == .system, adminGroup: setup.configuration.adminGroup),
                version: version, log: log),
            plugins: plugins,
            gate: DelegateGate(connection: connection, log: log),
            sessionWatch: SessionWatch(
                connection: connection, loop: loop, log: log,
                idleTimeout: .seconds(setup.configuration.customizationTimeoutSeconds)),
            persistence: persistence, notifier: notifier, log: log)
        try service.start()

        let answer = try connection.requestName(BusNames.service, flags: .failIfTaken)
        guard answer.owns else {
            let owner = (try? connection.owner(of: BusNames.service)).flatMap { $0 } ?? "another connection"
            log.error("\(BusNames.service) is already owned by \(owner); is another tabbard running?")
            return nil
        }
        let elapsed = MonotonicInstant.now() - began
        log.notice(
            "serving \(BusNames.service) as \(connection.uniqueName): \(service.statusLine) (started in \(elapsed.milliseconds) ms)"
        )
        return service
    }

    /// The plugins of the configured directories, each new module file or manifest tried in a
    /// child process first (its plugin loads on `loop` when it passes) and the outcome
    /// remembered in the state directory, where `crashGuard`
    /// counts crashes too; a hang exit saves what `writer` holds.
    private static func loadPlugins(
        _ setup: Setup, writer: StateWriter?, crashGuard: CrashGuard?, loop: EventLoop, log: Log
    ) -> PluginHost {
        let records = PluginRecords(file: pluginRecordsFile(setup), log: log, crashGuard: crashGuard)
        let admission = PluginAdmission(
            records: records, log: log, loop: loop, hangLimit: HangWatch.limit(environment: setup.environment),
            // A probe and a helper alike log at the daemon's level, since their lines (the
            // plugin's among them) go to the daemon's log.
            probeArguments: [
                "--instance", setup.options.instance == .system ? "system" : "session",
                "--log-level", setup.options.logLevel.name,
            ],
            // A helper keeps its plugin from writing the state directory (PluginConfinement).
            helperArguments: setup.options.persistsState ? ["--state-dir", setup.stateDirectory] : [],
            saveState: { writer?.writeHeldNow() }, crashGuard: crashGuard)
        let host = PluginHost(
            trust: setup.trust, log: log, admission: admission, defaultIsolation: .default(for: setup.trust))
        if setup.options.persistsState {
            let file = StateFile(directory: setup.stateDirectory, name: PluginBuildsLoaded.fileName)
            host.buildsLoaded = PluginBuildsLoaded(file: file, log: log)
        }
        host.load(
            directories: setup.pluginDirectories, enabled: setup.configuration.plugins.map(Set.init),
            settings: setup.configuration.pluginSettings)
        return host
    }

    /// Where plugin outcomes are remembered: `plugins.state` in the state directory; nil with
    /// `--no-state`.
    private static func pluginRecordsFile(_ setup: Setup) -> StateFile? {
        setup.options.persistsState ? StateFile(directory: setup.stateDirectory, name: PluginRecords.fileName) : nil
    }

    /// Restores the state saved in `store` into `controller` (STATE-3).
    private static func restoreState(into controller: inout TabController, from store: StateStore, log: Log) {
        guard let snapshot = store.load() else { return }
        do {
            let outcome = try controller.restore(snapshot)
            for note in outcome.notes { log.notice(note) }
        } catch {
            log.warning("state in \(store.file.directory) not restored: \(error.message)")
        }
    }

    /// SIGHUP: the configuration read again; one that no longer parses is logged and the
    /// running one kept.
    private static func reload(_ service: TabBarService, options: DaemonOptions, log: Log) {
        guard let setup = try? Setup(options: options, log: log) else {
            log.warning("reload: the configuration has errors; keeping the running one")
            return
        }
        // The policy files may have changed too, or admin_group: said again on each reload,
        // before the line that ends it.
        AdminGroupAgreement.report(setup, log: log)
        service.reload(setup.configuration, pluginDirectories: setup.pluginDirectories)
    }
}

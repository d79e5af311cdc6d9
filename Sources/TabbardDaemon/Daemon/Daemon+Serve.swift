import DBus
import Glibc
import Loop
import TabModel

extension Daemon {
    /// The normal run, in the order architecture.md fixes: configuration, plugins, catalog,
    /// restored state, objects on the bus, then the bus name, last, then `READY=1`. Returns
    /// the exit status after a clean stop (0) or a failed start (1).
    static func serve(options: DaemonOptions, log: Log) -> Int32 {
        let notifier = ServiceNotifier()
        let loop: EventLoop
        let signals: LoopSource
        do {
            loop = try EventLoop()
            // Before any plugin thread exists, so that every thread inherits the block.
            var stopRequested: () -> Void = {}
            var reloadRequested: () -> Void = {}
            signals = try loop.watchSignals([SIGTERM, SIGINT, SIGHUP]) { signal in
                if signal == SIGHUP { reloadRequested() } else { stopRequested() }
            }
            guard let setup = try? Setup(options: options, log: log) else { return 1 }
            guard let service = try start(setup, loop: loop, log: log, notifier: notifier) else { return 1 }
            stopRequested = { [unowned service] in
                log.notice("stopping")
                notifier.stopping()
                service.stop()
                loop.stop()
            }
            reloadRequested = { [unowned service] in
                notifier.reloading()
                service.reload(Self.reloadSetup(options: options, log: log))
                notifier.ready(status: service.statusLine)
            }
            loop.run()
            signals.cancel()
            withExtendedLifetime(service) {}
        } catch {
            log.error("cannot start: \(error)")
            return 1
        }
        return 0
    }

    /// Builds everything and puts it on the bus; nil after logging why when the start fails.
    private static func start(_ setup: Setup, loop: EventLoop, log: Log, notifier: ServiceNotifier) throws -> TabBarService? {
        let began = ContinuousClock.now
        let relay = PluginEventRelay(loop: loop)
        let records = PluginRecords(file: setup.options.persistsState
                                    ? StateFile(directory: setup.stateDirectory, name: PluginRecords.fileName) : nil)
        let admission = PluginAdmission(
            records: records, log: log, hangLimit: HangWatch.limit(environment: setup.environment),
            probeArguments: ["--instance", setup.options.instance == .system ? "system" : "session"])
        let plugins = PluginHost(trust: setup.trust, log: log, admission: admission, sink: relay.sink)
        _ = plugins.load(directories: setup.pluginDirectories, enabled: setup.configuration.plugins.map(Set.init))
        let catalog = plugins.catalog.map { $0.tab.definition(plugin: $0.plugin.name) }

        var controller: TabController
        do {
            controller = try TabController(catalog: catalog, configuration: setup.configuration.controller)
        } catch {
            log.error("configuration \(setup.configurationFile): \(error.message)")
            return nil
        }
        for warning in controller.configurationWarnings { log.warning(warning) }

        var persistence: Persistence?
        if setup.options.persistsState {
            let store = StateStore(file: StateFile(directory: setup.stateDirectory), log: log)
            if let snapshot = store.load() {
                do {
                    let outcome = try controller.restore(snapshot)
                    for note in outcome.notes { log.notice(note) }
                } catch {
                    log.warning("state in \(setup.stateDirectory) not restored: \(error.message)")
                }
            }
            persistence = try Persistence(store: store, flushInterval: .milliseconds(setup.configuration.flushIntervalMs),
                                          loop: loop, log: log)
        }

        let connection: Connection
        do {
            connection = try Connection(setup.options.bus)
        } catch {
            log.error("cannot connect to the bus: \(error.message)")
            return nil
        }
        connection.attach(to: loop)
        let access = AccessPolicy(enforced: setup.options.instance == .system, adminGroup: setup.configuration.adminGroup)
        let service = TabBarService(
            connection: connection, loop: loop, log: log, access: access, version: version, controller: controller,
            plugins: plugins, persistence: persistence,
            customizationTimeout: .seconds(setup.configuration.customizationTimeoutSeconds))
        persistence?.snapshot = { [unowned service] in service.controller.snapshot() }
        relay.service = service
        service.applyQueuedPluginEvents = { [weak relay] in relay?.drain() }
        try service.exportObjects()
        service.startPlugins()
        service.enforceAccess()
        connection.onDisconnect = {
            log.error("lost the connection to the bus")
            service.stop()
            loop.stop()
        }

        let answer = try connection.requestName(BusNames.service, flags: .failIfTaken)
        guard answer.owns else {
            let owner = (try? connection.owner(of: BusNames.service)).flatMap { $0 } ?? "another connection"
            log.error("\(BusNames.service) is already owned by \(owner); is another tabbard running?")
            return nil
        }
        let elapsed = ContinuousClock.now - began
        log.notice("serving \(BusNames.service) as \(connection.uniqueName): \(service.statusLine) (started in \(elapsed.milliseconds) ms)")
        notifier.ready(status: service.statusLine)
        if let interval = notifier.watchdogInterval {
            service.watchdog = try loop.schedule(after: interval, repeating: interval) { notifier.watchdog() }
        }
        return service
    }

    private static func reloadSetup(options: DaemonOptions, log: Log) -> Setup? {
        try? Setup(options: options, log: log)
    }
}

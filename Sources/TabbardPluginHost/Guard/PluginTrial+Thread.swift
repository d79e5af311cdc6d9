import Glibc

extension PluginTrial {
    /// Runs `run(executable:path:arguments:timeout:module:)` on a thread of its own and hands
    /// the outcome to `finished` on that thread: a probe that takes its whole timeout (a module
    /// that hangs while it initialises) keeps no caller of the daemon waiting. `module`, when
    /// given, is a descriptor the trial owns: it is closed once the child has ended.
    static func start(
        executable: String, path: String, arguments: [String], timeout: Duration, module: Int32? = nil,
        finished: @escaping @Sendable (Outcome) -> Void
    ) {
        let work: @Sendable () -> Void = {
            defer { if let module { close(module) } }
            finished(run(executable: executable, path: path, arguments: arguments, timeout: timeout, module: module))
        }
        // The thread owns the closure until it has run it.
        let context = Unmanaged.passRetained(Box(work)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
                box.work()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            if let module { close(module) }
            finished(.failed("cannot start a thread for the probe: \(String(cString: strerror(created)))"))
            return
        }
        pthread_detach(thread)
    }

    /// The work handed to the probe's thread.
    private final class Box: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }
}

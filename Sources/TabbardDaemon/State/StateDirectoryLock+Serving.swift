import DaemonBase
import Glibc

extension StateDirectoryLock {
    /// Takes the lock for `tabbard` serving with `setup`, before anything in the state
    /// directory is read, and keeps it until the process ends; with `--no-state` there is
    /// nothing to lock. Returns false, after logging why, when the daemon must not start: the
    /// directory is another daemon's, or the lock fails unexpectedly. A directory this process
    /// cannot write is only a warning: nothing can be saved there by anyone, and every save
    /// reports its own failure.
    static func claim(for setup: Setup, log: Log) -> Bool {
        guard setup.options.persistsState else { return true }
        let bus =
            switch setup.options.bus {
            case .session: "session"
            case .system: "system"
            case .address(let address): address
            }
        do {
            // Never released: the descriptor closes when the process ends.
            _ = try StateDirectoryLock(directory: setup.stateDirectory, bus: bus, log: log)
            return true
        } catch .failed(let error) where error.errno == EROFS || error.errno == EACCES || error.errno == EPERM {
            log.warning("\(Refusal.failed(error)); running without it")
            return true
        } catch {
            log.error("\(error); not starting")
            return false
        }
    }
}

import Foundation

/// A process's resident memory (VmRSS), sampled every 20 ms on a thread of its own from the
/// moment it is made until `stop()`: the first sample and the largest.
final class ResidentMemory: @unchecked Sendable {
    /// What was seen, in KiB.
    struct Figures {
        let first: Int
        let peak: Int
        let samples: Int
    }

    private let pid: pid_t
    private let lock = NSLock()
    private var figures: Figures?
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts sampling `pid`.
    init(pid: pid_t) {
        self.pid = pid
        Thread.detachNewThread { [self] in
            while !lock.withLock({ stopped }) {
                if let resident = Self.resident(of: pid) {
                    lock.withLock {
                        let seen = figures ?? Figures(first: resident, peak: resident, samples: 0)
                        figures = Figures(first: seen.first, peak: max(seen.peak, resident), samples: seen.samples + 1)
                    }
                }
                usleep(20_000)
            }
            done.signal()
        }
    }

    /// Stops sampling; the figures so far (zero if the process was never seen).
    func stop() -> Figures {
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { figures } ?? Figures(first: 0, peak: 0, samples: 0)
    }

    /// Resident pages of `pid` (the second field of `/proc/PID/statm`) in KiB.
    private static func resident(of pid: pid_t) -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }
}

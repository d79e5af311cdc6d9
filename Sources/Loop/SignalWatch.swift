import CLinuxEvents
import Glibc

extension EventLoop {
    /// Delivers the process signals `signals` (SIGTERM, SIGHUP…) to `handler` on the loop
    /// thread, through a signalfd, instead of interrupting whatever thread they hit.
    ///
    /// The signals are blocked in the calling thread; call this from the main thread before
    /// any other thread starts, so that every thread inherits the block and the signals wait
    /// for the descriptor. Meant to be called once per process: cancelling the returned source
    /// stops the delivery, but the signals stay blocked and the descriptor open.
    public func watchSignals(_ signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(LoopError) -> LoopSource {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        let blocked = pthread_sigmask(SIG_BLOCK, &mask, nil)
        guard blocked == 0 else { throw LoopError("pthread_sigmask", code: blocked) }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw LoopError("signalfd") }
        do {
            return try addReader(fd: fd) {
                var info = signalfd_siginfo()
                while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                    handler(Int32(info.ssi_signo))
                }
            }
        } catch {
            close(fd)
            throw error
        }
    }
}

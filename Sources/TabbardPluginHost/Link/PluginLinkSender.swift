import Glibc
import Synchronization

/// The helper's sending end of the link: whole frames, one at a time, from any thread (the
/// helper's own for replies, the plugin's for its host callbacks). A send waits while the
/// daemon has not read what was sent before, which holds back only the plugin's own thread.
final class PluginLinkSender: Sendable {
    private let descriptor: Int32
    /// Held for the whole of a frame, so that frames from different threads never interleave.
    private let sending = Mutex(())

    /// A sender on the connected stream socket `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends `message`; false once the daemon's end is closed (the daemon ended the link).
    @discardableResult
    func send(_ message: PluginLinkMessage) -> Bool {
        let frame = message.frame
        return sending.withLock { _ in
            frame.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    // MSG_NOSIGNAL: a closed link is an answer here, not a SIGPIPE.
                    let sent = Glibc.send(
                        descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    if sent < 0 && errno == EINTR { continue }
                    guard sent > 0 else { return false }
                    offset += sent
                }
                return true
            }
        }
    }
}

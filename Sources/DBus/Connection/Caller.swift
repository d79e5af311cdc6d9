import CDBus
import Loop

/// One sender's share of a connection's work (docs/reliability.md, Fair dispatch): its calls
/// waiting their turn, and the bytes of replies sent to it that it has not been seen to read.
final class Caller {
    /// What the caller's Unix user makes of it, once known.
    enum Standing {
        /// Its user id is being asked of the bus: its calls wait.
        case identifying
        /// May call privileged members: served first, its replies never limited.
        case privileged
        /// Anyone else: served after the privileged, within its share.
        case unprivileged
    }

    /// The caller's unique bus name.
    let name: String
    var standing: Standing
    /// Its Unix user id, once known (nil while identifying, or with no authorizer).
    var uid: UInt32?
    /// Calls not yet run, each ref'd, with its estimated size, in arrival order.
    private var calls = ArrivalQueue<(message: OpaquePointer, size: Int)>()
    /// The estimated size of the calls waiting.
    private(set) var queuedBytes = 0
    /// Bytes of replies and errors sent to the caller and not yet confirmed read.
    var unconfirmedBytes = 0
    /// The `Peer.Ping` in flight, confirming `pingCovers` bytes when answered.
    var ping: PendingCall?
    var pingCovers = 0
    /// A Ping that failed is sent again later, not at once.
    var pingRetry: LoopTimer?
    /// Whether the caller is in one of the round-robin lists.
    var isListed = false
    /// Whether a Ping went unanswered while the caller was past its unread share: then its
    /// calls are refused at once, not held for an answer that may never come, until it
    /// answers one (a client that never dispatches what it receives never does).
    var isUnresponsive = false

    init(name: String, standing: Standing) {
        self.name = name
        self.standing = standing
    }

    /// How many calls wait.
    var queuedCount: Int { calls.count }

    /// Keeps `message` (a reference taken) until its turn.
    func enqueue(_ message: OpaquePointer, size: Int) {
        dbus_message_ref(message)
        calls.append((message, size))
        queuedBytes += size
    }

    /// The oldest waiting call, whose reference passes to the caller of this.
    func dequeue() -> (message: OpaquePointer, size: Int)? {
        guard let call = calls.popFirst() else { return nil }
        queuedBytes -= call.size
        return call
    }

    /// Drops every waiting call unanswered, and stops confirming; returns their bytes.
    func drop() -> Int {
        let bytes = queuedBytes
        while let call = dequeue() { dbus_message_unref(call.message) }
        ping?.cancel()
        ping = nil
        pingRetry = nil
        return bytes
    }
}

/// Callers taking turns: each is served one call, then goes to the back.
typealias RoundRobin = ArrivalQueue<Caller>

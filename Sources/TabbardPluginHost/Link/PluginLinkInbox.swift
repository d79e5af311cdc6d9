/// Cuts what arrives on one end of a link (a stream socket) into messages. A frame that
/// declares more than `PluginLinkMessage.maximumPayload` is refused as soon as its length has
/// arrived, before any of its payload is kept, so what a helper sends costs the daemon at most
/// one frame and one read of memory. After a refusal the stream has no message boundary left
/// to trust: the link is ended, never read on.
struct PluginLinkInbox {
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`; bytes before it are consumed.
    private var start = 0

    /// An inbox holding nothing.
    init() {}

    /// Adds bytes read from the link, in the order read.
    mutating func append(_ bytes: some Collection<UInt8>) {
        // Consumed bytes are dropped once they are the larger part, so appending stays linear.
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Whether part of a frame has arrived and waits for the rest.
    var holdsPartialFrame: Bool { start < buffer.count }

    /// The next complete message, or nil until its last byte has arrived.
    mutating func next() throws(PluginLinkError) -> PluginLinkMessage? {
        guard buffer.count - start >= 4 else { return nil }
        var length = 0
        for index in 0..<4 { length |= Int(buffer[start + index]) << (8 * index) }
        guard length <= PluginLinkMessage.maximumPayload else { throw .oversized(length) }
        guard buffer.count - start - 4 >= length else { return nil }
        let payload = buffer[(start + 4)..<(start + 4 + length)]
        start += 4 + length
        return try PluginLinkMessage(payload: payload)
    }
}

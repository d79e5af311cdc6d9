import DBus
import Foundation
import TabbardTestSupport

/// A library connection to the private bus, running on its own loop thread, for tests that
/// use the library as a client.
final class Client: @unchecked Sendable {
    let thread: LoopThread
    private final class Holder: @unchecked Sendable {
        var connection: Connection?
        var keep: [AnyObject] = []
    }
    private let holder = Holder()

    /// A client whose foreign replies, if any, go to `onForeignReply`.
    init(address: String, onForeignReply: (@Sendable (ForeignReply) -> Void)? = nil) throws {
        thread = try LoopThread()
        let holder = holder
        let loop = thread.loop
        try thread.sync {
            let connection = try Connection(.address(address), onForeignReply: onForeignReply)
            connection.attach(to: loop)
            holder.connection = connection
        }
    }

    /// Runs `body` with the connection on the loop thread.
    func run<T>(_ body: @escaping (Connection) throws -> T) throws -> T {
        let holder = holder
        return try thread.sync { try body(holder.connection!) }
    }

    /// Keeps `object` (a subscription, a pending call) alive until the client goes.
    func keep(_ object: AnyObject) {
        holder.keep.append(object)
    }

    /// Closes the connection, as a client that leaves the bus.
    func leave() throws {
        let holder = holder
        try thread.sync {
            holder.keep.removeAll()
            holder.connection?.close()
            holder.connection = nil
        }
    }

    deinit {
        let holder = holder
        _ = try? thread.sync {
            holder.keep.removeAll()
            holder.connection = nil
        }
        thread.stop()
    }
}

extension Result where Failure == DBusError {
    /// The error name of a failure, for compact test output.
    var failureName: String? {
        if case .failure(let error) = self { return error.name }
        return nil
    }
}

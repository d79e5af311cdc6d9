import AllocationCounter
import DBus
import Glibc
import Loop

/// Target (a): the echo object built on the library, the same interface as the C baseline.
enum EchoService {
    static let interface = "org.example.Bench1"

    /// Serves on `address` as `name` until killed.
    static func serve(address: String, name: String) throws -> Never {
        let loop = try EventLoop()
        let connection = try Connection(.address(address))
        connection.attach(to: loop)
        try connection.export(
            "/bench",
            interfaces: [
                Interface(
                    interface,
                    methods: [
                        .init("Echo", inputs: [Argument("text", "s")], outputs: [Argument("text", "s")]) { call in
                            let text = try call.decode(String.self)
                            return try call.reply(text)
                        },
                        .init(
                            "EchoMixed",
                            inputs: [
                                Argument("s", "s"), Argument("i", "i"), Argument("u", "u"), Argument("b", "b"),
                                Argument("t", "t"), Argument("as", "as"),
                            ],
                            outputs: [
                                Argument("s", "s"), Argument("i", "i"), Argument("u", "u"), Argument("b", "b"),
                                Argument("t", "t"), Argument("as", "as"),
                            ]
                        ) { call in
                            let (s, i, u, b, t, strings) = try call.decode(
                                String.self, Int32.self, UInt32.self, Bool.self, UInt64.self, [String].self)
                            return try call.reply(s, i, u, b, t, strings)
                        },
                        .init("Allocations", outputs: [Argument("count", "t")]) { call in
                            try call.reply(allocation_count())
                        },
                    ])
            ])
        guard try connection.requestName(name, flags: .failIfTaken) == .primaryOwner else {
            throw DBusError.failed("cannot own \(name)")
        }
        loop.run()
        exit(0)
    }
}

import DBus
import Loop

/// `daemon-bench serve-delegate ADDRESS`: a delegate that allows every tap at once, so that
/// `Tap` with a delegate costs exactly the extra round trip. Runs until killed.
enum AlwaysAllowDelegate {
    static func serve(address: String) throws {
        let loop = try EventLoop()
        let connection = try Connection(.address(address))
        connection.attach(to: loop)
        let interface = Interface(
            "org.tabbard.TabBar1.Delegate",
            methods: [
                Interface.Method("ShouldSelect", inputs: [Argument("item", "s")], outputs: [Argument("allow", "b")]) {
                    call in
                    try call.reply(true)
                },
                Interface.Method("Release") { call in try call.reply() },
            ])
        try connection.export("/bench/delegate", interfaces: [interface])
        _ = try connection.call(
            destination: "org.tabbard.TabBar1", path: "/org/tabbard/TabBar1", interface: "org.tabbard.TabBar1",
            method: "RegisterDelegate", ObjectPath("/bench/delegate"))
        loop.run()
    }
}

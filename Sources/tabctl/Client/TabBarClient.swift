import DBus
import TabbardBusContract

/// The daemon as `tabctl` reaches it: one connection to the chosen bus and blocking calls to
/// the controller, each bounded by `--timeout`. Every failure comes out as a `CommandFailure`
/// with the exit status the contract gives it.
final class TabBarClient {
    /// The connection; long-running commands attach it to their loop.
    let connection: Connection
    /// How long each call waits for its reply.
    let timeout: Duration

    /// Connects to `bus`; any failure to get there means the daemon is unreachable.
    init(bus: Connection.Bus, timeoutMs: Int32) throws(CommandFailure) {
        do {
            connection = try Connection(bus)
        } catch {
            throw .unreachable(error)
        }
        timeout = .milliseconds(Int(timeoutMs))
    }

    /// Calls `method` of the controller interface and returns the reply.
    @discardableResult
    func call<each T: DBusEncodable>(_ method: ControllerMethodName, _ arguments: repeat each T) throws(CommandFailure)
        -> Message
    {
        try call(
            path: BusNames.controller.rawValue, interface: BusNames.controllerInterface, method.rawValue,
            repeat each arguments)
    }

    /// Calls `method` of `interface` on the daemon's object at `path`.
    @discardableResult
    func call<each T: DBusEncodable>(
        path: String, interface: String, _ method: String, _ arguments: repeat each T
    ) throws(CommandFailure) -> Message {
        do {
            return try connection.call(
                destination: BusNames.service, path: path, interface: interface, method: method,
                repeat each arguments, timeout: timeout)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Decodes a reply, turning a body of unexpected types into a failure naming the method.
    func decode<each T: DBusDecodable>(
        _ reply: Message, as types: repeat (each T).Type
    ) throws(CommandFailure) -> (repeat each T) {
        do {
            return try reply.decode(repeat (each T).self)
        } catch {
            throw CommandFailure(error)
        }
    }

    // MARK: - Properties

    /// One controller property (`Properties.Get`), by the name a person typed.
    func property(_ name: String) throws(CommandFailure) -> DBusValue {
        let reply = try call(
            path: BusNames.controller.rawValue, interface: BusNames.propertiesInterface, "Get",
            BusNames.controllerInterface, name)
        return try decode(reply, as: Variant.self).value.unwrapped
    }

    /// Every controller property (`Properties.GetAll`).
    func controllerProperties() throws(CommandFailure) -> PropertyValues {
        try properties(at: BusNames.controller.rawValue, interface: BusNames.controllerInterface)
    }

    /// Every property of `interface` on the daemon's object at `path` (`Properties.GetAll`).
    func properties(at path: String, interface: String) throws(CommandFailure) -> PropertyValues {
        let reply = try call(path: path, interface: BusNames.propertiesInterface, "GetAll", interface)
        return PropertyValues(try decode(reply, as: [String: Variant].self))
    }

    /// One controller property (`Properties.Get`).
    func property(_ name: ControllerPropertyName) throws(CommandFailure) -> DBusValue {
        try property(name.rawValue)
    }

    /// Sets one controller property (`Properties.Set`).
    func setProperty(_ name: ControllerPropertyName, _ value: DBusValue) throws(CommandFailure) {
        try setProperty(name.rawValue, value, at: BusNames.controller.rawValue, interface: BusNames.controllerInterface)
    }

    /// Sets the property `name` of `interface` on the daemon's object at `path` (`Properties.Set`).
    func setProperty(_ name: String, _ value: DBusValue, at path: String, interface: String) throws(CommandFailure) {
        try call(path: path, interface: BusNames.propertiesInterface, "Set", interface, name, Variant(value))
    }

    /// The properties of every object that has `interface`, by path, from one
    /// `GetManagedObjects` call.
    func managedObjects(with interface: String) throws(CommandFailure) -> [ObjectPath: PropertyValues] {
        let reply = try call(
            path: BusNames.controller.rawValue, interface: BusNames.objectManagerInterface,
            "GetManagedObjects")
        let objects = try decode(reply, as: [ObjectPath: [String: [String: Variant]]].self)
        return objects.compactMapValues { interfaces in interfaces[interface].map(PropertyValues.init) }
    }

    /// The properties of every catalog tab, by tab id, in one `GetManagedObjects` call.
    func tabProperties() throws(CommandFailure) -> [String: PropertyValues] {
        var tabs: [String: PropertyValues] = [:]
        for values in try managedObjects(with: BusNames.tabInterface).values {
            tabs[values.string(TabPropertyName.id)] = values
        }
        return tabs
    }
}

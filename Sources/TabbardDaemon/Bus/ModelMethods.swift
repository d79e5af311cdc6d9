import DBus
import TabModel

/// Builds the methods of one interface table whose members answer from the model of
/// `service`, each documented from the interface file (`docs`, one of `InterfaceDocs`'s
/// tables). Every interface of the daemon builds its methods here, so that they decode,
/// check access, change the model, announce and reply the same way.
struct ModelMethods {
    /// The service whose model the methods read and change.
    let service: TabBarService
    /// The interface's documentation, members by name.
    let docs: [String: String]

    /// A method documented from the interface file; `unprivileged` for the ones that only
    /// read, open to every caller (dbus-api.md, Access; SBAR-8).
    func method(
        _ name: String, _ inputs: [Argument] = [], _ outputs: [Argument] = [], unprivileged: Bool = false,
        handler: @escaping MethodHandler
    ) -> Interface.Method {
        Interface.Method(
            name, inputs: inputs, outputs: outputs, doc: docs[name], unprivileged: unprivileged, handler: handler)
    }

    /// A method that is one model operation: decodes its arguments (`inputs`, each a name and
    /// a type), runs `operation` on the model with them and the caller's unique bus name,
    /// refused with `StateNotSaved` and undone when its structural change cannot be written,
    /// and replies empty, in the order of the request pipeline (`RequestPipeline.carryOut`). A
    /// model error becomes the D-Bus error of the contract; nothing changed then (ERR-2).
    func change<each Input: DBusDecodable>(
        _ name: String, _ inputs: repeat (String, (each Input).Type),
        operation: @escaping (inout TabController, _ caller: String, repeat each Input) throws(TabError) -> TabEvents
    ) -> Interface.Method {
        changeMethod(name, repeat each inputs) { caller, values in
            .refusable { controller throws(TabError) in try operation(&controller, caller, repeat each values) }
        }
    }

    /// A method that is one of the model operations made in place (`ModelChange`: selection,
    /// badges), built by `change` from its decoded arguments; otherwise as `change` above.
    func inPlace<each Input: DBusDecodable>(
        _ name: String, _ inputs: repeat (String, (each Input).Type),
        change: @escaping (repeat each Input) -> ModelChange<Void>
    ) -> Interface.Method {
        changeMethod(name, repeat each inputs) { _, values in change(repeat each values) }
    }

    /// A method that decodes `inputs`, carries out the change `change` makes of them and the
    /// caller's unique bus name, and replies empty.
    private func changeMethod<each Input: DBusDecodable>(
        _ name: String, _ inputs: repeat (String, (each Input).Type),
        change: @escaping (_ caller: String, _ values: (repeat each Input)) -> ModelChange<Void>
    ) -> Interface.Method {
        var arguments: [Argument] = []
        for (argument, type) in repeat each inputs { arguments.append(Argument(argument, type.dbusSignature)) }
        return method(name, arguments) { [unowned service] call in
            let values = try call.decode(repeat (each Input).self)
            return try service.carryOut(change(call.sender, (repeat each values))) { _ throws(DBusError) in
                try call.reply()
            }
        }
    }

    /// A method that answers `BarLocked`, whatever its arguments: a changing member of the
    /// controller's own bar (BAR-1). It keeps `member`'s name, arguments and documentation.
    static func locked(_ member: Interface.Method) -> Interface.Method {
        let name = member.name
        return Interface.Method(name, inputs: member.inputs, outputs: member.outputs, annotations: member.annotations) {
            _ in
            throw ServiceError.barLocked(name).dbusError
        }
    }
}

/// One D-Bus interface of an exported object: its methods, signals and properties, with the
/// names, signatures and doc comments that `Introspect` publishes. The same table drives
/// dispatch, `Properties`, `ObjectManager` and introspection, so they cannot disagree.
public struct Interface {
    /// The interface name, e.g. `org.example.Thing1`.
    public var name: String
    /// The methods callers may invoke.
    public var methods: [Method]
    /// The signals the object may emit (declared for introspection).
    public var signals: [Signal]
    /// The properties reachable through `org.freedesktop.DBus.Properties`.
    public var properties: [Property]
    /// Extra annotations on the interface; `doc` adds `org.gtk.GDBus.DocString`.
    public var annotations: [Annotation]
    /// Reads every property by its position in `properties`, in place of the properties' own
    /// getters; nil to use those. For objects of one kind that are many and differ only in
    /// whose values they read (a tab per catalog entry): they can then share one array of
    /// properties, and each adds one closure instead of a getter per property.
    public var propertyReader: PropertyReader?

    /// Writes the current value of the property at a position in `properties`.
    public typealias PropertyReader = (_ index: Int, _ writer: inout MessageWriter) throws(DBusError) -> Void

    /// An interface table; every name is validated when the object is exported.
    public init(
        _ name: String, doc: String? = nil, methods: [Method] = [], signals: [Signal] = [],
        properties: [Property] = [], annotations: [Annotation] = [], propertyReader: PropertyReader? = nil
    ) {
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
        self.annotations = Annotation.withDoc(doc, annotations)
        self.propertyReader = propertyReader
    }

    /// Writes the current value of the property at `index` in `properties`: through
    /// `propertyReader` when there is one, else through the property's getter.
    func readProperty(_ index: Int, into writer: inout MessageWriter) throws(DBusError) {
        if let propertyReader {
            try propertyReader(index, &writer)
        } else {
            try properties[index].getter(&writer)
        }
    }
}

/// A named, typed argument of a method or signal (`tab_id`, `s`).
public struct Argument: Sendable, Equatable {
    /// The argument's name, `lowercase_with_underscores` by convention.
    public var name: String
    /// The argument's single complete type.
    public var signature: String

    /// An argument called `name` of type `signature`.
    public init(_ name: String, _ signature: String) {
        self.name = name
        self.signature = signature
    }
}

/// An introspection annotation (`org.freedesktop.DBus.Deprecated` = `true`).
public struct Annotation: Sendable, Equatable {
    /// The annotation's name.
    public var name: String
    /// Its value.
    public var value: String

    /// An annotation `name` = `value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// The annotation name GDBus and gdbus-codegen read doc comments from.
    public static let docStringName = "org.gtk.GDBus.DocString"

    static func withDoc(_ doc: String?, _ others: [Annotation]) -> [Annotation] {
        guard let doc else { return others }
        return [Annotation(docStringName, doc)] + others
    }
}

extension Interface {
    /// A method: its arguments and the handler that answers it on the loop thread.
    public struct Method {
        /// The method name.
        public var name: String
        /// The input arguments, in order.
        public var inputs: [Argument]
        /// The output arguments, in order.
        public var outputs: [Argument]
        /// Annotations; `doc` adds `org.gtk.GDBus.DocString`.
        public var annotations: [Annotation]
        /// Whether any caller may call it, unasked: a method that only reads. Every other
        /// member is put to the connection's `authorizer` first (sd-bus vtables'
        /// `SD_BUS_VTABLE_UNPRIVILEGED`).
        public var unprivileged: Bool
        /// Answers a call. The body's signature has been checked against `inputs` before.
        public var handler: MethodHandler
        /// The input signature, concatenated once here so dispatch compares without building it.
        let inputSignature: String

        /// A method named `name`; `handler` runs for each call whose arguments match `inputs`.
        /// `unprivileged` opens it to every caller whatever the authorizer says.
        public init(
            _ name: String, inputs: [Argument] = [], outputs: [Argument] = [], doc: String? = nil,
            annotations: [Annotation] = [], unprivileged: Bool = false, handler: @escaping MethodHandler
        ) {
            self.name = name
            self.inputs = inputs
            self.outputs = outputs
            self.annotations = Annotation.withDoc(doc, annotations)
            self.unprivileged = unprivileged
            self.handler = handler
            self.inputSignature = inputs.map(\.signature).joined()
        }
    }

    /// A signal the object emits, declared for introspection; send it with `Connection.emit`.
    public struct Signal: Sendable {
        /// The signal name.
        public var name: String
        /// Its arguments.
        public var arguments: [Argument]
        /// Annotations; `doc` adds `org.gtk.GDBus.DocString`.
        public var annotations: [Annotation]

        /// A signal named `name` with `arguments`.
        public init(_ name: String, arguments: [Argument] = [], doc: String? = nil, annotations: [Annotation] = []) {
            self.name = name
            self.arguments = arguments
            self.annotations = Annotation.withDoc(doc, annotations)
        }
    }
}

/// Answers one method call: reply now (`call.reply(...)`), later (`call.deferReply { }`), or
/// throw a `DBusError` (any other error is sent as `org.freedesktop.DBus.Error.Failed`).
public typealias MethodHandler = (MethodCall) throws -> Replied

/// Proof that a call was answered or handed to a `DeferredReply`; handlers must return one,
/// so every call gets exactly one reply.
public struct Replied: Sendable {}

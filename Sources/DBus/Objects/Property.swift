extension Interface {
    /// A property: its type, access, change-signal mode, and accessors that read and write it
    /// straight from and to the message (no intermediate dynamic value on the typed path).
    public struct Property {
        /// Who may change the property through `Properties.Set`.
        public enum Access: String, Sendable {
            /// Read-only: `Set` answers `PropertyReadOnly`.
            case read
            /// Readable and writable.
            case readwrite
        }

        /// How changes are announced, the `org.freedesktop.DBus.Property.EmitsChangedSignal`
        /// annotation.
        public enum EmitsChanged: String, Sendable {
            /// `PropertiesChanged` carries the new value.
            case `true`
            /// `PropertiesChanged` lists the name as invalidated, without the value.
            case invalidates
            /// The value never changes; nothing is emitted.
            case const
            /// Changes are not announced.
            case `false`
        }

        /// Writes the current value (exactly one value of `signature`).
        public typealias Getter = (inout MessageWriter) throws(DBusError) -> Void
        /// Reads the new value from inside the `Set` call's variant (already checked to have
        /// type `signature`) and applies it. The call tells who is asking.
        public typealias Setter = (inout MessageReader, MethodCall) throws -> Void

        /// The property name.
        public var name: String
        /// Its single complete type.
        public var signature: String
        /// Read-only or read-write.
        public var access: Access
        /// How changes are announced.
        public var emitsChanged: EmitsChanged
        /// Annotations; `doc` adds `org.gtk.GDBus.DocString`.
        public var annotations: [Annotation]
        /// Writes the current value.
        public var getter: Getter
        /// Applies a new value; nil for read-only properties.
        public var setter: Setter?
        /// Whether any caller may `Set` it, unasked: the setter itself decides who may (as
        /// `Method.unprivileged`). Every other `Set` is put to the connection's `authorizer`.
        public var unprivilegedSetter: Bool

        /// A property from raw accessors. `setter` nil means read-only; `unprivilegedSetter`
        /// opens its `Set` to every caller whatever the authorizer says.
        public init(
            _ name: String, signature: String, emitsChanged: EmitsChanged = .true, doc: String? = nil,
            annotations: [Annotation] = [], getter: @escaping Getter, setter: Setter? = nil,
            unprivilegedSetter: Bool = false
        ) {
            self.unprivilegedSetter = unprivilegedSetter
            self.name = name
            self.signature = signature
            self.access = setter == nil ? .read : .readwrite
            self.emitsChanged = emitsChanged
            self.annotations = Annotation.withDoc(doc, annotations)
            self.getter = getter
            self.setter = setter
        }

        /// A read-only property of Swift type `T`.
        public static func read<T: DBusEncodable>(
            _ name: String, _ type: T.Type, emitsChanged: EmitsChanged = .true, doc: String? = nil,
            annotations: [Annotation] = [], get: @escaping () throws(DBusError) -> T
        ) -> Property {
            Property(
                name, signature: T.dbusSignature, emitsChanged: emitsChanged, doc: doc, annotations: annotations,
                getter: { (writer: inout MessageWriter) throws(DBusError) in try writer.append(try get()) })
        }

        /// A read-write property of Swift type `T`; `set` gets the decoded value and the call.
        public static func readWrite<T: DBusCodable>(
            _ name: String, _ type: T.Type, emitsChanged: EmitsChanged = .true, doc: String? = nil,
            annotations: [Annotation] = [], get: @escaping () throws(DBusError) -> T,
            set: @escaping (T, MethodCall) throws -> Void
        ) -> Property {
            Property(
                name, signature: T.dbusSignature, emitsChanged: emitsChanged, doc: doc, annotations: annotations,
                getter: { (writer: inout MessageWriter) throws(DBusError) in try writer.append(try get()) },
                setter: { reader, call in try set(try reader.read(T.self), call) })
        }
    }
}

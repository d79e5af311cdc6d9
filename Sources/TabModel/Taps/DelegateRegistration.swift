/// The registered delegate: the connection that registered it and the object it serves there.
/// The model keeps both as the daemon gave them; what makes a valid bus name or object path is
/// the wire's business, checked before a registration reaches the model.
public struct DelegateRegistration: Equatable, Hashable, Sendable {
    /// Unique bus name of the delegate's connection.
    public var owner: String
    /// Where the delegate lives on that connection.
    public var path: String

    /// A registration.
    public init(owner: String, path: String) {
        self.owner = owner
        self.path = path
    }

    /// The `Delegate` property value: `<owner> <path>`.
    public var propertyValue: String { "\(owner) \(path)" }
}

/// A value kept behind one reference, for the parts of `TabController` that change rarely and
/// are copied with it on every request: a copy of the controller (the state writer keeps one
/// per request) then retains this one object instead of every string and collection in the
/// value. Immutable: a change makes a new one.
final class SharedValue<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value.
    let value: Value

    /// `value`, behind a reference of its own.
    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: SharedValue, rhs: SharedValue) -> Bool {
        lhs === rhs || lhs.value == rhs.value
    }
}

/// The methods of `org.tabbard.TabBar1.Delegate`, which a delegate implements and the daemon
/// calls (TAP-3); a test holds them against the interface file
/// `dbus/org.tabbard.TabBar1.Delegate.xml`.
public enum DelegateMethodName: String, CaseIterable, Sendable {
    case shouldSelect = "ShouldSelect"
    case release = "Release"
}

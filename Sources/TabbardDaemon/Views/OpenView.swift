import DBus
import TabModel

/// One open view (VIEW-1): the connection that opened it and owns it (VIEW-4), its own
/// settings, whether it shows its More list (VIEW-3), and what it presents as last announced:
/// its properties are read from there, and a batch announces what differs from it (VIEW-5).
struct OpenView {
    /// `n` of `/org/tabbard/TabBar1/view/<n>`.
    let number: UInt64
    /// Its object path.
    let path: DBus.ObjectPath
    /// The opener's unique bus name.
    let owner: String
    /// The opener's user on the system instance, counted against its limit; nil where no
    /// user is limited (a session instance, root, the admin group).
    let limitedUser: UInt32?
    /// Its own settings; the rest follow the controller's.
    var settings: ViewSettings
    /// VIEW-3's `ShowingMore`.
    var showingMore: Bool
    /// Its presentation as last announced.
    var presented: Presentation
}

/// `tabctl`'s exit statuses, fixed by the command-line contract: scripts branch on them.
enum ExitStatus: Int32 {
    /// The command did what was asked.
    case success = 0
    /// The command line is wrong.
    case usage = 1
    /// No bus, or nobody owns `org.tabbard.TabBar1`.
    case unreachable = 2
    /// `Tap` answered false: the delegate vetoed.
    case vetoed = 3
    /// `NoSuchTab`, `NoSuchBar`, `NoSuchItem` or `IndexOutOfRange`: nothing by that name or
    /// at that place.
    case noSuchTab = 4
    /// Any other D-Bus error.
    case otherError = 5
}

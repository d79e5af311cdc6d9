/// A command line `tabctl` cannot act on; exit status 1.
struct UsageError: Error, Equatable {
    /// What is wrong, naming the argument.
    let message: String
    /// The command whose usage to show, when known.
    var command: String?
}

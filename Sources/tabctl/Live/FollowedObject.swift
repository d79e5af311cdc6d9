import TabbardBusContract

/// A daemon object as `follow` names it: its kind (`controller`, `bar`, `tab`, `item`, `view`,
/// or the path itself for any other) and the names that pick it out (`tab`; `bar`; `bar` and
/// `item`; `view`).
struct FollowedObject {
    /// The kind, or the path of an object of no known kind.
    let kind: String
    /// The names that pick the object out, as JSON keys and their values, in order.
    let names: [(String, String)]

    /// The object at `path`.
    init(path: String) {
        if let tab = BusNames.tabID(fromPath: path) {
            (kind, names) = ("tab", [("tab", tab)])
        } else if let bar = BusNames.barName(fromPath: path) {
            (kind, names) = ("bar", [("bar", bar)])
        } else if let view = BusNames.viewNumber(fromPath: path) {
            (kind, names) = ("view", [("view", String(view))])
        } else if let (bar, item) = BusNames.barItem(fromPath: path) {
            (kind, names) = ("item", [("bar", bar), ("item", item)])
        } else {
            (kind, names) = (
                path == BusNames.bar.rawValue ? "bar" : path == BusNames.controller.rawValue ? "controller" : path, []
            )
        }
    }
}

import DBus
import TabModel
import TabbardBusContract

/// The open views (VIEW-1): numbered from 1, a number never used twice while the daemon runs,
/// and bounded per connection, per user on the system instance and in all, so that no caller
/// exhausts the views of others. Views are not saved. Loop thread only.
final class OpenViews {
    /// At most this many views per connection.
    static let perConnection = 8
    /// At most this many views per user on the system instance, root and the admin group
    /// excepted.
    static let perUser = 16
    /// At most this many views in all.
    static let inAll = 256

    /// In opening order, which is the order of their numbers: found by binary search, and
    /// walked and changed in place by a refresh (VIEW-6).
    private var views: [OpenView] = []
    private var countByOwner: [String: Int] = [:]
    private var countByUser: [UInt32: Int] = [:]
    private var lastNumber: UInt64 = 0

    /// Whether no view is open: a batch then spends nothing on views (VIEW-6).
    var isEmpty: Bool { views.isEmpty }

    /// The open views, in opening order.
    var all: [OpenView] { views }

    /// The open view `number`, nil when it is not open.
    subscript(number: UInt64) -> OpenView? { position(of: number).map { views[$0] } }

    /// What view `number` presents of `property`, read in place (a view's getters run for each
    /// of its changes); nil when it is not open.
    func value(of property: PresentationProperty, inView number: UInt64) -> PropertyValue? {
        position(of: number).map { views[$0].presented.value(of: property) }
    }

    /// Where view `number` is in `views`, nil when it is not open. O(log views).
    private func position(of number: UInt64) -> Int? {
        var (low, high) = (0, views.count)
        while low < high {
            let middle = (low + high) / 2
            if views[middle].number < number { low = middle + 1 } else { high = middle }
        }
        return low < views.count && views[low].number == number ? low : nil
    }

    /// Throws `InvalidArgument` unless `owner` (of user `limitedUser`, when limited) may open
    /// one more view: a refused call opens nothing.
    func checkRoom(owner: String, limitedUser: UInt32?) throws(TabError) {
        guard views.count < Self.inAll else {
            throw .invalidArgument("\(Self.inAll) views are open, the most there may be.")
        }
        guard countByOwner[owner, default: 0] < Self.perConnection else {
            throw .invalidArgument(
                "The connection \(owner) has \(Self.perConnection) views open, the most one connection may.")
        }
        if let user = limitedUser, countByUser[user, default: 0] >= Self.perUser {
            throw .invalidArgument("User \(user) has \(Self.perUser) views open, the most one user may.")
        }
    }

    /// Opens a view for `owner` (after `checkRoom`) and answers it, with its new number.
    func open(owner: String, limitedUser: UInt32?, settings: ViewSettings, presenting presented: Presentation)
        -> OpenView
    {
        lastNumber += 1
        let view = OpenView(
            number: lastNumber, path: BusNames.viewPath(lastNumber), owner: owner, limitedUser: limitedUser,
            settings: settings, showingMore: presented.showingMore, presented: presented)
        views.append(view)
        countByOwner[owner, default: 0] += 1
        if let user = limitedUser { countByUser[user, default: 0] += 1 }
        return view
    }

    /// Closes view `number`; answers it, nil when it was not open.
    func close(_ number: UInt64) -> OpenView? {
        guard let position = position(of: number) else { return nil }
        let view = views.remove(at: position)
        Self.release(view.owner, from: &countByOwner)
        if let user = view.limitedUser { Self.release(user, from: &countByUser) }
        return view
    }

    /// The numbers of the views `owner` opened, in opening order.
    func numbers(ownedBy owner: String) -> [UInt64] {
        guard countByOwner[owner] != nil else { return [] }
        return views.filter { $0.owner == owner }.map(\.number)
    }

    /// Runs `body` on each open view in opening order, changing it in place: a refresh of the
    /// views copies none of what they present (VIEW-6).
    func updateEach(_ body: (inout OpenView) -> Void) {
        for position in views.indices { body(&views[position]) }
    }

    /// Changes view `number` in place; nothing when it is not open.
    func update(_ number: UInt64, _ change: (inout OpenView) -> Void) {
        guard let position = position(of: number) else { return }
        change(&views[position])
    }

    /// One view fewer counted under `key`; the entry goes with its last view, so that a
    /// connection gone leaves nothing behind.
    private static func release<Key: Hashable>(_ key: Key, from counts: inout [Key: Int]) {
        guard let count = counts[key] else { return }
        counts[key] = count > 1 ? count - 1 : nil
    }
}

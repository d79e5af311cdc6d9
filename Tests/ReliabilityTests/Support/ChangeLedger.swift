import Foundation
import TabbardTestSupport
import Testing

/// Changes made to a daemon through the bus, and what each answer promises: an acknowledged
/// change must be there after a restart (STATE-4), a refused one must have changed nothing.
/// Each change is a structural one (`SetTabs`, on disk before its reply) and a batched one
/// (`Select`, on disk within the flush interval or at a clean stop). Only tabs with a
/// restoration id are selected: no other selection is restored (STATE-1). Badges are not
/// used, as a plugin that sets its own badge when it starts wins (STATE-3).
struct ChangeLedger {
    /// Calls answered with success.
    private(set) var acknowledged = 0
    /// Calls answered with an error (the model stays as it was).
    private(set) var refused = 0
    /// Calls not answered within their timeout: the daemon was stuck.
    private(set) var unanswered = 0
    /// Acknowledged changes missing after a restart.
    private(set) var lost = 0

    private let catalog: [String]
    /// The tabs whose selection is restored.
    private let restorable: Set<String>
    /// `Tabs` as last acknowledged.
    private var tabs: [String]
    /// The selection last acknowledged, nil until a `Select` was.
    private var selected: String?

    /// A ledger for the daemon on `address`, starting from its current state.
    init(address: String) throws {
        let state = try describe(address)
        let entries = (state["catalog"] as? [[String: Any]]) ?? []
        catalog = entries.compactMap { $0["Id"] as? String }
        restorable = Set(
            entries.filter { ($0["RestorationId"] as? String ?? "") != "" }.compactMap { $0["Id"] as? String })
        tabs = state["Tabs"] as? [String] ?? []
        guard catalog.count >= 2, !restorable.isEmpty else {
            throw TestFailure("a catalog of \(catalog) is too small to change")
        }
    }

    /// Replaces `Tabs` with a random choice from the catalog that holds a restorable tab, then
    /// selects one of those.
    mutating func change(_ address: String) throws {
        var chosen = Array(catalog.shuffled().prefix(Int.random(in: 2...catalog.count)))
        if !chosen.contains(where: restorable.contains), let tab = restorable.randomElement() { chosen[0] = tab }
        if try note(call(address, "SetTabs", "as", [String(chosen.count)] + chosen)) {
            tabs = chosen
            selected = nil // Kept or moved by TABS rules; only an acknowledged Select is promised.
        }
        guard let tab = tabs.filter(restorable.contains).randomElement() else { return }
        if try note(call(address, "Select", "s", [tab])) { selected = tab }
    }

    /// Compares the restarted daemon on `address` with what was acknowledged; every difference
    /// counts as a lost change and is recorded as an issue naming `context`.
    mutating func check(_ address: String, context: String) throws {
        let state = try describe(address)
        let restored = state["Tabs"] as? [String] ?? []
        if restored != tabs {
            lost += 1
            Issue.record("\(context): Tabs \(restored) after the restart, \(tabs) acknowledged")
        }
        let shown = state["SelectedTab"] as? String ?? ""
        if let selected, shown != selected {
            lost += 1
            Issue.record("\(context): \(shown) selected after the restart, \(selected) acknowledged")
        }
    }

    /// Counts an answer; true when it was a success.
    private mutating func note(_ result: CommandResult) -> Bool {
        if result.status == 0 {
            acknowledged += 1
            return true
        }
        if result.errors.contains("imed out") || result.errors.contains("NoReply") {
            unanswered += 1
        } else {
            refused += 1
        }
        return false
    }

    private func call(_ address: String, _ member: String, _ signature: String, _ arguments: [String]) throws
        -> CommandResult
    {
        try runCommand(
            [
                "/usr/bin/busctl", "--address=\(address)", "--timeout=10", "call", "org.tabbard.TabBar1",
                "/org/tabbard/TabBar1", "org.tabbard.TabBar1", member, signature,
            ] + arguments, timeout: 20)
    }
}

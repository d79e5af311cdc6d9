import Foundation
import Testing
import TabbardTestSupport

/// Changes made to a daemon through the bus, and what each answer promises: an acknowledged
/// change must be there after a restart (STATE-4), a refused one must have changed nothing.
/// Each change is a structural one (`SetTabs`, on disk before its reply) and a batched one
/// (`SetBadge`, on disk within the flush interval or at a clean stop).
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
    /// `Tabs` as last acknowledged.
    private var tabs: [String]
    /// Badges last acknowledged, for tabs still in `tabs`.
    private var badges: [String: String] = [:]

    /// A ledger for the daemon on `address`, starting from its current state.
    init(address: String) throws {
        let state = try describe(address)
        catalog = ((state["catalog"] as? [[String: Any]]) ?? []).compactMap { $0["Id"] as? String }
        tabs = state["Tabs"] as? [String] ?? []
        guard catalog.count >= 2 else { throw TestFailure("a catalog of \(catalog) is too small to change") }
    }

    /// Replaces `Tabs` with a random selection of the catalog, then sets a badge on one of them.
    mutating func change(_ address: String) throws {
        let chosen = Array(catalog.shuffled().prefix(Int.random(in: 2...catalog.count)))
        if try note(call(address, "SetTabs", "as", [String(chosen.count)] + chosen)) {
            tabs = chosen
            // A tab that left `Tabs` may lose its badge; only badges of tabs that stay are promised.
            badges = badges.filter { chosen.contains($0.key) }
        }
        let tab = tabs.randomElement() ?? chosen[0]
        let value = String(Int.random(in: 1...999))
        if try note(call(address, "SetBadge", "ss", [tab, value])) { badges[tab] = value }
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
        let entries = (state["catalog"] as? [[String: Any]]) ?? []
        for (tab, value) in badges {
            let shown = entries.first { $0["Id"] as? String == tab }?["BadgeValue"] as? String
            if shown != value {
                lost += 1
                Issue.record("\(context): badge of \(tab) is \(shown ?? "none") after the restart, \(value) acknowledged")
            }
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

    private func call(_ address: String, _ member: String, _ signature: String, _ arguments: [String]) throws -> CommandResult {
        try runCommand(["/usr/bin/busctl", "--address=\(address)", "--timeout=10", "call", "org.tabbard.TabBar1",
                        "/org/tabbard/TabBar1", "org.tabbard.TabBar1", member, signature] + arguments, timeout: 20)
    }
}

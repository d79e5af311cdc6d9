import Foundation
import TabbardTestSupport
import Testing

@Suite("tabctl follow and show --follow")
struct FollowTests {
    @Test("follow prints the state, then each event as it happens, through a pipe")
    func linesAsEventsHappen() throws {
        let daemon = try DaemonProcess()
        let follow = try RunningTabctl(daemon.bus, "follow")
        #expect(try follow.nextLine().hasPrefix("state SelectedItem=world-clock SelectedTab=world-clock "))
        #expect(try tabctl(daemon.bus, "tap", "alarm").status == 0)
        #expect(try follow.line(startingWith: "DidSelect ") == "DidSelect alarm")
        // The line came while tabctl still runs: it was flushed, not held in a buffer.
        #expect(try tabctl(daemon.bus, "badge", "timer", "5").status == 0)
        #expect(try follow.line(startingWith: "PropertiesChanged tab timer").contains("BadgeValue=5"))
        #expect(
            try tabctl(
                daemon.bus, "customize", "alarm", "world-clock", "stopwatch", "timer", "playlists", "artists",
                "songs", "videos", "podcasts", "audiobooks", "genres", "composers", "compilations",
                "most-viewed", "search", "notes"
            ).status == 0)
        #expect(
            try follow.line(startingWith: "WillBeginCustomizing ").hasPrefix("WillBeginCustomizing [world-clock,alarm,")
        )
        #expect(try follow.line(startingWith: "DidEndCustomizing ").hasSuffix(" changed=true"))
        follow.send(SIGINT)
        #expect(try follow.waitForExit() == 0)
    }

    @Test("PAGE-4: follow prints the selected tab's PageChanged with its page, revision, title and rows")
    func followShowsPageChanged() throws {
        let daemon = try DaemonProcess()
        #expect(try tabctl(daemon.bus, "select", "notes").status == 0)
        let follow = try RunningTabctl(daemon.bus, "follow")
        #expect(try follow.nextLine().hasPrefix("state "))
        #expect(try tabctl(daemon.bus, "activate", "notes", "add").status == 0)
        let line = try follow.line(startingWith: "PageChanged ")
        print("follow: \(line)")
        #expect(line == "PageChanged tab notes page=main revision=1 title=Notes rows=1")
        follow.send(SIGINT)
        #expect(try follow.waitForExit() == 0)
    }

    @Test("follow --json prints one JSON object per line with an event name")
    func jsonLines() throws {
        let daemon = try DaemonProcess()
        let follow = try RunningTabctl(daemon.bus, "--json", "follow")
        let state = try parseObject(try follow.nextLine())
        #expect(state["event"] as? String == "state")
        #expect((state["properties"] as? [String: Any])?["SelectedTab"] as? String == "world-clock")
        #expect(try tabctl(daemon.bus, "tap", "stopwatch").status == 0)
        var selected: [String: Any]?
        var changed: [String: Any]?
        while selected == nil || changed == nil {
            let event = try parseObject(try follow.nextLine())
            if event["event"] as? String == "DidSelect" { selected = event }
            if event["object"] as? String == "controller" { changed = event }
        }
        #expect(selected?["item"] as? String == "stopwatch")
        #expect(changed?["event"] as? String == "PropertiesChanged")
        #expect(changed?["changed"] is [String: Any])
        #expect(changed?["invalidated"] is [Any])
    }

    @Test("follow says when the daemon leaves, and carries on when it is back")
    func daemonRestart() throws {
        let daemon = try DaemonProcess()
        let follow = try RunningTabctl(daemon.bus, "follow")
        _ = try follow.line(startingWith: "state ")
        try daemon.restart()
        #expect(try follow.line(startingWith: "daemon ").hasPrefix("daemon left the bus"))
        #expect(try follow.line(startingWith: "daemon ").hasPrefix("daemon is back as :"))
        _ = try follow.line(startingWith: "state ")
        #expect(try tabctl(daemon.bus, "tap", "timer").status == 0)
        #expect(try follow.line(startingWith: "DidSelect ") == "DidSelect timer")
        follow.send(SIGTERM)
        #expect(try follow.waitForExit() == 0)
    }

    @Test("follow exits 0 when the reader of its pipe goes away")
    func closedPipe() throws {
        let daemon = try DaemonProcess()
        let follow = try RunningTabctl(daemon.bus, "follow")
        _ = try follow.line(startingWith: "state ")
        follow.closeOutput()
        // The next event's line meets the closed pipe.
        #expect(try tabctl(daemon.bus, "tap", "alarm").status == 0)
        #expect(try follow.waitForExit() == 0)
    }

    @Test("show --follow --json prints a new picture after each change")
    func showFollow() throws {
        let daemon = try DaemonProcess()
        let show = try RunningTabctl(daemon.bus, "--json", "show", "--follow")
        let first = try parseObject(try show.nextLine())
        #expect((first["items"] as? [[String: Any]])?[0]["selected"] as? Bool == true)
        #expect(try tabctl(daemon.bus, "select", "timer").status == 0)
        let redrawn = try show.line(where: { line in
            let items = (try? parseObject(line))?["items"] as? [[String: Any]]
            return items?.first { $0["id"] as? String == "timer" }?["selected"] as? Bool == true
        })
        #expect(redrawn.contains(#""kind":"page""#))
        show.send(SIGINT)
        #expect(try show.waitForExit() == 0)
    }
}

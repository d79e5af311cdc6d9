import Testing
import JSON

/// `Codable` values through the JSON tree and back, as Foundation's coders shape them.
@Suite("Codable through the JSON tree")
struct CodableTests {
    struct Sample: Codable, Equatable {
        enum Mode: String, Codable { case fast, slow }
        var name: String
        var count: Int
        var ratio: Double
        var flags: [Bool]
        var mode: Mode
        var table: [String: [Int32]]
        var missing: String?
        var present: UInt8?
    }

    let sample = Sample(name: "a", count: -3, ratio: 0.5, flags: [true, false], mode: .slow,
                        table: ["x": [1, 2]], missing: nil, present: 7)

    @Test("keyed containers become objects, nil optionals are left out, and it all reads back")
    func roundTrip() throws {
        let tree = try JSONValueEncoder().encode(sample)
        #expect(tree == .object(["name": .string("a"), "count": .integer(-3), "ratio": .double(0.5),
                                 "flags": .array([.bool(true), .bool(false)]), "mode": .string("slow"),
                                 "table": .object(["x": .array([.integer(1), .integer(2)])]), "present": .integer(7)]))
        #expect(try JSONValueDecoder().decode(Sample.self, from: tree) == sample)
    }

    @Test("a member missing, of the wrong type or out of range is a DecodingError with its path")
    func mismatches() throws {
        guard case .object(var members) = try JSONValueEncoder().encode(sample) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "")) }
        members["count"] = .string("three")
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Sample.self, from: .object(members)) }
        members["count"] = .integer(1)
        members["present"] = .integer(300)
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Sample.self, from: .object(members)) }
        members["present"] = nil
        members["name"] = nil
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Sample.self, from: .object(members)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Sample.self, from: .array([])) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(String.self, from: .integer(1)) }
    }
}

import TOML
import Testing

/// Offset date-times, local date-times, local dates and local times (TOML 1.0): the suite's
/// valid documents read to the values it expects, its invalid ones refused by what is wrong.
@Suite("Dates and times")
struct DateTimeTests {
    /// Every date or time under `value`, by key path, as `"<kind> <value>"`.
    static func dates(in value: TOMLValue, at path: String = "", into found: inout [String: String]) {
        switch value {
        case .dateTime(let date): found[path] = "\(date.kindName) \(date)"
        case .table(let table):
            for entry in table.entries {
                dates(in: entry.value, at: TOMLKeyPath.appending(entry.key, to: path), into: &found)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { dates(in: element, at: "\(path)[\(index)]", into: &found) }
        default: break
        }
    }

    func value(_ text: String) throws -> TOMLValue? {
        try TOMLParser.parse("v = " + text)["v"]
    }

    func refusal(_ text: String) -> TOMLError? {
        do {
            _ = try TOMLParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("the suite's valid documents read to its dates and times", arguments: DateTimeSuite.valid)
    func validSuite(_ suiteCase: ValidDateCase) throws {
        var found: [String: String] = [:]
        Self.dates(in: .table(try TOMLParser.parse(suiteCase.document)), into: &found)
        #expect(found == suiteCase.dates)
    }

    @Test(
        "the suite's invalid dates and times are refused, each by what is wrong with it",
        arguments: DateTimeSuite.invalid)
    func invalidSuite(_ suiteCase: InvalidDateCase) throws {
        let error = try #require(refusal(suiteCase.document))
        #expect(error.reason.contains(suiteCase.reason), "\(error)")
        #expect(error.key != nil, "the refusal names the key: \(error)")
    }

    @Test("each kind holds its parts: offsets in minutes, fractions to the nanosecond, digits past the ninth dropped")
    func parts() throws {
        let date = try #require(TOMLDateTime.Date(year: 1979, month: 5, day: 27))
        #expect(
            try value("1979-05-27T00:32:00.999999-07:00")
                == .dateTime(
                    .offsetDateTime(
                        date, try #require(.init(hour: 0, minute: 32, second: 0, nanosecond: 999_999_000)),
                        offsetMinutes: -420)))
        #expect(
            try value("1979-05-27 07:32:00+05:30")?.dateTime
                == .offsetDateTime(
                    date, try #require(.init(hour: 7, minute: 32, second: 0)),
                    offsetMinutes: 330))
        #expect(
            try value("1979-05-27T07:32:00")
                == .dateTime(.localDateTime(date, try #require(.init(hour: 7, minute: 32, second: 0)))))
        #expect(try value("1979-05-27") == .dateTime(.localDate(date)))
        #expect(
            try value("07:32:00.1234567891")
                == .dateTime(
                    .localTime(
                        try #require(
                            .init(
                                hour: 7, minute: 32, second: 0,
                                nanosecond: 123_456_789)))))
        #expect(try value("23:59:60")?.dateTime?.description == "23:59:60", "RFC 3339 allows a leap second")
        #expect(try value("[1979-05-27 , 07:32:00]")?.array?.map(\.typeName) == ["local date", "local time"])
        #expect(try value("{ at = 1979-05-27 07:32:00Z }")?.table?["at"]?.typeName == "offset date-time")
    }

    @Test("a refusal points at the wrong part, names the key, and quotes the whole value")
    func refusalPlace() throws {
        let month = try #require(refusal("[when]\nstart = 2006-13-01T00:00:00Z"))
        #expect(
            month.description
                == "line 2, column 14, key 'when.start': '2006-13-01T00:00:00Z' is not a valid date or time: month 13 is not 01 to 12"
        )
        let hour = try #require(refusal("start = 2006-01-01 24:00:00"))
        #expect(
            hour.description
                == "line 1, column 20, key 'start': '2006-01-01 24:00:00' is not a valid date or time: hour 24 is not 00 to 23"
        )
        #expect(
            refusal("d = 1979-05-27 07:32")?.reason.hasSuffix(
                "a time needs its seconds (HH:MM:SS), found the end of the value") == true)
    }

    @Test("a date followed by a space and no time stays a date; a key that looks like a date stays a key")
    func neighbours() throws {
        let document = try TOMLParser.parse("d = 1979-05-27 # a comment\n1979-05-27 = 1\n")
        #expect(document["d"]?.typeName == "local date")
        #expect(document["1979-05-27"] == .integer(1))
        #expect(refusal("d = 1979-05-27 07")?.reason == "expected the end of the line, found '0'")
    }
}

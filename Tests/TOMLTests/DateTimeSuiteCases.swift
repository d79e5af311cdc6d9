import Testing

// The date and time cases of the TOML 1.0 conformance suite (toml-test, `tests/files-toml-1.0.0`):
// every valid document holding a date or time, with the values its expected output gives, and
// every invalid date, date-time and time. Named as the suite names its files.

/// A valid document of the suite and its dates and times, by key path, as
/// `"<kind> <value in TOML's form>"`.
struct ValidDateCase: CustomTestStringConvertible, Sendable {
    let name: String
    let document: String
    let dates: [String: String]

    init(_ name: String, _ document: String, _ dates: [String: String]) {
        self.name = name
        self.document = document
        self.dates = dates
    }

    var testDescription: String { name }
}

/// An invalid line of the suite and what the refusal must say is wrong with it.
struct InvalidDateCase: CustomTestStringConvertible, Sendable {
    let name: String
    let document: String
    let reason: String

    init(_ name: String, _ document: String, _ reason: String) {
        self.name = name
        self.document = document
        self.reason = reason
    }

    var testDescription: String { name }
}

enum DateTimeSuite {
    /// The 19 valid documents of the suite that hold a date or a time.
    static let valid: [ValidDateCase] = [
        ValidDateCase(
            "array/array",
            """
            ints = [1, 2, 3, ]
            floats = [1.1, 2.1, 3.1]
            strings = ["a", "b", "c"]
            dates = [
            \t1987-07-05T17:45:00Z,
            \t1979-05-27T07:32:00,
            \t2006-06-01,
            \t11:00:00,
            ]
            comments = [
                     1,
                     2, #this is ok
            ]
            """,
            [
                "dates[0]": "offset date-time 1987-07-05T17:45:00Z", "dates[1]": "local date-time 1979-05-27T07:32:00",
                "dates[2]": "local date 2006-06-01", "dates[3]": "local time 11:00:00",
            ]),
        ValidDateCase(
            "comment/everywhere",
            """
            # Top comment.
              # Top comment.
            # Top comment.

            # [no-extraneous-groups-please]

            [group] # Comment
            answer = 42 # Comment
            # no-extraneous-keys-please = 999
            # Inbetween comment.
            more = [ # Comment
              # What about multiple # comments?
              # Can you handle it?
              #
                      # Evil.
            # Evil.
              42, 42, # Comments within arrays are fun.
              # What about multiple # comments?
              # Can you handle it?
              #
                      # Evil.
            # Evil.
            # ] Did I fool you?
            ] # Hopefully not.

            # Make sure the space between the datetime and "#" isn't lexed.
            dt = 1979-05-27T07:32:12-07:00  # c
            d = 1979-05-27 # Comment

            [[aot]] # Comment
            k = 98 # Comment
            [[aot]]# Comment
            k = 99# Comment
            """,
            ["group.d": "local date 1979-05-27", "group.dt": "offset date-time 1979-05-27T07:32:12-07:00"]),
        ValidDateCase(
            "datetime/datetime",
            """
            space = 1987-07-05 17:45:00Z

            # ABNF is case-insensitive, both "Z" and "z" must be supported.
            lower = 1987-07-05t17:45:00z
            """,
            ["lower": "offset date-time 1987-07-05T17:45:00Z", "space": "offset date-time 1987-07-05T17:45:00Z"]),
        ValidDateCase(
            "datetime/edge",
            """
            first-offset = 0001-01-01 00:00:00Z
            first-local  = 0001-01-01 00:00:00
            first-date   = 0001-01-01

            last-offset = 9999-12-31 23:59:59Z
            last-local  = 9999-12-31 23:59:59
            last-date   = 9999-12-31
            """,
            [
                "first-date": "local date 0001-01-01", "first-local": "local date-time 0001-01-01T00:00:00",
                "first-offset": "offset date-time 0001-01-01T00:00:00Z", "last-date": "local date 9999-12-31",
                "last-local": "local date-time 9999-12-31T23:59:59",
                "last-offset": "offset date-time 9999-12-31T23:59:59Z",
            ]),
        ValidDateCase(
            "datetime/leap-year",
            """
            2000-datetime       = 2000-02-29 15:15:15Z
            2000-datetime-local = 2000-02-29 15:15:15
            2000-date           = 2000-02-29

            2024-datetime       = 2024-02-29 15:15:15Z
            2024-datetime-local = 2024-02-29 15:15:15
            2024-date           = 2024-02-29
            """,
            [
                "2000-date": "local date 2000-02-29", "2000-datetime": "offset date-time 2000-02-29T15:15:15Z",
                "2000-datetime-local": "local date-time 2000-02-29T15:15:15", "2024-date": "local date 2024-02-29",
                "2024-datetime": "offset date-time 2024-02-29T15:15:15Z",
                "2024-datetime-local": "local date-time 2024-02-29T15:15:15",
            ]),
        ValidDateCase(
            "datetime/local",
            """
            local = 1987-07-05T17:45:00
            milli = 1977-12-21T10:32:00.555
            space = 1987-07-05 17:45:00
            """,
            [
                "local": "local date-time 1987-07-05T17:45:00", "milli": "local date-time 1977-12-21T10:32:00.555",
                "space": "local date-time 1987-07-05T17:45:00",
            ]),
        ValidDateCase(
            "datetime/local-date",
            """
            bestdayever = 1987-07-05
            """,
            ["bestdayever": "local date 1987-07-05"]),
        ValidDateCase(
            "datetime/local-time",
            """
            besttimeever = 17:45:00
            milliseconds = 10:32:00.555
            """,
            ["besttimeever": "local time 17:45:00", "milliseconds": "local time 10:32:00.555"]),
        ValidDateCase(
            "datetime/milliseconds",
            """
            utc1  = 1987-07-05T17:45:56.123Z
            utc2  = 1987-07-05T17:45:56.6Z
            wita1 = 1987-07-05T17:45:56.123+08:00
            wita2 = 1987-07-05T17:45:56.6+08:00
            """,
            [
                "utc1": "offset date-time 1987-07-05T17:45:56.123Z", "utc2": "offset date-time 1987-07-05T17:45:56.6Z",
                "wita1": "offset date-time 1987-07-05T17:45:56.123+08:00",
                "wita2": "offset date-time 1987-07-05T17:45:56.6+08:00",
            ]),
        ValidDateCase(
            "datetime/timezone",
            """
            utc  = 1987-07-05T17:45:56Z
            pdt  = 1987-07-05T17:45:56-05:00
            nzst = 1987-07-05T17:45:56+12:00
            nzdt = 1987-07-05T17:45:56+13:00  # DST
            """,
            [
                "nzdt": "offset date-time 1987-07-05T17:45:56+13:00",
                "nzst": "offset date-time 1987-07-05T17:45:56+12:00",
                "pdt": "offset date-time 1987-07-05T17:45:56-05:00", "utc": "offset date-time 1987-07-05T17:45:56Z",
            ]),
        ValidDateCase(
            "example",
            """
            best-day-ever = 1987-07-05T17:45:00Z

            [numtheory]
            boring = false
            perfection = [6, 28, 496]
            """,
            ["best-day-ever": "offset date-time 1987-07-05T17:45:00Z"]),
        ValidDateCase(
            "spec-1.0.0/local-date-0",
            """
            ld1 = 1979-05-27
            """,
            ["ld1": "local date 1979-05-27"]),
        ValidDateCase(
            "spec-1.0.0/local-date-time-0",
            """
            ldt1 = 1979-05-27T07:32:00
            ldt2 = 1979-05-27T00:32:00.999
            """,
            ["ldt1": "local date-time 1979-05-27T07:32:00", "ldt2": "local date-time 1979-05-27T00:32:00.999"]),
        ValidDateCase(
            "spec-1.0.0/local-time-0",
            """
            lt1 = 07:32:00
            lt2 = 00:32:00.999
            """,
            ["lt1": "local time 07:32:00", "lt2": "local time 00:32:00.999"]),
        ValidDateCase(
            "spec-1.0.0/offset-date-time-0",
            """
            odt1 = 1979-05-27T07:32:00Z
            odt2 = 1979-05-27T00:32:00-07:00
            odt3 = 1979-05-27T00:32:00.999-07:00
            """,
            [
                "odt1": "offset date-time 1979-05-27T07:32:00Z", "odt2": "offset date-time 1979-05-27T00:32:00-07:00",
                "odt3": "offset date-time 1979-05-27T00:32:00.999-07:00",
            ]),
        ValidDateCase(
            "spec-1.0.0/offset-date-time-1",
            """
            odt4 = 1979-05-27 07:32:00Z
            """,
            ["odt4": "offset date-time 1979-05-27T07:32:00Z"]),
        ValidDateCase(
            "spec-1.0.0/table-7",
            """
            # Top-level table begins.
            name = "Fido"
            breed = "pug"

            # Top-level table ends.
            [owner]
            name = "Regina Dogman"
            member_since = 1999-08-04
            """,
            ["owner.member_since": "local date 1999-08-04"]),
        ValidDateCase(
            "spec-example-1",
            """
            # This is a TOML document. Boom.

            title = "TOML Example"

            [owner]
            name = "Lance Uppercut"
            dob = 1979-05-27T07:32:00-08:00 # First class dates? Why not?

            [database]
            server = "192.168.1.1"
            ports = [ 8001, 8001, 8002 ]
            connection_max = 5000
            enabled = true

            [servers]

              # You can indent as you please. Tabs or spaces. TOML don't care.
              [servers.alpha]
              ip = "10.0.0.1"
              dc = "eqdc10"

              [servers.beta]
              ip = "10.0.0.2"
              dc = "eqdc10"

            [clients]
            data = [ ["gamma", "delta"], [1, 2] ]

            # Line breaks are OK when inside arrays
            hosts = [
              "alpha",
              "omega"
            ]
            """,
            ["owner.dob": "offset date-time 1979-05-27T07:32:00-08:00"]),
        ValidDateCase(
            "spec-example-1-compact",
            """
            #Useless spaces eliminated.
            title="TOML Example"
            [owner]
            name="Lance Uppercut"
            dob=1979-05-27T07:32:00-08:00#First class dates
            [database]
            server="192.168.1.1"
            ports=[8001,8001,8002]
            connection_max=5000
            enabled=true
            [servers]
            [servers.alpha]
            ip="10.0.0.1"
            dc="eqdc10"
            [servers.beta]
            ip="10.0.0.2"
            dc="eqdc10"
            [clients]
            data=[["gamma","delta"],[1,2]]
            hosts=[
            "alpha",
            "omega"
            ]
            """,
            ["owner.dob": "offset date-time 1979-05-27T07:32:00-08:00"]),
    ]

    /// The suite's invalid dates, date-times and times.
    static let invalid: [InvalidDateCase] = [
        InvalidDateCase(
            "datetime/day-zero", "foo = 1997-09-00T09:09:09.09Z", "day 00 is not a day of September (01 to 30)"),
        InvalidDateCase(
            "datetime/feb-29", "\"not a leap year\" = 2100-02-29T15:15:15Z",
            "day 29 is not a day of February 2100 (01 to 28)"),
        InvalidDateCase(
            "datetime/feb-30", "\"only 28 or 29 days in february\" = 1988-02-30T15:15:15Z",
            "day 30 is not a day of February 1988 (01 to 29)"),
        InvalidDateCase("datetime/hour-over", "d = 2006-01-01T24:00:00-00:00", "hour 24 is not 00 to 23"),
        InvalidDateCase("datetime/leading-zero-date", "d = 02026-05-07", "a year has four digits (0000 to 9999)"),
        InvalidDateCase(
            "datetime/leading-zero-datetime", "d = 02026-05-07T14:15:16Z", "a year has four digits (0000 to 9999)"),
        InvalidDateCase(
            "datetime/mday-over", "d = 2006-01-32T00:00:00-00:00", "day 32 is not a day of January (01 to 31)"),
        InvalidDateCase(
            "datetime/mday-under", "d = 2006-01-00T00:00:00-00:00", "day 00 is not a day of January (01 to 31)"),
        InvalidDateCase("datetime/minute-over", "d = 2006-01-01T00:60:00-00:00", "minute 60 is not 00 to 59"),
        InvalidDateCase("datetime/month-over", "d = 2006-13-01T00:00:00-00:00", "month 13 is not 01 to 12"),
        InvalidDateCase("datetime/month-under", "d = 2007-00-01T00:00:00-00:00", "month 00 is not 01 to 12"),
        InvalidDateCase(
            "datetime/no-date-time-sep", "foo = 1997-09-0909:09:09",
            "expected 'T' between the date and the time, found '0'"),
        InvalidDateCase("datetime/no-leads", "no-leads = 1987-7-05T17:45:00Z", "the month needs 2 digits, found '-'"),
        InvalidDateCase(
            "datetime/no-leads-month", "no-leads = 1987-7-05T17:45:00Z", "the month needs 2 digits, found '-'"),
        InvalidDateCase(
            "datetime/no-leads-with-milli", "with-milli = 1987-07-5T17:45:00.12Z", "the day needs 2 digits, found 'T'"),
        InvalidDateCase(
            "datetime/no-secs", "no-secs = 1987-07-05T17:45Z", "a time needs its seconds (HH:MM:SS), found 'Z'"),
        InvalidDateCase(
            "datetime/no-t", "no-t = 1987-07-0517:45:00Z", "expected 'T' between the date and the time, found '1'"),
        InvalidDateCase("datetime/no-year-month-sep", "foo = 199709-09", "a year has four digits (0000 to 9999)"),
        InvalidDateCase(
            "datetime/offset-minus-minute-1digit", "foo = 1997-09-09T09:09:09.09+09:9",
            "the offset's minutes (Z, +HH:MM or -HH:MM) needs 2 digits, found the end of the value"),
        InvalidDateCase(
            "datetime/offset-minus-no-hour-minute", "foo = 1997-09-09T09:09:09.09+",
            "the offset's hours (Z, +HH:MM or -HH:MM) needs 2 digits, found the end of the value"),
        InvalidDateCase(
            "datetime/offset-minus-no-hour-minute-sep", "foo = 1997-09-09T09:09:09.09+0909",
            "expected ':' after the offset's hours (Z, +HH:MM or -HH:MM), found '0'"),
        InvalidDateCase(
            "datetime/offset-minus-no-minute", "foo = 1997-09-09T09:09:09.09+09",
            "expected ':' after the offset's hours (Z, +HH:MM or -HH:MM), found the end of the value"),
        InvalidDateCase(
            "datetime/offset-overflow-hour", "d = 1985-06-18 17:04:07+25:00", "offset hour 25 is not 00 to 23"),
        InvalidDateCase(
            "datetime/offset-overflow-minute", "d = 1985-06-18 17:04:07+12:60", "offset minute 60 is not 00 to 59"),
        InvalidDateCase(
            "datetime/offset-plus-minute-1digit", "foo = 1997-09-09T09:09:09.09+09:9",
            "the offset's minutes (Z, +HH:MM or -HH:MM) needs 2 digits, found the end of the value"),
        InvalidDateCase(
            "datetime/offset-plus-no-hour-minute", "foo = 1997-09-09T09:09:09.09+",
            "the offset's hours (Z, +HH:MM or -HH:MM) needs 2 digits, found the end of the value"),
        InvalidDateCase(
            "datetime/offset-plus-no-hour-minute-sep", "foo = 1997-09-09T09:09:09.09+0909",
            "expected ':' after the offset's hours (Z, +HH:MM or -HH:MM), found '0'"),
        InvalidDateCase(
            "datetime/offset-plus-no-minute", "foo = 1997-09-09T09:09:09.09+09",
            "expected ':' after the offset's hours (Z, +HH:MM or -HH:MM), found the end of the value"),
        InvalidDateCase("datetime/only-T", "foo = T", "is not a value: strings need quotes"),
        InvalidDateCase("datetime/only-TZ", "foo = TZ", "is not a value: strings need quotes"),
        InvalidDateCase("datetime/only-Tdot", "foo = T.", "is not a value: strings need quotes"),
        InvalidDateCase("datetime/second-over", "d = 2006-01-01T00:00:61-00:00", "second 61 is not 00 to 60"),
        InvalidDateCase(
            "datetime/second-trailing-dot", "foo = 1997-09-09T09:09:09.", "a '.' in a time must be followed by digits"),
        InvalidDateCase(
            "datetime/second-trailing-dotz", "foo = 2016-09-09T09:09:09.Z", "a '.' in a time must be followed by digits"
        ),
        InvalidDateCase("datetime/time-no-leads", "d = 2023-10-01T1:32:00Z", "the hour needs 2 digits, found ':'"),
        InvalidDateCase("datetime/trailing-x", "sign=2020-01-01x", "unexpected 'x' after the date"),
        InvalidDateCase("datetime/y10k-date", "d = 10000-01-01", "a year has four digits (0000 to 9999)"),
        InvalidDateCase("datetime/y10k-datetime", "d = 10000-01-01 00:00:00z", "a year has four digits (0000 to 9999)"),
        InvalidDateCase(
            "local-date/day-1digit", "foo = 1997-09-9", "the day needs 2 digits, found the end of the value"),
        InvalidDateCase(
            "local-date/feb-29", "\"not a leap year\" = 2100-02-29", "day 29 is not a day of February 2100 (01 to 28)"),
        InvalidDateCase(
            "local-date/feb-30", "\"only 28 or 29 days in february\" = 1988-02-30",
            "day 30 is not a day of February 1988 (01 to 29)"),
        InvalidDateCase("local-date/mday-over", "d = 2006-01-32", "day 32 is not a day of January (01 to 31)"),
        InvalidDateCase("local-date/mday-under", "d = 2006-01-00", "day 00 is not a day of January (01 to 31)"),
        InvalidDateCase("local-date/month-over", "d = 2006-13-01", "month 13 is not 01 to 12"),
        InvalidDateCase("local-date/month-under", "d = 2007-00-01", "month 00 is not 01 to 12"),
        InvalidDateCase("local-date/no-leads", "no-leads = 1987-7-05", "the month needs 2 digits, found '-'"),
        InvalidDateCase(
            "local-date/no-leads-with-milli", "with-milli = 1987-07-5",
            "the day needs 2 digits, found the end of the value"),
        InvalidDateCase("local-date/trailing-t", "d = 2006-01-30T", "a 'T' after a date must be followed by a time"),
        InvalidDateCase("local-date/y10k", "d = 10000-01-01", "a year has four digits (0000 to 9999)"),
        InvalidDateCase("local-date/year-3digits", "foo = 199-09-09", "a year has four digits (0000 to 9999)"),
        InvalidDateCase(
            "local-datetime/feb-29", "\"not a leap year\" = 2100-02-29T15:15:15",
            "day 29 is not a day of February 2100 (01 to 28)"),
        InvalidDateCase(
            "local-datetime/feb-30", "\"only 28 or 29 days in february\" = 1988-02-30T15:15:15",
            "day 30 is not a day of February 1988 (01 to 29)"),
        InvalidDateCase("local-datetime/hour-over", "d = 2006-01-01T24:00:00", "hour 24 is not 00 to 23"),
        InvalidDateCase(
            "local-datetime/mday-over", "d = 2006-01-32T00:00:00", "day 32 is not a day of January (01 to 31)"),
        InvalidDateCase(
            "local-datetime/mday-under", "d = 2006-01-00T00:00:00", "day 00 is not a day of January (01 to 31)"),
        InvalidDateCase("local-datetime/minute-over", "d = 2006-01-01T00:60:00", "minute 60 is not 00 to 59"),
        InvalidDateCase("local-datetime/month-over", "d = 2006-13-01T00:00:00", "month 13 is not 01 to 12"),
        InvalidDateCase("local-datetime/month-under", "d = 2007-00-01T00:00:00", "month 00 is not 01 to 12"),
        InvalidDateCase(
            "local-datetime/no-leads", "no-leads = 1987-7-05T17:45:00", "the month needs 2 digits, found '-'"),
        InvalidDateCase(
            "local-datetime/no-leads-with-milli", "with-milli = 1987-07-5T17:45:00.12",
            "the day needs 2 digits, found 'T'"),
        InvalidDateCase(
            "local-datetime/no-secs", "no-secs = 1987-07-05T17:45",
            "a time needs its seconds (HH:MM:SS), found the end of the value"),
        InvalidDateCase(
            "local-datetime/no-t", "no-t = 1987-07-0517:45:00", "expected 'T' between the date and the time, found '1'"),
        InvalidDateCase("local-datetime/second-over", "d = 2006-01-01T00:00:61", "second 61 is not 00 to 60"),
        InvalidDateCase(
            "local-datetime/time-no-leads", "d = 2023-10-01T1:32:00Z", "the hour needs 2 digits, found ':'"),
        InvalidDateCase("local-datetime/y10k", "d = 10000-01-01 00:00:00", "a year has four digits (0000 to 9999)"),
        InvalidDateCase("local-time/hour-over", "d = 24:00:00", "hour 24 is not 00 to 23"),
        InvalidDateCase("local-time/minute-over", "d = 00:60:00", "minute 60 is not 00 to 59"),
        InvalidDateCase(
            "local-time/no-secs", "no-secs = 17:45", "a time needs its seconds (HH:MM:SS), found the end of the value"),
        InvalidDateCase("local-time/second-over", "d = 00:00:61", "second 61 is not 00 to 60"),
        InvalidDateCase("local-time/time-no-leads-01", "d = 1:32:00", "the hour needs 2 digits, found ':'"),
        InvalidDateCase(
            "local-time/time-no-leads-02", "d = 01:32:0", "the second needs 2 digits, found the end of the value"),
        InvalidDateCase("local-time/trailing-dot", "t = 12:13:14.", "a '.' in a time must be followed by digits"),
        InvalidDateCase("local-time/trailing-dotdot", "t = 12:13:14..", "a '.' in a time must be followed by digits"),
    ]
}

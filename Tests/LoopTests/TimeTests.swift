import Glibc
import Loop
import Testing

@Suite("Durations in the kernel's units, and the monotonic clock")
struct TimeTests {
    @Test("durations convert to whole nanoseconds and milliseconds, truncated toward zero")
    func units() {
        #expect(Duration.milliseconds(1500).nanoseconds == 1_500_000_000)
        #expect(Duration.nanoseconds(1_999_999).milliseconds == 1)
        #expect(Duration.seconds(-2).milliseconds == -2000)
        #expect(Duration.microseconds(-1500).milliseconds == -1)
    }

    @Test("durations beyond Int64 nanoseconds saturate instead of trapping")
    func saturation() {
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration.seconds(Int64.min).nanoseconds == .min)
        #expect(Duration.seconds(Int64.max).milliseconds == Int64.max / 1_000_000)
    }

    @Test("a duration as a timespec; negative durations are zero")
    func timespecs() {
        let time = Duration.milliseconds(2500).timespec
        #expect(time.tv_sec == 2 && time.tv_nsec == 500_000_000)
        let negative = Duration.seconds(-1).timespec
        #expect(negative.tv_sec == 0 && negative.tv_nsec == 0)
    }

    @Test("monotonic instants move forward and subtract to durations")
    func monotonic() {
        let start = MonotonicInstant.now()
        usleep(2_000)
        let later = MonotonicInstant.now()
        #expect(later > start)
        #expect(later - start >= .milliseconds(2))
        #expect((start + .seconds(1)) - start == .seconds(1))
        var clock = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        #expect(
            abs(Int64(clock.tv_sec) - Int64(MonotonicInstant.now().timespec.tv_sec)) <= 1,
            "the same clock as CLOCK_MONOTONIC")
    }
}

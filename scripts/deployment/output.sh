# Part of scripts/check-deployment: what `make test` shows of the tests' output
# (scripts/test-output), run on a recorded `swift test` with failing tests and crashing helpers,
# and on check-deployment lines: every failure in full with the closing lines as printed, nothing
# of the rest, and the command's failing status passed on.

# A `swift test` run as it printed, shortened: a suite whose tests fail (an issue with its
# details, an error whose message runs over several lines), a helper's crash backtrace and a
# test's figures interleaved, and a suite that passes.
cat > "$work/failing-run.txt" <<'SAMPLE'
[0/1] Planning build
↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
↳ Target Platform: x86_64-unknown-linux-gnu
◇ Test run started.
◇ Suite "Plugin helper processes" started.
◇ Suite "Isolated plugins" started.
◇ Test "three failures within the failure window disable the plugin" started.
◇ Test "a plugin whose helper keeps crashing is disabled after the failure limit and recorded in plugins.state" started.
◇ Test "a C or Swift plugin in process mode that crashes: PID and bus name unchanged" started.
✘ Test "three failures within the failure window disable the plugin" recorded an issue at PluginHelperProcessTests.swift:53:59: Issue recorded
↳ missing /src/tabbard/.build/plugins/libclock.so or its manifest: run `make plugins` (make test does) before swift test
✘ Test "three failures within the failure window disable the plugin" recorded an issue at PluginHelperProcessTests.swift:201:6: Caught error: .missing("/src/tabbard/.build/plugins/libclock.so")
✘ Test "three failures within the failure window disable the plugin" failed after 0.007 seconds with 2 issues.
tabbard[info]: plugin host /tmp//tabbard-plugins-GxaQxc/crash.plugin: no new privileges; capabilities dropped

*** Signal 6: Backtracing from 0x7ff4d18a8eec... done ***

*** Program crashed: Aborted at 0x0000000000002da1 ***

Thread 0 "tabbard" crashed:

  0  0x00007ff4d18a8eec __pthread_kill_implementation + 268 in libc.so.6
Registers:

rax 0x0000000000000000  0
Backtrace took 0.02s

plugin-crash: SUMMARY {"fault": "SEGV_ON_THREAD", "crashes_survived": 3, "disabled_after": 3, "rounds": 1}
✔ Test "a plugin whose helper keeps crashing is disabled after the failure limit and recorded in plugins.state" passed after 0.396 seconds.
✘ Suite "Plugin helper processes" failed after 0.396 seconds with 2 issues.
↳ /// An isolated plugin's helper kept running: started again with backoff when it ends,
✘ Test "a C or Swift plugin in process mode that crashes: PID and bus name unchanged" recorded an issue at IsolationTests.swift:120:9: Caught error: tabbard exited during start (status 256); log:
tabbard[error]: /tmp/tabbard-plugins-Q1/tabbard.toml:2: key 'plugin.fault.isolation': expected "process" or "in-process"
tabbard[notice]: stopping
✘ Test "a C or Swift plugin in process mode that crashes: PID and bus name unchanged" failed after 1.250 seconds with 1 issue.
Swift flood: daemon VmRSS 14720 KiB before, 14816 KiB at most, 276 samples
✘ Suite "Isolated plugins" failed after 1.251 seconds with 1 issue.
✘ Test run with 3 tests in 2 suites failed after 1.252 seconds with 3 issues.
SAMPLE

# The lines of the sample that a reader must see, each as it is there; and what they must not.
shown=$(grep -E '^(✘|↳ missing|tabbard\[(error|notice)\])' "$work/failing-run.txt")
filter() { scripts/test-output --log "$work/filtered-run.log" "$@"; }
output=$(filter sh -c "cat '$work/failing-run.txt'; exit 1")
status=$?
if [ "$status" = 1 ] && [ "$(grep -Fxf <(printf '%s\n' "$shown") <<< "$output")" = "$shown" ]; then
    pass "test-output shows every failure of a failing run in full, with its details and message lines, and exits 1 as the run did"
else
    fail "test-output hid part of a failure, or did not exit as the failing run did (status $status)" \
        "missing: $(grep -Fvxf <(printf '%s\n' "$output") <<< "$shown")"
fi
if ! grep -Eq '" started\.$|SUMMARY|Program crashed|Registers|VmRSS|Planning build|Testing Library Version' <<< "$output" \
    && cmp -s "$work/failing-run.txt" "$work/filtered-run.log"; then
    pass "test-output leaves the starts, figures and crash backtraces of a run to its log, which has all of it"
else
    fail "test-output shows what passed, figures or backtraces, or its log is not the whole output" "$output"
fi
# A run whose closing line says it failed fails, whatever the command's status.
filter sh -c "cat '$work/failing-run.txt'" > /dev/null
status=$?
crashed=$(filter sh -c "sed '/^Backtrace took/q' '$work/failing-run.txt'; kill -SEGV \$\$")
crashed_status=$?
if [ "$status" = 1 ] && [ "$crashed_status" = 139 ] && grep -q 'ended without its closing line' <<< "$crashed" \
    && grep -q 'Backtrace took' <<< "$crashed"; then
    pass "test-output fails a run whose closing line says it failed, and passes on a crash's status with the last lines before it"
else
    fail "test-output passed a failed run, or hid how a crashed one ended" "closing line failed: status $status; crashed: status $crashed_status"$'\n'"$crashed"
fi
# A run that passes: that it started, one line per suite and the closing line.
passing=$(filter printf '%s\n' '◇ Test run started.' '◇ Suite "Values" started.' '◇ Test "integers" started.' \
    'TOML fuzz (seed 1): 10 inputs' '✔ Test "integers" passed after 0.001 seconds.' '✔ Suite "Values" passed after 0.002 seconds.' \
    '✔ Test run with 1 test in 1 suite passed after 0.003 seconds.')
status=$?
if [ "$status" = 0 ] && [ "$passing" = $'◇ Test run started.\n✔ Suite "Values" passed after 0.002 seconds.\n✔ Test run with 1 test in 1 suite passed after 0.003 seconds.' ]; then
    pass "test-output shows a passing run as its start, one line per suite and its closing line, and exits 0"
else
    fail "test-output shows a passing run otherwise, or fails it (status $status)" "$passing"
fi
# check-deployment's own lines: a failed check with its indented output, skips, the count.
deployment=$(filter printf '%s\n' "ok: one" "FAILED: two" "    what two printed" "skipped: three (no nspawn)" "ok: four" \
    "deployment: 2 passed, 1 failed")
status=$?
if [ "$status" = 1 ] && [ "$deployment" = $'FAILED: two\n    what two printed\nskipped: three (no nspawn)\ndeployment: 2 passed, 1 failed\n'"(the whole output is in $work/filtered-run.log)" ]; then
    pass "test-output shows check-deployment's failures with their output, skips and closing line, and fails on a failed check"
else
    fail "test-output shows check-deployment's output otherwise (status $status)" "$deployment"
fi

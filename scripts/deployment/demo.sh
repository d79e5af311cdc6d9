# Part of scripts/check-deployment: `make demo` without a terminal (as CI runs it).

if [ -n "${SKIP_DEMO:-}" ]; then
    skip "make demo" "SKIP_DEMO is set"
else
    if timeout 300 make --no-print-directory demo < /dev/null > "$work/demo.log" 2>&1 && grep -q '┌' "$work/demo.log"; then
        pass "make demo runs to completion without a terminal and draws the bar"
    else
        fail "make demo did not complete" "$(tail -20 "$work/demo.log")"
    fi
    # Every step of the standalone bar's part succeeds, and follow saw its tap.
    bar_part=$(sed -n '/» A standalone bar/,/^What tabctl follow saw/p' "$work/demo.log")
    if grep -q '│ Bar modes' <<< "$bar_part" && ! grep -q '(exit status' <<< "$bar_part" \
        && grep -q '^DidSelectItem modes transit$' "$work/demo.log"; then
        pass "make demo shows a standalone bar, and follow saw its tap"
    else
        fail "make demo does not show the standalone bar" "$(tail -40 <<< "$bar_part"; grep -A5 'of the standalone bar' "$work/demo.log")"
    fi
    if pgrep -f "$repo/.build/.*/tabbard --address" > /dev/null; then
        fail "make demo left a tabbard running"
    else
        pass "make demo stops everything it started"
    fi
fi

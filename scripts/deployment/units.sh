# Part of scripts/check-deployment: the installed systemd units, as systemd-analyze sees them.

if ! command -v systemd-analyze > /dev/null; then
    skip "systemd units" "systemd-analyze is not installed"
elif ! ensure_stage; then
    fail "units: make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
else
    system_unit=$stage$(pkg-config --variable=systemdsystemunitdir systemd 2> /dev/null || echo /usr/lib/systemd/system)/tabbard.service
    user_unit=$stage/usr/lib/systemd/user/tabbard.service
    # verify looks for ExecStart's program on this machine, so the unit is checked with the
    # staged path in it.
    sed "s|/usr/bin/tabbard|$stage/usr/bin/tabbard|" "$system_unit" > "$work/tabbard.service"
    check "systemd-analyze verify accepts the system unit" systemd-analyze verify "$work/tabbard.service"
    mkdir -p "$work/user-units" "$work/units-runtime" && chmod 0700 "$work/units-runtime"
    sed "s|/usr/bin/tabbard|$stage/usr/bin/tabbard|" "$user_unit" > "$work/user-units/tabbard.service"
    check "systemd-analyze --user verify accepts the user unit" \
        env XDG_RUNTIME_DIR="$work/units-runtime" systemd-analyze --user verify "$work/user-units/tabbard.service"
    exposure=$(systemd-analyze security --offline=true "$work/tabbard.service" 2> /dev/null \
        | sed -n 's/.*Overall exposure level for tabbard.service: \([0-9.]*\).*/\1/p')
    if [ -n "$exposure" ] && awk -v e="$exposure" 'BEGIN { exit !(e <= 1.0) }'; then
        pass "systemd-analyze security --offline=true rates the system unit $exposure (at most 1.0)"
    else
        fail "systemd-analyze security rates the system unit '${exposure:-?}' (wanted at most 1.0)"
    fi
    # The drop-in docs/plugins.md gives to widen the sandbox, beside a copy of the unit.
    [ -n "${documented_log:-}" ] || source scripts/deployment/docs.sh
    mkdir -p "$work/widened/tabbard.service.d"
    cp "$work/tabbard.service" "$work/widened/"
    doc_block docs/plugins.md ini '[Service]' > "$work/widened/tabbard.service.d/plugins.conf"
    widened=$(SYSTEMD_UNIT_PATH="$work/widened:" systemd-analyze security --offline=true tabbard.service 2> /dev/null)
    widened_exposure=$(sed -n 's/.*Overall exposure level for tabbard.service: \([0-9.]*\).*/\1/p' <<< "$widened")
    if SYSTEMD_UNIT_PATH="$work/widened:" systemd-analyze verify tabbard.service > "$work/widened.log" 2>&1 \
        && grep -q '✗ ProcSubset=' <<< "$widened" && grep -q '✗ PrivateNetwork=' <<< "$widened"; then
        pass "the guide's drop-in opens /proc and the network to plugins (exposure ${exposure:-?} → ${widened_exposure:-?})"
    else
        fail "the guide's drop-in does not verify or does not widen the sandbox" "$(cat "$work/widened.log"; grep -E 'ProcSubset|PrivateNetwork' <<< "$widened")"
    fi

    # sysusers.d and tmpfiles.d, applied to an empty root: the user, then its state directory.
    sysroot=$work/sysroot
    mkdir -p "$sysroot/etc"
    if systemd-sysusers --root="$sysroot" "$stage/usr/lib/sysusers.d/tabbard.conf" > /dev/null 2>&1 \
        && systemd-tmpfiles --root="$sysroot" --create "$stage/usr/lib/tmpfiles.d/tabbard.conf" 2> /dev/null \
        && uid=$(awk -F: '$1 == "tabbard" { print $3 }' "$sysroot/etc/passwd") && [ -n "$uid" ] \
        && [ "$(stat -c '%u %a' "$sysroot/var/lib/tabbard")" = "$uid 700" ]; then
        pass "sysusers.d creates the tabbard user and tmpfiles.d its state directory (mode 0700, owned by it)"
    else
        fail "sysusers.d or tmpfiles.d do not make the user and its state directory" "$(cat "$sysroot/etc/passwd" 2>&1; ls -la "$sysroot/var/lib" 2>&1)"
    fi
fi

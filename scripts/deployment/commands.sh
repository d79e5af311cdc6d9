# Part of scripts/check-deployment: every command README.md shows, run as a reader would
# after a DESTDIR install, with the installed programs first on PATH (the toolchain hidden)
# and a session bus that starts the installed daemon on the first call, as the activation
# file says. (docs/plugins.md's commands are run by the sdk part.)

[ -n "${documented_log:-}" ] || source scripts/deployment/docs.sh

if ! ensure_stage; then
    fail "commands: make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
else
    reader=$work/reader
    bin=$(reader_bin_dir reader-bin)
    mkdir -p "$reader" "$work/reader-activation"
    sed "s|^Exec=/usr/bin/tabbard|Exec=$bin/tabbard|" "$stage/usr/share/dbus-1/services/org.tabbard.TabBar1.service" \
        > "$work/reader-activation/org.tabbard.TabBar1.service"
    start_session_bus reader-bus "$work/reader-activation"
    enter_reader_env "$reader" "$bin" "$bus_address"
    cd "$reader"

    while IFS= read -r line; do run_documented "$line"; done < <(doc_command_lines "$repo/README.md")

    # The commands README names in its text.
    run_documented "tabbard --list-plugins" && [ "$(grep -c 'status: ok' "$work/documented.out")" = 3 ] \
        || fail "tabbard --list-plugins does not find the three installed plugins beside the program" "$(cat "$work/documented.out")"
    run_documented "tabbard --probe-plugin $stage/usr/lib/tabbard/plugins/clock.plugin"
    mkdir -p "$reader/.config/tabbard"
    doc_block "$repo/README.md" toml 'tabs = [' > "$reader/.config/tabbard/tabbard.toml"
    run_documented "tabbard --check-config"
    grep -q 'tabbard.toml' "$work/documented.out" \
        || fail "tabbard --check-config did not read the README's example from ~/.config/tabbard/tabbard.toml" "$(cat "$work/documented.out")"
    run_documented "tabctl --help"

    cd "$repo"
    leave_reader_env
    pkill -f "$stage/usr/bin/tabbard --session" 2> /dev/null
    check_documented_coverage README.md
fi

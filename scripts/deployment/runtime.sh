# Part of scripts/check-deployment: the private Swift runtime. Every installed ELF file is
# stripped and has no RUNPATH but $ORIGIN-relative ones; the runtime libraries are exactly
# those the installed files need; and the installed daemon, plugins and tabctl work with the
# toolchain's directory hidden.

if ! ensure_stage; then
    fail "runtime: make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
else
    elves=$(elf_files_in "$stage")
    toolchain=$(toolchain_root)

    bad_paths=""
    for file in $elves; do
        for path in $(readelf -d "$file" | sed -n 's/.*(\(RPATH\|RUNPATH\)).*\[\(.*\)\]/\2/p' | tr ':' ' '); do
            [[ "$path" == '$ORIGIN'* ]] || bad_paths+="${file#"$stage"}: $path"$'\n'
        done
    done
    if [ -z "$bad_paths" ] && ! grep -rqs --binary-files=text "$toolchain/usr/lib/swift" $elves; then
        pass "no installed ELF file has a RUNPATH other than \$ORIGIN-relative ones, nor names $toolchain"
    else
        fail "installed files still point into the toolchain" "$bad_paths$(grep -rls --binary-files=text "$toolchain/usr/lib/swift" $elves)"
    fi

    unstripped=""
    for file in $elves; do readelf -S "$file" | grep -q '\.symtab' && unstripped+="${file#"$stage"} "; done
    if [ -z "$unstripped" ]; then
        pass "every installed binary, plugin and runtime library is stripped ($(echo "$elves" | wc -w) ELF files)"
    else
        fail "unstripped installed files" "$unstripped"
    fi

    # The runtime is what the installed files need, transitively, and what plugins built
    # elsewhere may need (scripts/install names it), and nothing more.
    runtime=$(cd "$stage/usr/lib/tabbard" && ls ./*.so | sed 's|^\./||' | LC_ALL=C sort)
    plugin_runtime=$(sed -n 's/^plugin_runtime="\(.*\)"$/\1/p' "$repo/scripts/install")
    needed=$( (for file in $elves; do needed_libraries "$file"; done; printf '%s\n' $plugin_runtime) | LC_ALL=C sort -u)
    missing=$(LC_ALL=C comm -13 <(echo "$runtime") <(echo "$needed") | while read -r library; do
        [ -e "$(swift_runtime_dir)/$library" ] && echo "$library"; done)
    unneeded=$(LC_ALL=C comm -23 <(echo "$runtime") <(echo "$needed"))
    if [ -n "$runtime" ] && [ -z "$missing" ] && [ -z "$unneeded" ]; then
        pass "lib/tabbard holds exactly the Swift runtime the installed files need ($(echo "$runtime" | wc -l) libraries, $(du -sh "$stage/usr/lib/tabbard" --exclude=plugins | cut -f1))"
    else
        fail "the private runtime is incomplete or holds unneeded libraries" "missing: $missing"$'\n'"unneeded: $unneeded"
    fi

    # With the toolchain gone, ldd resolves every library of every installed file.
    unresolved=$("$without_toolchain" sh -c 'for f in "$@"; do ldd "$f" 2>&1 | grep "not found" | sed "s|^|$f: |"; done' sh $elves)
    if [ -z "$unresolved" ]; then
        pass "with $toolchain hidden, ldd resolves every library of every installed file"
    else
        fail "with the toolchain hidden, libraries are not found" "$unresolved"
    fi

    # The daemon serves with the toolchain hidden: its plugins load (each probed in a child
    # first) and the installed tabctl drives it.
    start_session_bus runtime-bus
    address=$bus_address
    "$without_toolchain" "$stage/usr/bin/tabbard" --address "$address" --plugin-dir "$stage/usr/lib/tabbard/plugins" \
        --state-dir "$work/runtime-state" > "$work/runtime-daemon.log" 2>&1 &
    pids+=($!)
    ctl=("$without_toolchain" "$stage/usr/bin/tabctl" --address "$address")
    if wait_for_daemon "$address" "$stage/usr/bin/tabctl" \
        && "${ctl[@]}" select alarm > /dev/null && "${ctl[@]}" activate stopwatch start > /dev/null \
        && [ "$("${ctl[@]}" get SelectedTab)" = alarm ] && "${ctl[@]}" show | grep -q 'Alarm'; then
        pass "with $toolchain hidden, the installed daemon serves all bundled plugins and the installed tabctl drives it"
    else
        fail "the installed daemon does not work with the toolchain hidden" "$(tail -20 "$work/runtime-daemon.log")"
    fi
    grep -q 'skipped' "$work/runtime-daemon.log" && fail "a bundled plugin was skipped with the toolchain hidden" "$(grep skipped "$work/runtime-daemon.log")"
fi

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
    for file in $elves; do [[ $(readelf -S "$file") == *'.symtab'* ]] && unstripped+="${file#"$stage"} "; done
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
    daemon=$!
    pids+=($daemon)
    ctl=("$without_toolchain" "$stage/usr/bin/tabctl" --address "$address")
    if wait_for_daemon "$address" "$stage/usr/bin/tabctl" \
        && "${ctl[@]}" select alarm > /dev/null && "${ctl[@]}" activate stopwatch start > /dev/null \
        && [ "$("${ctl[@]}" get SelectedTab)" = alarm ] && "${ctl[@]}" show | grep -q 'Alarm'; then
        pass "with $toolchain hidden, the installed daemon serves all bundled plugins and the installed tabctl drives it"
    else
        fail "the installed daemon does not work with the toolchain hidden" "$(tail -20 "$work/runtime-daemon.log")"
    fi
    grep -q 'skipped' "$work/runtime-daemon.log" && fail "a bundled plugin was skipped with the toolchain hidden" "$(grep skipped "$work/runtime-daemon.log")"

    # The runtime libraries are linked anew with the C++ library inside (scripts/link-runtime),
    # so the serving daemon, with every bundled plugin loaded, has no libstdc++ mapped.
    if [ -r "/proc/$daemon/maps" ] && ! grep -q 'libstdc++' "/proc/$daemon/maps"; then
        pass "the installed daemon serves with every bundled plugin loaded and no libstdc++.so mapped"
    else
        fail "the installed daemon loads libstdc++" "$(grep 'libstdc++' "/proc/$daemon/maps" 2>&1 | head -3)"
    fi
    # Each library of the private runtime stands in for the toolchain's copy of it: the same
    # names exported, so that a plugin built against the toolchain finds everything it binds,
    # and the same Swift metadata sections, the last of which the toolchain's image
    # constructor brings (without it the runtime knows none of the library's conformances).
    exported() { nm -D --defined-only "$1" | awk '{print $NF}' | grep -vxE '_edata|_end|__bss_start' | LC_ALL=C sort; }
    swift_sections() { readelf -SW "$1" | sed -n 's/.* \(swift5_[a-z0-9_]*\) .*/\1/p' | LC_ALL=C sort -u; }
    differing=""
    for library in "$stage"/usr/lib/tabbard/*.so; do
        name=$(basename "$library")
        toolchain_copy=$(swift_runtime_dir)/$name
        cmp -s <(exported "$library") <(exported "$toolchain_copy") || differing+="$name (exports) "
        [ "$(swift_sections "$library")" = "$(swift_sections "$toolchain_copy")" ] || differing+="$name (sections) "
    done
    if [ -z "$differing" ]; then
        pass "every library of the private runtime exports what the toolchain's copy of it exports, and has its Swift sections"
    else
        fail "private runtime libraries differ from the toolchain's" "$differing"
    fi
fi

# scripts/link-runtime on a toolchain of its own making: a library with no static archive is
# left to be shipped as built (status 3); an archive whose library would export other names
# than the shared copy is refused (status 1), as is one that does not link; a good one links.
runtime_dir=$(swift_runtime_dir)
fake=$work/fake-toolchain/usr/lib
mkdir -p "$fake/swift/linux/$(uname -m)" "$fake/swift_static/linux"
cp "$runtime_dir/libswiftCore.so" "$runtime_dir/libswiftGlibc.so" "$runtime_dir/libswiftSynchronization.so" "$fake/swift/linux/"
cp "$runtime_dir/$(uname -m)/swiftrt.o" "$fake/swift/linux/$(uname -m)/"
clang=$runtime_dir/../../../bin/clang
link() { CLANG=$clang scripts/link-runtime "$fake/swift/linux" "$1" "$work/linked-$1" 2> "$work/link-$1.log"; }
link libswiftGlibc.so; status=$?
if [ "$status" -eq 3 ] && grep -q 'no static archive' "$work/link-libswiftGlibc.so.log"; then
    pass "link-runtime leaves a library without a static archive to be shipped as built"
else
    fail "link-runtime without a static archive: status $status" "$(cat "$work/link-libswiftGlibc.so.log")"
fi
# The archive of another library under this one's name.
cp "$runtime_dir/../../swift_static/linux/libswiftSynchronization.a" "$fake/swift_static/linux/libswiftGlibc.a"
link libswiftGlibc.so; status=$?
if [ "$status" -eq 1 ] && grep -q 'would export other names than the toolchain' "$work/link-libswiftGlibc.so.log" && [ ! -e "$work/linked-libswiftGlibc.so" ]; then
    pass "link-runtime refuses a library whose exports would differ from the toolchain's copy, and writes nothing"
else
    fail "link-runtime with a mismatched archive: status $status" "$(head -3 "$work/link-libswiftGlibc.so.log")"
fi
printf 'not an archive\n' > "$fake/swift_static/linux/libswiftSynchronization.a"
link libswiftSynchronization.so; status=$?
if [ "$status" -eq 1 ] && grep -q 'libswiftSynchronization.so: its archive does not link' "$work/link-libswiftSynchronization.so.log" && [ ! -e "$work/linked-libswiftSynchronization.so" ]; then
    pass "link-runtime reports a library that does not link, and writes nothing"
else
    fail "link-runtime with a broken archive: status $status" "$(head -3 "$work/link-libswiftSynchronization.so.log")"
fi
cp "$runtime_dir/../../swift_static/linux/libswiftGlibc.a" "$fake/swift_static/linux/libswiftGlibc.a"
if link libswiftGlibc.so && [[ $(needed_libraries "$work/linked-libswiftGlibc.so") != *'libstdc++'* ]]; then
    pass "link-runtime links a library from its archive without libstdc++.so.6"
else
    fail "link-runtime does not link libswiftGlibc.so from its archive" "$(head -3 "$work/link-libswiftGlibc.so.log")"
fi

# Part of scripts/check-deployment: the plugin guide (docs/plugins.md) followed by an author
# who has only a DESTDIR install: its Swift plugin built against the installed
# TabbardPluginKit with no network, its C plugin against the installed header through
# pkg-config, and both checked, probed and used with the installed daemon and tabctl, the
# toolchain hidden for everything that runs them.

[ -n "${documented_log:-}" ] || source scripts/deployment/docs.sh

if ! ensure_stage; then
    fail "sdk: make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
else
    guide=docs/plugins.md
    author=$work/author
    sdk=$stage/usr/share/tabbard/TabbardPluginKit
    mkdir -p "$author/home" "$author/hello/Sources/Hello" "$author/counter"

    # The SDK is self-contained: nothing of the daemon's dependencies, no other package.
    # (Comments aside: the manifest's comment shows how a plugin names the SDK.)
    if grep -rqiE '^[^/]*(tomlkit|url:|\.package\()' "$sdk"; then
        fail "the installed SDK names another package" "$(grep -rniE '^[^/]*(tomlkit|url:|\.package\()' "$sdk")"
    else
        pass "the installed TabbardPluginKit package depends on nothing but its own sources"
    fi

    # The files the guide shows, where the guide says. Its Package.swift names the SDK of the
    # Debian package, /usr/share/…; here that is under DESTDIR.
    doc_block "$guide" swift PackageDescription | sed "s|/usr/share/tabbard/TabbardPluginKit|$sdk|" > "$author/hello/Package.swift"
    doc_block "$guide" swift 'final class Hello' > "$author/hello/Sources/Hello/Hello.swift"
    doc_block "$guide" toml 'name = "hello"' > "$author/hello/hello.plugin"
    doc_block "$guide" c counter_plugin > "$author/counter/counter.c"
    doc_block "$guide" toml 'name = "counter"' > "$author/counter/counter.plugin"
    # tabbard-plugin.pc names its directories relative to itself: read from the DESTDIR tree,
    # they are the tree's own.
    grep -q "/usr/share/tabbard/TabbardPluginKit" <(doc_block "$guide" swift PackageDescription) \
        && [ "$(realpath -m "$(PKG_CONFIG_PATH="$stage/usr/share/pkgconfig" pkg-config --variable=sdkdir tabbard-plugin)")" = "$sdk" ] \
        && pass "the guide's Package.swift names the SDK where the package installs it (pkg-config --variable=sdkdir)" \
        || fail "the guide's Package.swift and tabbard-plugin.pc disagree on where the SDK is" \
            "$(PKG_CONFIG_PATH="$stage/usr/share/pkgconfig" pkg-config --variable=sdkdir tabbard-plugin 2>&1)"

    # The guide's build commands, run as written in each plugin's directory: the Swift one in
    # a network namespace of its own (no network at all), far from any tabbard checkout. The
    # only help is PKG_CONFIG_PATH, as for any package unpacked away from /usr.
    author_env=(env HOME="$author/home" PATH="$stage/usr/bin:$PATH" PKG_CONFIG_PATH="$stage/usr/share/pkgconfig")
    swift_build=$(doc_block "$guide" sh 'swift build')
    started=$(date +%s)
    if (cd "$author/hello" && "${author_env[@]}" unshare -n bash -e -c "$swift_build") > "$work/hello-build.log" 2>&1; then
        pass "the guide's Swift plugin builds against the installed SDK, with no network ($(( $(date +%s) - started )) s)"
    else
        fail "the guide's Swift plugin does not build against the installed SDK" "$(grep -E 'error|warning' "$work/hello-build.log" | head -20; tail -5 "$work/hello-build.log")"
    fi
    while IFS= read -r line; do echo "ran $line" >> "$documented_log"; done <<< "$swift_build"
    c_build=$(doc_block "$guide" sh 'pkg-config --cflags tabbard-plugin')
    if (cd "$author/counter" && "${author_env[@]}" bash -e -c "$c_build") > "$work/counter-build.log" 2>&1; then
        pass "the guide's C plugin builds against the installed header through pkg-config"
    else
        fail "the guide's C plugin does not build against the installed header" "$(tail -10 "$work/counter-build.log")"
    fi
    while IFS= read -r line; do echo "ran $line" >> "$documented_log"; done <<< "$c_build"
    # What C plugins reach for beyond ISO C (the bundled notes plugin among them): the guide's
    # compile line must declare it, with no warning under its -Wall.
    mkdir -p "$author/uptime"
    cat > "$author/uptime/uptime.c" << 'SOURCE'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tabbard/plugin.h>

char *uptime_text(void) {
    struct timespec now;
    char *text = NULL, *copy;
    size_t size = 0;
    FILE *stream;
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return NULL;
    if ((stream = open_memstream(&text, &size)) == NULL) return NULL;
    fprintf(stream, "up %lld s, ABI %d.%d", (long long)now.tv_sec, TABBARD_PLUGIN_ABI_MAJOR, TABBARD_PLUGIN_ABI_MINOR);
    fclose(stream);
    copy = strdup(text);
    free(text);
    return copy;
}
SOURCE
    uptime_build=$(grep '^cc ' <<< "$c_build" | sed 's/counter/uptime/g')
    if (cd "$author/uptime" && "${author_env[@]}" bash -e -c "$uptime_build") > "$work/uptime-build.log" 2>&1 \
        && ! grep -q 'warning' "$work/uptime-build.log"; then
        pass "the guide's C compile line declares strdup, clock_gettime and open_memstream"
    else
        fail "the guide's C compile line hides POSIX functions from a plugin" "$uptime_build"$'\n'"$(head -20 "$work/uptime-build.log")"
    fi
    if nm -D --defined-only "$author/home/tabbard-plugins/libhello.so" 2> /dev/null | grep -q ' tabbard_plugin_swift_release_v1$'; then
        pass "the Swift plugin records the Swift release that built it (tabbard_plugin_swift_release_v1)"
    else
        fail "the Swift plugin does not export tabbard_plugin_swift_release_v1"
    fi

    # The guide's checks and its start, with the installed programs and the toolchain hidden.
    start_session_bus guide-bus
    enter_reader_env "$author/home" "$(reader_bin_dir guide-bin)" "$bus_address"
    for pattern in 'tabbard --list-plugins' 'tabbard --probe-plugin' 'tabbard --plugin-dir'; do
        while IFS= read -r line; do
            run_documented "$line"
            case "$line" in
                *--list-plugins*) [ "$(grep -c 'status: ok' "$work/documented.out")" = 2 ] \
                    && pass "--list-plugins lists both guide plugins as ok" \
                    || fail "--list-plugins does not list both guide plugins as ok" "$(cat "$work/documented.out")" ;;
                *--probe-plugin*) grep -q '^ok: plugin' "$work/documented.out" \
                    || fail "the probe did not say ok" "$(cat "$work/documented.out")" ;;
            esac
        done < <(doc_block "$guide" sh "$pattern")
    done
    content() { busctl --address="$bus_address" call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 GetContent s "$1" 2>&1; }
    if [ "$(content counter | cut -d'"' -f6)" = "Count: 1" ] && [ "$(content hello | cut -d'"' -f6)" = "Waved 1 times" ]; then
        pass "the guide's C and Swift plugins serve their tabs in the installed daemon, toolchain hidden, and took the guide's actions"
    else
        fail "the guide's plugins do not show the guide's actions" "$(content counter; content hello)"
    fi
    # The remaining blocks of the guide need root on a real system (installing a plugin, a new
    # build of one, the unit); the reload of a new build is tested by ModuleReplacementTests.
    while IFS= read -r line; do run_documented "$line"; done < <(doc_block "$guide" sh 'sudo install'
        doc_block "$guide" sh 'restart tabbard'; doc_block "$guide" sh 'daemon-reload')
    leave_reader_env
    pkill -f "$stage/usr/bin/tabbard --plugin-dir" 2> /dev/null
    check_documented_coverage "$guide"
fi

# Part of scripts/check-deployment: the install tree, where each part lands for each kind of
# PREFIX, and uninstall.

# The documented tree for PREFIX=/usr, relative to DESTDIR, without the runtime libraries
# (checked by the runtime part). Units go where Debian's systemd.pc says.
unit_dir=$(pkg-config --variable=systemdsystemunitdir systemd 2> /dev/null || echo /usr/lib/systemd/system)
expected_tree() {
    sed "s|^@UNITDIR@|${unit_dir#/}|" <<'TREE'
@UNITDIR@/tabbard.service
usr/bin/tabbard
usr/bin/tabctl
usr/include/tabbard/plugin.h
usr/lib/systemd/user/tabbard.service
usr/lib/sysusers.d/tabbard.conf
usr/lib/tabbard/installed-files
usr/lib/tabbard/plugins/clock.plugin
usr/lib/tabbard/plugins/libclock.so
usr/lib/tabbard/plugins/libmedia.so
usr/lib/tabbard/plugins/libnotes.so
usr/lib/tabbard/plugins/media.plugin
usr/lib/tabbard/plugins/notes.plugin
usr/lib/tmpfiles.d/tabbard.conf
usr/share/bash-completion/completions/tabctl
usr/share/dbus-1/interfaces/org.tabbard.TabBar1.Delegate.xml
usr/share/dbus-1/interfaces/org.tabbard.TabBar1.xml
usr/share/dbus-1/services/org.tabbard.TabBar1.service
usr/share/dbus-1/system-services/org.tabbard.TabBar1.service
usr/share/dbus-1/system.d/org.tabbard.TabBar1.conf
usr/share/fish/vendor_completions.d/tabctl.fish
usr/share/man/man1/tabctl.1.gz
usr/share/man/man5/tabbard.toml.5.gz
usr/share/man/man8/tabbard.8.gz
usr/share/pkgconfig/tabbard-plugin.pc
usr/share/tabbard/TabbardPluginKit/Package.swift
usr/share/tabbard/TabbardPluginKit/Sources/TabbardPluginABI/include/tabbard/plugin.h
usr/share/tabbard/TabbardPluginKit/Sources/TabbardPluginABI/layout.c
usr/share/zsh/site-functions/_tabctl
TREE
    (cd Sources && ls TabbardSwiftRelease/*.swift TabbardPluginKit/*.swift) | sed 's|^|usr/share/tabbard/TabbardPluginKit/Sources/|'
}

if ensure_stage; then
    if diff <(expected_tree | LC_ALL=C sort) <(tree_of "$stage" | grep -v '^usr/lib/tabbard/[^/]*\.so$') > "$work/tree.diff"; then
        pass "make install DESTDIR=… PREFIX=/usr installs exactly the documented tree under DESTDIR"
    else
        fail "make install DESTDIR=… PREFIX=/usr: the tree differs from the documented one" "$(cat "$work/tree.diff")"
    fi
    if grep -q '^ExecStart=/usr/bin/tabbard --system$' "$stage$unit_dir/tabbard.service" \
        && grep -q '^ExecStart=/usr/bin/tabbard --session$' "$stage/usr/lib/systemd/user/tabbard.service" \
        && grep -q '^Exec=/usr/bin/tabbard --session$' "$stage/usr/share/dbus-1/services/org.tabbard.TabBar1.service"; then
        pass "the installed units and activation file run /usr/bin/tabbard"
    else
        fail "the installed units or activation file do not name /usr/bin/tabbard"
    fi
    pc_dir="$stage/usr/share/pkgconfig"
    if [ "$(PKG_CONFIG_PATH=$pc_dir pkg-config --variable=swift_release tabbard-plugin)" = "$("$stage/usr/bin/tabbard" --version | sed -n 's/.*(Swift \(.*\))$/\1/p')" ] \
        && [ "$(PKG_CONFIG_PATH=$pc_dir pkg-config --modversion tabbard-plugin)" = "$("$stage/usr/bin/tabbard" --version | cut -d' ' -f2)" ]; then
        pass "tabbard-plugin.pc gives the daemon's version and Swift release"
    else
        fail "tabbard-plugin.pc disagrees with tabbard --version" "$(cat "$pc_dir/tabbard-plugin.pc")"
    fi

    # The manual pages render without a message from man, run as lintian runs it (at both
    # widths it uses), and say what the programs and the configuration reader say: every
    # command, bar action and option of `tabctl --help`, every option of `tabbard --help`, and
    # every key the configuration reader reads, each where the page defines it.
    man_dir=$stage/usr/share/man
    messages=""
    for page in man1/tabctl.1.gz man5/tabbard.toml.5.gz man8/tabbard.8.gz; do
        for width in 80 120; do
            messages+=$(cd "$work" && env -i PATH="$PATH" LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=$width \
                man --warnings -E UTF-8 -l -Tutf8 -Z "$man_dir/$page" 2>&1 > /dev/null | sed "s|^|$page ($width columns): |")
        done
    done
    if [ -z "$messages" ]; then
        pass "the manual pages tabbard(8), tabctl(1) and tabbard.toml(5) render without a message from man"
    else
        fail "man has messages about the manual pages" "$messages"
    fi
    # The page's text without roff's escapes. Its terms: the words of each tagged paragraph's
    # tag; its headings: the words of its sections and subsections.
    page_text() { zcat "$1" | sed -e 's/\\f[BIR]//g' -e 's/\\-/-/g' -e 's/\\[:&]//g' -e 's/\\e/\\/g'; }
    page_terms() { page_text "$1" | awk 'tag { print; tag = 0 } /^\.TP/ { tag = 1 }' | tr ' ,' '\n\n'; }
    page_headings() { page_text "$1" | sed -n 's/^\.S[HS] //p' | tr ' ,|' '\n\n\n'; }
    # missing WORDS DEFINED: the words of WORDS (one a line) that DEFINED (one a line) lacks.
    missing() { LC_ALL=C comm -23 <(sort -u <<< "$1") <(sort -u <<< "$2") | tr '\n' ' '; }
    tabctl_help=$("$stage/usr/bin/tabctl" --help)
    help_section() { sed -n "/^$2:/,/^\$/s/^  \\([a-z-]*\\) .*/\\1/p" <<< "$1"; }
    missing_commands=$(missing "$(help_section "$tabctl_help" Commands)" "$(page_headings "$man_dir/man1/tabctl.1.gz")")
    missing_actions=$(missing "$(help_section "$("$stage/usr/bin/tabctl" bar --help)" Actions)" "$(page_terms "$man_dir/man1/tabctl.1.gz")")
    missing_tabctl_options=$(missing "$(help_section "$tabctl_help" Options)" "$(page_terms "$man_dir/man1/tabctl.1.gz")")
    missing_tabbard_options=$(missing "$("$stage/usr/bin/tabbard" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p')" \
        "$(page_terms "$man_dir/man8/tabbard.8.gz")")
    configuration_keys=$(grep -ohE '\.(string|strings|integer|parsed|bool)\("[a-z_]+"' Sources/TabbardDaemon/Configuration/*.swift \
        | sed 's/.*("//; s/"$//')
    missing_keys=$(missing "$configuration_keys" "$(page_terms "$man_dir/man5/tabbard.toml.5.gz")")
    if [ -n "$configuration_keys" ] && [ -z "$missing_commands$missing_actions$missing_tabctl_options$missing_tabbard_options$missing_keys" ]; then
        pass "the manual pages cover every tabctl command, bar action and option, tabbard option and configuration key"
    else
        fail "the manual pages miss what the programs or the configuration reader have" \
            "tabctl(1) commands: $missing_commands"$'\n'"tabctl(1) bar actions: $missing_actions"$'\n'"tabctl(1) options: $missing_tabctl_options"$'\n'"tabbard(8) options: $missing_tabbard_options"$'\n'"tabbard.toml(5) keys: $missing_keys"
    fi
else
    fail "make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
fi

# Where each part goes, by PREFIX (scripts/install paths prints the plan without installing).
paths_for() { env -i PATH="$PATH" HOME="$1" PREFIX="$2" ${3:+SCOPE=$3} scripts/install paths; }
path_of() { paths_for "$1" "$2" "${4:-}" | sed -n "s/^$3=//p"; }
if [ "$(path_of /home/ann /usr/local bus_policy_dir)" = /etc/dbus-1/system.d ] \
    && [ "$(path_of /home/ann /usr/local system_unit_dir)" = /usr/local/lib/systemd/system ] \
    && [ "$(path_of /home/ann /usr/local sysusers_dir)" = /usr/local/lib/sysusers.d ] \
    && [ "$(path_of /home/ann /usr/local system_services_dir)" = /usr/local/share/dbus-1/system-services ]; then
    pass "PREFIX=/usr/local: the bus policy goes to /etc/dbus-1/system.d (dbus-daemon does not read /usr/local), units to /usr/local/lib/systemd"
else
    fail "PREFIX=/usr/local puts parts where systemd or dbus-daemon do not look" "$(paths_for /home/ann /usr/local)"
fi
if [ "$(path_of /home/ann /opt/tabbard system_unit_dir)" = /etc/systemd/system ] \
    && [ "$(path_of /home/ann /opt/tabbard user_unit_dir)" = /etc/systemd/user ] \
    && [ "$(path_of /home/ann /opt/tabbard bus_policy_dir)" = /etc/dbus-1/system.d ] \
    && [ -z "$(path_of /home/ann /opt/tabbard system_services_dir)" ]; then
    pass "PREFIX=/opt/tabbard: units and the bus policy go under /etc, and no system activation file where the bus would not read it"
else
    fail "PREFIX=/opt/tabbard puts parts where systemd or dbus-daemon do not look" "$(paths_for /home/ann /opt/tabbard)"
fi
if [ "$(path_of /home/ann /home/ann/.local SCOPE)" = user ] && ! paths_for /home/ann /home/ann/.local | grep -q '^system_unit_dir=' \
    && [ "$(path_of /home/ann /home/ann/.local user_unit_dir)" = /home/ann/.local/share/systemd/user ] \
    && [ "$(path_of /home/ann /home/ann/opt user_unit_dir)" = /home/ann/.config/systemd/user ]; then
    pass "a PREFIX under \$HOME installs for the user only, with the user unit where systemd --user looks"
else
    fail "a home PREFIX installs system parts or puts the user unit where systemd --user does not look" "$(paths_for /home/ann /home/ann/.local)"
fi

# The user-service recipe, literally: a real install into a home (a fake one), no DESTDIR.
home=$work/home
mkdir -p "$home"
if env -u XDG_DATA_HOME -u XDG_CONFIG_HOME HOME=$home make --no-print-directory install PREFIX="$home/.local" CONFIG=debug > "$work/home.log" 2>&1; then
    outside=$(grep -v "^$home/" "$home/.local/lib/tabbard/installed-files")
    if [ -z "$outside" ] && [ -f "$home/.local/share/systemd/user/tabbard.service" ] \
        && ! grep -q -e 'system.d/' -e 'sysusers.d/' -e 'systemd/system/' -e 'system-services/' "$home/.local/lib/tabbard/installed-files"; then
        pass "make install PREFIX=\$HOME/.local writes only under \$HOME, and nothing system-wide"
    else
        fail "make install PREFIX=\$HOME/.local wrote system parts or outside \$HOME" "$outside$(grep -e system "$home/.local/lib/tabbard/installed-files")"
    fi
    mkdir -p "$work/runtime-dir" && chmod 0700 "$work/runtime-dir"
    if HOME=$home XDG_RUNTIME_DIR=$work/runtime-dir systemd-analyze --user unit-paths 2> /dev/null | grep -qx "$home/.local/share/systemd/user"; then
        pass "systemd --user searches the directory the user unit went to ($home/.local/share/systemd/user)"
    else
        fail "systemd --user does not search $home/.local/share/systemd/user" "$(HOME=$home XDG_RUNTIME_DIR=$work/runtime-dir systemd-analyze --user unit-paths 2>&1)"
    fi
    grep -q 'installing for your user only' "$work/home.log" && pass "a home install says that it leaves out the system parts" \
        || fail "a home install does not say that it leaves out the system parts" "$(tail -5 "$work/home.log")"
    # man finds the pages beside the programs on PATH (…/bin → …/share/man), with no MANPATH.
    if found=$(env -u MANPATH HOME=$home PATH="$home/.local/bin:$PATH" man -w tabctl 2>&1) \
        && [ "$found" = "$home/.local/share/man/man1/tabctl.1.gz" ]; then
        pass "man tabctl finds the page a home install put in ~/.local/share/man, with ~/.local/bin on PATH"
    else
        fail "man tabctl does not find the page of a home install" "$found"
    fi
    # ($home may also hold the package manager's caches, which are not ours to remove.)
    if HOME=$home make --no-print-directory uninstall PREFIX="$home/.local" > "$work/uninstall.log" 2>&1 \
        && [ -z "$(tree_of "$home/.local")" ] && [ -z "$(find "$home" -name '*tabbard*')" ]; then
        pass "make uninstall removes every file make install put there"
    else
        fail "make uninstall left files behind" "$(tree_of "$home/.local"; find "$home" -name '*tabbard*'; tail -5 "$work/uninstall.log")"
    fi
else
    fail "make install PREFIX=\$HOME/.local failed" "$(tail -20 "$work/home.log")"
fi

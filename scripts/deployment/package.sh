# Part of scripts/check-deployment: `make deb` and the package on a clean Debian 12. The
# package is built (release, as `make deb` builds it) and checked with lintian (its hardening
# and manual pages too); a Debian 12 root is made with mmdebstrap (minbase, dbus and man-db:
# no Swift anywhere); the package is installed there with apt and its manual pages read; inside
# that root (chroot, with its own mounts in a private namespace) a dbus-daemon runs with the
# installed system policy and the daemon runs as the tabbard user, as its unit would run it;
# the installed tabctl drives it, another user is refused a change; then the package is
# removed and purged, and nothing of it may be left. Prints its times.

package_root=$work/debian-root
# in_root COMMAND...: runs COMMAND inside the root, with /proc, /dev, /sys and a fresh /run
# mounted for it, in private mount and process namespaces: whatever it started ends with it,
# and nothing in it sees the machine's processes.
in_root() {
    unshare -m -p --fork -- sh -c '
        root=$1; shift
        mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev" && mount -t sysfs sysfs "$root/sys" \
            && mount -t tmpfs tmpfs "$root/run" && exec chroot "$root" "$@"' sh "$package_root" "$@"
}
# The root's files, but for what changes by using it at all (apt's and dpkg's records,
# logs, caches) and the mount points.
root_files() {
    (cd "$package_root" && find . -xdev \( -path ./proc -o -path ./dev -o -path ./sys -o -path ./run -o -path ./tmp \
        -o -path ./var/lib/dpkg -o -path ./var/lib/apt -o -path ./var/cache -o -path ./var/log \) -prune \
        -o -print | LC_ALL=C sort)
}

if [ -n "${SKIP_PACKAGE:-}" ]; then
    skip "the Debian package" "SKIP_PACKAGE is set"
else
    started=$(date +%s)
    if ! make --no-print-directory deb > "$work/deb.log" 2>&1; then
        fail "make deb failed" "$(tail -20 "$work/deb.log")"
    else
        built_in=$(( $(date +%s) - started ))
        deb=$(tail -1 "$work/deb.log")
        pass "make deb builds $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB, in ${built_in} s)"
        if lintian --fail-on error "$deb" > "$work/lintian.log" 2>&1; then
            pass "lintian finds no errors in the package ($(grep -c '^W:' "$work/lintian.log") warnings)"
        else
            fail "lintian finds errors in the package" "$(grep -E '^E:' "$work/lintian.log")"
        fi
        # Debian's hardening and manual pages, which lintian reports as information only: no
        # tag about either but what the package's overrides explain (the toolchain's builds).
        lintian -I "$deb" > "$work/lintian-info.log" 2>&1
        if ! grep -E 'hardening-|manual-page|groff-message|manpage' "$work/lintian-info.log" > "$work/lintian-tags.log"; then
            pass "lintian reports nothing about hardening (PIE, bind now) or the manual pages"
        else
            fail "lintian reports hardening or manual page tags" "$(cat "$work/lintian-tags.log")"
        fi
        # What those tags stand for, read from the files: both programs position-independent
        # executables, and every ELF file bound at load (BIND_NOW) with a read-only GOT after it
        # (GNU_RELRO), but the ones the overrides name, which are the toolchain's builds.
        unbound=""
        for file in $(elf_files_in "$repo/.build/deb/root"); do
            relative=${file#"$repo/.build/deb/root/"}
            grep -q "hardening-no-bindnow \[$relative\]" packaging/debian/lintian-overrides && continue
            if ! readelf -d "$file" | grep -q 'FLAGS_1.*NOW' || ! readelf -lW "$file" | grep -q GNU_RELRO; then
                unbound+="$relative "
            fi
        done
        types=$(for program in tabctl tabbard; do readelf -h "$repo/.build/deb/root/usr/bin/$program" | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p'; done | tr '\n' ' ')
        if [ "$types" = "DYN DYN " ] && [ -z "$unbound" ]; then
            pass "tabctl and tabbard are position-independent, and every ELF file the package builds is bound at load with RELRO"
        else
            fail "a packaged program is not position-independent, or an ELF file is not bound at load with RELRO" \
                "types of tabctl, tabbard: $types"$'\n'"without BIND_NOW or RELRO: $unbound"
        fi
        depends=$(dpkg-deb -f "$deb" Depends)
        if [ -n "$depends" ] && ! grep -qi swift <<< "$depends" \
            && [ -z "$(sed 's/([^)]*)//g; s/,/\n/g' <<< "$depends" | tr -d ' ' | grep -vxE 'libc6|libgcc-s1|libstdc\+\+6')" ]; then
            pass "the package depends only on the Debian libraries its ELF files need: $depends"
        else
            fail "the package depends on more than the libraries its ELF files need" "$depends"
        fi
        # libdbus is linked in: the package names the source it was built with.
        static_built_using=$(dpkg-deb -f "$deb" Static-Built-Using)
        if [[ "$static_built_using" == "dbus (= "*"), gcc-"*" (= "*")" ]]; then
            pass "the package names the libdbus and the libstdc++ linked into it: Static-Built-Using: $static_built_using"
        else
            fail "the package does not name the libdbus and the libstdc++ linked into it" "Static-Built-Using: $static_built_using"
        fi

        # The packaged daemon and tabctl (release builds) carry libdbus (its static archive), so
        # that neither loads libdbus's shared library nor the libsystemd, libgcrypt, liblzma,
        # libzstd, liblz4, libgpg-error and libcap behind it: tabctl needs only the C library,
        # the daemon that and the Swift runtime.
        needs_of() { needed_libraries "$1" | grep -v '^ld-linux' | LC_ALL=C sort | tr '\n' ' '; }
        tabctl_needs=$(needs_of "$repo/.build/deb/root/usr/bin/tabctl")
        daemon_needs=$(needs_of "$repo/.build/deb/root/usr/bin/tabbard")
        if [ "$tabctl_needs" = "libc.so.6 libm.so.6 " ] \
            && [ "$daemon_needs" = "libc.so.6 libm.so.6 libswiftCore.so libswiftGlibc.so libswiftSynchronization.so " ]; then
            pass "the packaged daemon and tabctl load no libdbus or libsystemd (libdbus linked in)"
        else
            fail "the packaged daemon or tabctl loads more than the C library and the Swift runtime" \
                "tabctl NEEDED: $tabctl_needs"$'\n'"daemon NEEDED: $daemon_needs"
        fi

        # The packaged tabctl (a release build) starts without the runtime's own start-up reads
        # (docs/performance.md, "tabctl"): no /proc/self/maps (the runtime's argument grabber,
        # replaced by CArgumentVector), no CPU count (libdispatch's initializer), no search for
        # a `swift-backtrace` the package does not ship (CBacktraceSetting), and its arguments
        # still reach it. A SWIFT_BACKTRACE of the user's reaches the runtime as given: asked
        # to backtrace, it says it finds no `swift-backtrace`. And what tabctl starts sees the
        # environment tabctl was given, without the setting made for the runtime.
        packaged_tabctl=$repo/.build/deb/root/usr/bin/tabctl
        if ! command -v strace > /dev/null; then
            skip "the packaged tabctl's start reads nothing from /proc or /sys and looks for no swift-backtrace" "no strace"
        else
            start_trace=$work/tabctl-start.trace
            if version=$(strace -f -qq -o "$start_trace" "$packaged_tabctl" --version) && [[ "$version" == "tabctl "* ]] \
                && ! grep -Eq '^[0-9]+ +openat\(.*"/(proc|sys)/' "$start_trace"; then
                pass "the packaged tabctl gets its arguments and opens nothing under /proc or /sys at start"
            else
                fail "the packaged tabctl's start opens /proc or /sys files, or misses its arguments" \
                    "$version"$'\n'"$(grep -E '"/(proc|sys)/' "$start_trace")"
            fi
            if ! grep -Eq 'swift-backtrace|/libexec/' "$start_trace" && ! grep -q 'TCGETS' "$start_trace"; then
                pass "the packaged tabctl looks for no swift-backtrace and asks about no terminal at start"
            else
                fail "the packaged tabctl's start still looks for swift-backtrace" "$(grep -E 'swift-backtrace|/libexec/|TCGETS' "$start_trace")"
            fi
        fi
        asked=$(SWIFT_BACKTRACE=enable=yes "$packaged_tabctl" --version 2>&1)
        if [[ "$asked" == *"unable to locate swift-backtrace"* && "$asked" == *"tabctl "* ]]; then
            pass "a SWIFT_BACKTRACE in the environment reaches the packaged tabctl's runtime as given"
        else
            fail "the packaged tabctl's runtime did not see the SWIFT_BACKTRACE it was given" "$asked"
        fi
        start_session_bus tabctl-environment-bus
        "$repo/.build/deb/root/usr/bin/tabbard" --address "$bus_address" --plugin-dir "$repo/.build/deb/root/usr/lib/tabbard/plugins" \
            --state-dir "$work/tabctl-environment-state" > "$work/tabctl-environment-daemon.log" 2>&1 &
        environment_daemon=$!
        pids+=($!)
        if wait_for_daemon "$bus_address" "$packaged_tabctl"; then
            "$packaged_tabctl" --address "$bus_address" delegate --exec "env > '$work/judge-environment'; true" \
                > "$work/delegate.log" 2>&1 &
            environment_delegate=$!
            pids+=($!)
            for _ in $(seq 200); do grep -q registered "$work/delegate.log" && break; sleep 0.05; done
            "$packaged_tabctl" --address "$bus_address" tap alarm > /dev/null 2>&1
            kill "$environment_delegate" 2> /dev/null
        fi
        kill "$environment_daemon" 2> /dev/null
        if [ -s "$work/judge-environment" ] && ! grep -q '^SWIFT_BACKTRACE=' "$work/judge-environment"; then
            pass "a command the packaged tabctl starts (delegate --exec) gets no SWIFT_BACKTRACE"
        else
            fail "a command the packaged tabctl starts did not run, or got the runtime's SWIFT_BACKTRACE" \
                "$(tail -5 "$work/delegate.log"; grep '^SWIFT_' "$work/judge-environment" 2> /dev/null)"
        fi

        started=$(date +%s)
        if ! mmdebstrap --variant=minbase --include=dbus,man-db bookworm "$package_root" > "$work/mmdebstrap.log" 2>&1; then
            fail "mmdebstrap could not make a Debian 12 root" "$(tail -20 "$work/mmdebstrap.log")"
        else
            root_in=$(( $(date +%s) - started ))
            pass "mmdebstrap made a clean Debian 12 root (minbase, dbus and man-db) in ${root_in} s"
            cleanups+=("rm -rf '$package_root'")
            if [ -z "$(find "$package_root" -xdev -name 'libswiftCore*' -o -xdev -name 'swift*' -type f -perm -u+x)" ]; then
                pass "the root has no Swift in it"
            else
                fail "the root has Swift in it" "$(find "$package_root" -xdev -name 'libswiftCore*')"
            fi
            root_files > "$work/root-before"

            cp "$deb" "$package_root/tmp/"
            started=$(date +%s)
            if in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "/tmp/$(basename "$deb")" \
                > "$work/apt-install.log" 2>&1; then
                installed_size=$(in_root dpkg-query -W -f='${Installed-Size}' tabbard)
                pass "apt installs the package in the root in $(( $(date +%s) - started )) s (installed size $installed_size KiB)"
            else
                fail "apt cannot install the package in the root" "$(tail -20 "$work/apt-install.log")"
            fi
            # What the maintainer scripts did.
            state=$(in_root stat -c '%U %a' /var/lib/tabbard 2>&1)
            if in_root getent passwd tabbard > /dev/null && [ "$state" = "tabbard 700" ] \
                && [ -L "$package_root/etc/systemd/system/multi-user.target.wants/tabbard.service" ] \
                && [ -L "$package_root/etc/systemd/system/dbus-org.tabbard.TabBar1.service" ]; then
                pass "installing created the tabbard user and /var/lib/tabbard (0700) and enabled the unit with its bus alias"
            else
                fail "installing did not create the user, its state directory or the unit's links" \
                    "$(in_root getent passwd tabbard; echo "state: $state"; ls -la "$package_root/etc/systemd/system" 2>&1)"
            fi

            # The manual pages, as a reader of the installed package gets them.
            if [ "$(in_root man -w tabctl 2>&1)" = /usr/share/man/man1/tabctl.1.gz ] \
                && in_root man 8 tabbard 2> /dev/null | grep -q 'tab bar controller daemon on D-Bus' \
                && in_root man 5 tabbard.toml 2> /dev/null | grep -q 'customization_timeout_s' \
                && in_root man 1 tabctl 2> /dev/null | grep -q 'tabctl bar modes create'; then
                pass "man tabctl, man tabbard and man tabbard.toml show the installed manual pages"
            else
                fail "man does not find or show the installed manual pages" "$(in_root man -w tabctl tabbard tabbard.toml 2>&1)"
            fi

            # A hostile plugin (scripts/deployment/invader.c), built here since the root has no
            # compiler, installed beside the package's plugins for the drive: it runs in a helper
            # and tries the system bus as the daemon's user.
            invader_built=no
            if cc -std=gnu11 -Wall -shared -fPIC -I "$repo/Sources/TabbardPluginABI/include" -o "$work/libinvader.so" \
                "$repo/scripts/deployment/invader.c" > "$work/invader-build.log" 2>&1; then
                invader_built=yes
                printf '%s\n' 'name = "invader"' 'module = "libinvader.so"' 'abi = "1.0"' \
                    'description = "tries to reach the system bus from its helper"' '' '[[tabs]]' 'id = "invader"' \
                    'title = "Invader"' > "$work/invader.plugin"
                install -m 0644 "$work/libinvader.so" "$work/invader.plugin" "$package_root/usr/lib/tabbard/plugins/"
            else
                fail "the hostile test plugin does not build" "$(tail -5 "$work/invader-build.log")"
            fi

            # The system instance, driven from inside the root.
            cat > "$package_root/tmp/drive.sh" <<'DRIVE'
#!/bin/bash
# Runs inside the Debian root: one line per check, "PASS what" or "FAIL what: detail".
result() { if [ "$1" = 0 ]; then echo "PASS $2"; else echo "FAIL $2: $3"; fi; }
badge() { tabctl --system list | awk -v id="$1" '$2 == id { print $5 }'; }
dbus-uuidgen --ensure
mkdir -p /run/dbus
dbus-daemon --system --fork --nopidfile
for _ in $(seq 100); do [ -S /run/dbus/system_bus_socket ] && break; sleep 0.05; done
# As tabbard.service runs it: the tabbard user, its state directory, the system bus (setpriv
# execs the daemon, so $! is the daemon itself).
setpriv --reuid=tabbard --regid=tabbard --init-groups env STATE_DIRECTORY=/var/lib/tabbard \
    /usr/bin/tabbard --system > /tmp/tabbard.log 2>&1 &
daemon=$!
for _ in $(seq 200); do tabctl --system get Version > /dev/null 2>&1 && break; sleep 0.05; done
tabctl --system get Version > /dev/null 2>&1
result $? "the daemon owns org.tabbard.TabBar1 on the root's system bus, as the tabbard user" "$(cat /tmp/tabbard.log)"
grep -q skipped /tmp/tabbard.log && result 1 "the installed plugins load on the system instance" "$(grep skipped /tmp/tabbard.log)"

tabctl --system follow > /tmp/follow.log 2>&1 &
follower=$!
sleep 0.5
tabctl --system select alarm && [ "$(tabctl --system get SelectedTab)" = alarm ]
result $? "tabctl --system select alarm" "$(tabctl --system get SelectedTab 2>&1)"
tabctl --system badge alarm 3 && [ "$(badge alarm)" = 3 ]
result $? "tabctl --system badge alarm 3" "$(tabctl --system list 2>&1)"
tabctl --system show > /tmp/show.out 2>&1 && grep -q 'Alarm' /tmp/show.out
result $? "tabctl --system show draws the bar" "$(cat /tmp/show.out)"
sleep 0.5
kill "$follower"
grep -q alarm /tmp/follow.log
result $? "tabctl --system follow saw the changes" "$(cat /tmp/follow.log)"

useradd --create-home visitor
runuser -u visitor -- tabctl --system get SelectedTab > /tmp/read.out 2>&1
result $? "another user may read the bar" "$(cat /tmp/read.out)"
runuser -u visitor -- tabctl --system badge alarm 5 > /tmp/refused.out 2>&1
status=$?
[ "$status" = 5 ] && grep -q AccessDenied /tmp/refused.out && [ "$(badge alarm)" = 3 ]
result $? "another user is refused a change (exit 5, AccessDenied)" "exit $status: $(cat /tmp/refused.out)"
useradd --create-home --groups tabbard member
runuser -u member -- tabctl --system badge alarm 7 > /tmp/member.out 2>&1 && [ "$(badge alarm)" = 7 ]
result $? "a member of the tabbard group may change the bar" "$(cat /tmp/member.out)"
# The daemon's own user, whose group is the admin group, changes nothing: its other processes
# are plugins' helpers.
setpriv --reuid=tabbard --regid=tabbard --init-groups tabctl --system badge alarm 4 > /tmp/own.out 2>&1
status=$?
[ "$status" = 5 ] && grep -q AccessDenied /tmp/own.out && [ "$(badge alarm)" = 7 ]
result $? "the daemon's own user is refused a change (exit 5, AccessDenied)" "exit $status: $(cat /tmp/own.out)"

# A plugin in a helper, as the daemon's user, tries the bus (invader.c; docs/plugins.md, Least
# privilege): no Unix socket, so no call, no change and no place in the name's queue.
helper_of() { for process in /proc/[0-9]*; do tr '\0' ' ' < "$process/cmdline" 2> /dev/null | grep -q -- "--plugin-host .*/$1.plugin" && echo "${process#/proc/}"; done; }
if [ -e /usr/lib/tabbard/plugins/invader.plugin ]; then
    invaded=$(dbus-send --system --print-reply --dest=org.tabbard.TabBar1 /org/tabbard/TabBar1 \
        org.tabbard.TabBar1.GetContent string:invader 2>&1)
    selected=$(tabctl --system get SelectedTab)
    grep -q 'unix=1 ' <<< "$invaded" && grep -Eq 'select=[1-9]' <<< "$invaded" && grep -Eq 'badge=[1-9]' <<< "$invaded" \
        && grep -Eq 'queue=[1-9]' <<< "$invaded" && [ "$selected" = alarm ] && [ "$(badge alarm)" = 7 ]
    result $? "a plugin in a helper reaches no bus: socket(AF_UNIX) is EPERM, no change, no place in the name's queue ($(grep -o 'unix=.*queue=[0-9]*' <<< "$invaded"))" \
        "$invaded; SelectedTab $selected, alarm's badge $(badge alarm)"
    invader_helper=$(helper_of invader)
fi

# admin_group and the bus policy must both name the group (docs/dbus-api.md, Access): changed in
# tabbard.toml alone, the bus still refuses the new group's members before the daemon sees
# them, and the daemon's log names the policy file to change.
groupadd ops && useradd --create-home --groups ops keeper
mkdir -p /etc/tabbard
printf 'admin_group = "ops"\n' > /etc/tabbard/tabbard.toml
policy=/usr/share/dbus-1/system.d/org.tabbard.TabBar1.conf
reloads() { grep -c 'reloaded:' /tmp/tabbard.log; }
reload_daemon() {
    local before
    before=$(reloads)
    kill -HUP "$daemon"
    for _ in $(seq 200); do [ "$(reloads)" -gt "$before" ] && break; sleep 0.05; done
}
reload_daemon
grep -qF "admin_group 'ops' (/etc/tabbard/tabbard.toml) disagrees with $policy, which lets only group 'tabbard' change the bar" /tmp/tabbard.log
result $? "with admin_group = \"ops\" in tabbard.toml alone, the daemon's log names $policy and its group 'tabbard'" \
    "$(grep -e admin_group -e 'bus policy' /tmp/tabbard.log)"
tabbard --system --check-config > /tmp/check.out 2>&1 \
    && grep -qF "warning: admin_group 'ops' (/etc/tabbard/tabbard.toml) disagrees with $policy" /tmp/check.out
result $? "and so does tabbard --system --check-config" "$(cat /tmp/check.out)"
runuser -u keeper -- tabctl --system badge alarm 6 > /tmp/keeper.out 2>&1
status=$?
[ "$status" = 5 ] && grep -q 'Rejected send message' /tmp/keeper.out && [ "$(badge alarm)" = 7 ]
result $? "and the bus refuses a member of ops (exit 5, before the daemon sees the call)" "exit $status: $(cat /tmp/keeper.out)"

# The administrator changes the policy file's group too: the bus lets ops in and the warning goes.
sed -i 's/<policy group="tabbard">/<policy group="ops">/' "$policy"
dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.ReloadConfig > /dev/null
warnings=$(grep -c 'disagrees with' /tmp/tabbard.log)
reload_daemon
runuser -u keeper -- tabctl --system badge alarm 6 > /tmp/keeper.out 2>&1 && [ "$(badge alarm)" = 6 ] \
    && [ "$(grep -c 'disagrees with' /tmp/tabbard.log)" = "$warnings" ] && ! tabbard --system --check-config 2>&1 | grep -q disagrees
result $? "with the policy file's group changed to ops too, a member of ops may change the bar, and nothing disagrees" \
    "$(cat /tmp/keeper.out; grep -e admin_group -e 'bus policy' /tmp/tabbard.log)"
runuser -u member -- tabctl --system badge alarm 8 > /tmp/member-after.out 2>&1
status=$?
[ "$status" = 5 ] && [ "$(badge alarm)" = 6 ]
result $? "and a member of tabbard alone no longer may (exit 5)" "exit $status: $(cat /tmp/member-after.out)"
setpriv --reuid=tabbard --regid=tabbard --init-groups tabctl --system badge alarm 4 > /tmp/own.out 2>&1
status=$?
[ "$status" = 5 ] && [ "$(badge alarm)" = 6 ]
result $? "nor the daemon's own user (exit 5)" "exit $status: $(cat /tmp/own.out)"
sed -i 's/<policy group="ops">/<policy group="tabbard">/' "$policy"
dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus org.freedesktop.DBus.ReloadConfig > /dev/null
rm -rf /etc/tabbard

kill -TERM "$daemon"
wait "$daemon"
result $? "the daemon stops on SIGTERM with status 0" "$(tail -3 /tmp/tabbard.log)"
if [ -n "${invader_helper:-}" ]; then
    for _ in $(seq 100); do [ -d "/proc/$invader_helper" ] || break; sleep 0.05; done
    [ ! -d "/proc/$invader_helper" ]
    result $? "the invader's helper ended with the daemon" "$(cat "/proc/$invader_helper/status" 2> /dev/null | head -3)"
fi
# The name is the tabbard user's alone: another user's daemon is refused it by the policy.
setpriv --reuid=visitor --regid=visitor --init-groups /usr/bin/tabbard --system --no-state > /tmp/usurper.log 2>&1
status=$?
[ "$status" != 0 ] && grep -q AccessDenied /tmp/usurper.log
result $? "the bus policy refuses org.tabbard.TabBar1 to any other user" "exit $status: $(cat /tmp/usurper.log)"
[ -n "$(ls /var/lib/tabbard)" ] && [ "$(stat -c %U /var/lib/tabbard/*  | sort -u)" = tabbard ]
result $? "it kept its state in /var/lib/tabbard, owned by tabbard" "$(ls -la /var/lib/tabbard)"
# The bus goes with this process namespace.
DRIVE
            while IFS= read -r line; do
                case "$line" in
                    PASS\ *) pass "in the root: ${line#PASS }" ;;
                    FAIL\ *) fail "in the root: ${line#FAIL }" ;;
                esac
            done < <(in_root /bin/bash /tmp/drive.sh 2>&1)
            rm -f "$package_root/tmp/drive.sh" "$package_root/tmp/$(basename "$deb")" \
                "$package_root/usr/lib/tabbard/plugins/libinvader.so" "$package_root/usr/lib/tabbard/plugins/invader.plugin"

            # Removal keeps what policy keeps until purge (the state, the unit's masked
            # enablement); purge leaves nothing but the system user, which Debian never removes.
            if in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y tabbard > "$work/apt-remove.log" 2>&1 \
                && [ ! -e "$package_root/usr/bin/tabbard" ] && [ -d "$package_root/var/lib/tabbard" ] \
                && [ ! -e "$package_root/etc/systemd/system/multi-user.target.wants/tabbard.service" ]; then
                pass "apt remove takes the programs and the unit's links, and keeps the state until purge"
            else
                fail "apt remove did not do what it should" "$(tail -5 "$work/apt-remove.log"; ls -la "$package_root/var/lib/tabbard" "$package_root/etc/systemd/system" 2>&1)"
            fi
            in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y tabbard > "$work/apt-purge.log" 2>&1
            # The users the drive made, and the bus's machine id, are the test's, not the package's.
            left=$(LC_ALL=C comm -13 "$work/root-before" <(root_files) | grep -v -e '^\./home' -e '^\./var/lib/dbus/machine-id$' \
                -e '^\./etc/\(passwd\|group\|shadow\|gshadow\|subuid\|subgid\)-\?$')
            if [ -z "$left" ] && in_root getent passwd tabbard > /dev/null; then
                pass "apt purge leaves nothing of the package behind but the tabbard user and group, which Debian keeps"
            else
                fail "apt purge left files behind" "$left$(tail -5 "$work/apt-purge.log")"
            fi
        fi
    fi
fi

# The same package where systemd runs as PID 1 (a Debian 12 container booted by
# systemd-nspawn): installing enables and starts the unit, reload re-reads, remove stops and
# disables it, purge forgets it. Skipped where systemd-nspawn cannot boot a container.
if [ -z "${SKIP_PACKAGE:-}" ] && [ -n "${deb:-}" ] && [ -f "${deb:-}" ]; then
    booted_root=$work/booted-root
    if ! command -v systemd-nspawn > /dev/null; then
        skip "the package under systemd" "systemd-nspawn is not installed"
    elif ! mmdebstrap --variant=minbase --include=dbus,systemd,systemd-sysv bookworm "$booted_root" > "$work/mmdebstrap-booted.log" 2>&1; then
        fail "mmdebstrap could not make a Debian 12 root with systemd" "$(tail -10 "$work/mmdebstrap-booted.log")"
    else
        cleanups+=("rm -rf '$booted_root'")
        cp "$deb" "$booted_root/var/tmp/"
        # systemd-nspawn's own system call filter (systemd 252) refuses Landlock's calls with
        # EPERM, which a machine booted with systemd does not: let them through, so that only
        # the unit's filter decides, as it does there.
        systemd-nspawn --keep-unit --register=no --quiet -D "$booted_root" --boot \
            --system-call-filter='landlock_create_ruleset landlock_add_rule landlock_restrict_self' > "$work/boot.log" 2>&1 &
        nspawn=$!
        pids+=("$nspawn")
        leader=""
        for _ in $(seq 120); do
            grep -q 'login:' "$work/boot.log" && leader=$(ps -o pid= --ppid "$nspawn" | tr -d ' ') && break
            kill -0 "$nspawn" 2> /dev/null || break
            sleep 0.5
        done
        if [ -z "$leader" ]; then
            skip "the package under systemd" "systemd-nspawn could not boot a container here: $(tail -2 "$work/boot.log" | tr '\n' ' ')"
        else
            booted() { nsenter -t "$leader" -a -- "$@"; }
            booted env DEBIAN_FRONTEND=noninteractive apt-get install -y "/var/tmp/$(basename "$deb")" > "$work/booted-install.log" 2>&1
            if [ "$(booted systemctl is-enabled tabbard)" = enabled ] && [ "$(booted systemctl is-active tabbard)" = active ] \
                && booted tabctl --system get Version > /dev/null && ! grep -q 'Could not execute systemctl' "$work/booted-install.log"; then
                pass "under systemd, installing the package enables and starts tabbard.service, which serves the system bus"
            else
                fail "under systemd, the package did not enable and start the unit" "$(tail -5 "$work/booted-install.log"; booted systemctl status tabbard --no-pager 2>&1 | tail -10)"
            fi
            booted tabctl --system badge alarm 2 > /dev/null
            if booted systemctl reload tabbard && [ "$(booted systemctl is-active tabbard)" = active ] \
                && booted journalctl -u tabbard --no-pager | grep -q 'reloaded:'; then
                pass "systemctl reload tabbard re-reads the configuration (SIGHUP)"
            else
                fail "systemctl reload tabbard fails" "$(booted journalctl -u tabbard --no-pager 2>&1 | tail -5)"
            fi
            # A plugin in process mode under the unit: its helper confines itself with Landlock
            # and its seccomp filter, which the unit's SystemCallFilter= must let through, or
            # the helper does not run. The invader (above) beside it tries the bus. admin_group
            # is another group than the policy file's, which the sandboxed daemon must read.
            mkdir -p "$booted_root/etc/tabbard"
            printf 'admin_group = "ops"\n[plugin.clock]\nisolation = "process"\n' > "$booted_root/etc/tabbard/tabbard.toml"
            if [ "${invader_built:-}" = yes ]; then
                install -m 0644 "$work/libinvader.so" "$work/invader.plugin" "$booted_root/usr/lib/tabbard/plugins/"
            fi
            served=no
            if booted systemctl restart tabbard; then
                for _ in $(seq 100); do
                    booted busctl --system call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 \
                        GetContent s world-clock > /dev/null 2>&1 && served=yes && break
                    sleep 0.1
                done
            fi
            if [ "$served" = yes ] && booted journalctl -u tabbard --no-pager \
                | grep -q 'clock.plugin: no new privileges; no capabilities; Landlock ABI .*; no Unix socket, io_uring or pidfd_getfd (seccomp)'; then
                pass "under systemd, a plugin in process mode runs in a helper confined by Landlock and seccomp and serves its tab"
            else
                fail "under systemd, a plugin in process mode did not run confined" "$(booted journalctl -u tabbard --no-pager 2>&1 | tail -8)"
            fi
            journal=$(booted journalctl -u tabbard --no-pager 2>&1)
            if grep -qF "admin_group 'ops' (/etc/tabbard/tabbard.toml) disagrees with /usr/share/dbus-1/system.d/org.tabbard.TabBar1.conf, which lets only group 'tabbard'" <<< "$journal" \
                && ! grep -q -e 'bus policy' <<< "$journal"; then
                pass "under systemd, the sandboxed daemon reads the installed bus policy file and names it when admin_group disagrees"
            else
                fail "under systemd, the daemon does not name the bus policy file that disagrees with admin_group" \
                    "$(grep -e admin_group -e 'bus policy' <<< "$journal")"
            fi
            if [ "${invader_built:-}" = yes ]; then
                booted tabctl --system select alarm > /dev/null 2>&1
                invaded=$(booted busctl --system call org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 GetContent s invader 2>&1)
                selected=$(booted tabctl --system get SelectedTab 2>&1)
                if grep -q 'unix=1 ' <<< "$invaded" && grep -Eq 'select=[1-9]' <<< "$invaded" && grep -Eq 'badge=[1-9]' <<< "$invaded" \
                    && grep -Eq 'queue=[1-9]' <<< "$invaded" && [ "$selected" = alarm ]; then
                    pass "under systemd, a plugin in a helper reaches no bus: socket(AF_UNIX) is EPERM, no change, no place in the name's queue ($(grep -o 'unix=.*queue=[0-9]*' <<< "$invaded"))"
                else
                    fail "under systemd, a plugin in a helper reached the bus" "$invaded; SelectedTab $selected"
                fi
                rm -f "$booted_root/usr/lib/tabbard/plugins/libinvader.so" "$booted_root/usr/lib/tabbard/plugins/invader.plugin"
            fi
            # The invader's detached grandchild (sleep 600, in a session of its own).
            sleepers() { booted sh -c 'for p in /proc/[0-9]*; do [ "$(tr "\0" " " < $p/cmdline 2> /dev/null)" = "/bin/sleep 600 " ] && echo ${p#/proc/}; done'; }
            left_behind=$(sleepers)
            rm -f "$booted_root/etc/tabbard/tabbard.toml"
            booted env DEBIAN_FRONTEND=noninteractive apt-get remove -y tabbard > "$work/booted-remove.log" 2>&1
            if [ "${invader_built:-}" = yes ]; then
                if [ -n "$left_behind" ] && [ -z "$(sleepers)" ]; then
                    pass "under systemd, what a plugin's helper leaves running, detached, ends when the service stops (control group)"
                else
                    fail "under systemd, a plugin's detached grandchild outlived the service" "before the stop: '$left_behind'; after: '$(sleepers)'"
                fi
            fi
            if [ "$(booted systemctl is-active tabbard)" != active ] && [ ! -e "$booted_root/etc/systemd/system/multi-user.target.wants/tabbard.service" ]; then
                pass "under systemd, removing the package stops and disables the unit"
            else
                fail "under systemd, removing the package left the unit running or enabled" "$(booted systemctl status tabbard --no-pager 2>&1 | head -5)"
            fi
            booted env DEBIAN_FRONTEND=noninteractive apt-get purge -y tabbard > "$work/booted-purge.log" 2>&1
            left=$(find "$booted_root/etc/systemd" "$booted_root/var/lib/systemd" "$booted_root/var/lib/tabbard" -name '*tabbard*' 2> /dev/null)
            if [ -z "$left" ] && [ ! -e "$booted_root/var/lib/tabbard" ]; then
                pass "under systemd, purging leaves no unit link, mask, enablement record or state"
            else
                fail "under systemd, purging left these" "$left"
            fi
        fi
        kill "$nspawn" 2> /dev/null
        wait "$nspawn" 2> /dev/null
    fi
fi

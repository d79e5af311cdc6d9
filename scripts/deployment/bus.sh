# Part of scripts/check-deployment: bus activation of the installed daemon on a session bus.
# (The installed system bus policy is checked by the package part, by the system bus of a
# Debian root: a guest is refused, the daemon's own user and its plugins' helpers change
# nothing, and a changed admin_group in tabbard.toml alone makes its members the admins.)

if ! ensure_stage; then
    fail "bus: make install DESTDIR=… PREFIX=/usr failed" "$(tail -20 "$work/stage.log")"
else
    # The activation file names /usr/bin/tabbard; the bus reads a copy that names the staged one.
    mkdir -p "$work/activation" "$work/xdg/state" "$work/xdg/config"
    sed "s|/usr/bin/tabbard|$stage/usr/bin/tabbard|" "$stage/usr/share/dbus-1/services/org.tabbard.TabBar1.service" \
        > "$work/activation/org.tabbard.TabBar1.service"
    XDG_STATE_HOME="$work/xdg/state" XDG_CONFIG_HOME="$work/xdg/config" start_session_bus activation-bus "$work/activation"
    address=$bus_address
    version=$(timeout 20 busctl --address="$address" get-property org.tabbard.TabBar1 /org/tabbard/TabBar1 org.tabbard.TabBar1 Version 2>&1)
    if [[ "$version" == s\ \"* ]] && pgrep -f "^$stage/usr/bin/tabbard --session" > /dev/null; then
        pass "the first call to org.tabbard.TabBar1 starts the installed tabbard (bus activation)"
    else
        fail "bus activation did not start the installed tabbard" "$version"
    fi
    pkill -f "^$stage/usr/bin/tabbard --session" 2> /dev/null

    # The system bus policy is checked by the package part, in a real dbus-daemon --system
    # (see the header).
fi

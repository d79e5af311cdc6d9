# Part of scripts/check-deployment: bus activation of the installed daemon on a session bus, and
# the installed daemon reading the installed system bus policy file against admin_group.
# (The policy itself is checked by the package part, by the system bus of a Debian root: a guest
# is refused, the daemon's own user and its plugins' helpers change nothing, and a changed
# admin_group needs the policy file's group changed too, which the daemon's log names.)

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

    # The system instance compares admin_group with the policy files of the bus's system.d
    # directories (TABBARD_BUS_POLICY_DIRS, here the staged one): the default group agrees, and
    # another names the file and what to change there (docs/dbus-api.md, Access).
    policy_dir=$stage/usr/share/dbus-1/system.d
    printf 'admin_group = "tabbard"\n' > "$work/agreeing.toml"
    printf 'admin_group = "ops"\n' > "$work/disagreeing.toml"
    checked() {
        TABBARD_BUS_POLICY_DIRS=$policy_dir "$stage/usr/bin/tabbard" --check-config --instance system --config "$1" \
            --plugin-dir "$stage/usr/lib/tabbard/plugins" 2>&1
    }
    agreeing=$(checked "$work/agreeing.toml")
    disagreeing=$(checked "$work/disagreeing.toml")
    expected="warning: admin_group 'ops' ($work/disagreeing.toml) disagrees with $policy_dir/org.tabbard.TabBar1.conf, which lets only group 'tabbard' change the bar"
    if ! grep -q -e warning -e note <<< "$agreeing" && grep -qF "$expected" <<< "$disagreeing" \
        && grep -qF 'change <policy group="tabbard"> there to <policy group="ops">' <<< "$disagreeing"; then
        pass "tabbard --check-config of the system instance finds the installed bus policy file agreeing with admin_group 'tabbard', and names it, its group and the change for admin_group 'ops'"
    else
        fail "tabbard --check-config does not compare admin_group with the installed bus policy file" \
            "admin_group 'tabbard': $agreeing"$'\n'"admin_group 'ops': $disagreeing"
    fi
fi

# Part of scripts/check-deployment: bus activation of the installed daemon on a session bus,
# and the installed system bus policy loaded by a real dbus-daemon.

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

    cat > "$work/system.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/system.sock</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
  </policy>
  <include>$stage/usr/share/dbus-1/system.d/org.tabbard.TabBar1.conf</include>
</busconfig>
CONF
    if [ "$(id -u)" -ne 0 ] || ! command -v runuser > /dev/null; then
        skip "the system bus policy" "needs root to run clients as other users"
    else
        add_user() {
            id "$1" > /dev/null 2>&1 && return
            if getent group "$1" > /dev/null; then
                useradd --system --no-create-home --shell /usr/sbin/nologin -g "$1" "$1"
            else
                useradd --system --no-create-home --shell /usr/sbin/nologin --user-group "$1"
            fi
        }
        add_user tabbard
        add_user tabbard-visitor
        dbus-daemon --config-file="$work/system.conf" --nofork --nopidfile 2> "$work/system-bus.log" &
        pids+=($!)
        for _ in $(seq 100); do [ -S "$work/system.sock" ] && break; sleep 0.05; done
        chmod 0777 "$work" && chmod 0666 "$work/system.sock"
        own() {
            runuser -u "$1" -- /usr/bin/python3 -c '
import dbus, sys
bus = dbus.bus.BusConnection(sys.argv[1])
try:
    print(bus.request_name("org.tabbard.TabBar1", dbus.bus.NAME_FLAG_DO_NOT_QUEUE))
except dbus.exceptions.DBusException as error:
    print(error.get_dbus_name())
' "unix:path=$work/system.sock" 2>&1
        }
        if [ "$(own tabbard)" = 1 ]; then
            pass "the policy lets the daemon's user own org.tabbard.TabBar1"
        else
            fail "the daemon's user cannot own the name" "$(own tabbard)"
        fi
        if [ "$(own tabbard-visitor)" = org.freedesktop.DBus.Error.AccessDenied ]; then
            pass "the policy refuses the name to any other user"
        else
            fail "another user could own the name" "$(own tabbard-visitor)"
        fi
        chmod 0755 "$work"
    fi
fi

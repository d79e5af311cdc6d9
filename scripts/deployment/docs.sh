# Shared by the sdk and commands parts of scripts/check-deployment: reading the code blocks of
# the documentation, and running documented command lines as a reader would.

# doc_block FILE LANGUAGE PATTERN: the first fenced block of LANGUAGE in FILE containing PATTERN.
doc_block() {
    awk -v lang="$2" -v pattern="$3" '
        $0 == "```" lang { inside = 1; text = ""; next }
        inside && $0 == "```" { inside = 0; if (index(text, pattern)) { printf "%s", text; exit } next }
        inside { text = text $0 "\n" }' "$1"
}
# doc_command_lines FILE: every line of every ```sh block in FILE, without comment-only lines.
doc_command_lines() {
    awk '$0 == "```sh" { inside = 1; next } inside && $0 == "```" { inside = 0; next } inside && !/^[[:space:]]*(#|$)/' "$1"
}

# What was done with each documented line: "ran LINE" or "skipped LINE".
documented_log=$work/documented-lines
: > "$documented_log"

# run_documented LINE: runs one documented command line with bash in the caller's environment
# and directory (PATH holding the installed programs, a bus in DBUS_SESSION_BUS_ADDRESS),
# recording that it ran. Lines that need this machine's systemd, root on a real system or
# the build itself are recorded as skipped, with the reason. Returns the line's status.
run_documented() {
    local line=$1 status=0
    local reason=""
    case "$line" in
        make\ *) reason="a build: this is make test; the install and package parts run make install and make deb" ;;
        sudo\ * | systemctl\ * | *journalctl* | systemd-analyze\ security\ tabbard*)
            reason="needs systemd running as PID 1, which this machine has not; the package part runs the system instance by hand" ;;
        *--system\ *) reason="needs the machine's system bus; the package part uses one in a Debian root" ;;
    esac
    if [ -n "$reason" ]; then
        echo "skipped $line" >> "$documented_log"
        skip "documented: $line" "$reason"
        return 0
    fi
    echo "ran $line" >> "$documented_log"
    if [[ "$line" == *" follow"* ]]; then
        # Follows until stopped: still running after 3 s is what it should do.
        timeout 3 bash -o pipefail -c "$line" > "$work/documented.out" 2>&1 || status=$?
        [ "$status" = 124 ] && status=0
    elif [[ "$line" == *"&" ]]; then
        bash -c "$line" > "$work/documented.out" 2>&1 || status=$?
        # A daemon started in the background: wait until it serves.
        for _ in $(seq 200); do tabctl get Version > /dev/null 2>&1 && break; sleep 0.05; done
    else
        bash -o pipefail -c "$line" > "$work/documented.out" 2>&1 || status=$?
    fi
    if [ "$status" = 0 ]; then pass "documented: $line"; else fail "documented: $line (exit $status)" "$(tail -5 "$work/documented.out")"; fi
    return "$status"
}

# enter_reader_env HOME BIN_DIR BUS_ADDRESS: the environment of a reader trying the docs: their
# home, the installed programs first on PATH, a session bus. leave_reader_env restores ours.
enter_reader_env() {
    reader_saved=$(declare -p HOME PATH DBUS_SESSION_BUS_ADDRESS XDG_STATE_HOME XDG_CONFIG_HOME 2> /dev/null)
    export HOME=$1 PATH="$2:$PATH" DBUS_SESSION_BUS_ADDRESS=$3 XDG_STATE_HOME=$1/.local/state XDG_CONFIG_HOME=$1/.config
}
leave_reader_env() {
    unset DBUS_SESSION_BUS_ADDRESS XDG_STATE_HOME XDG_CONFIG_HOME
    eval "$reader_saved"
}

# reader_bin_dir NAME: a directory of wrappers that run the installed tabbard and tabctl with
# the toolchain hidden, as on a machine that never had Swift; prints its path.
reader_bin_dir() {
    local dir=$work/$1 program
    mkdir -p "$dir"
    for program in tabbard tabctl; do
        printf '#!/bin/sh\nexec %s %s "$@"\n' "$without_toolchain" "$stage/usr/bin/$program" > "$dir/$program"
        chmod 0755 "$dir/$program"
    done
    echo "$dir"
}

# check_documented_coverage FILE: every command line of FILE's sh blocks was run or skipped
# with a reason, so that a command added to the docs is tried too.
check_documented_coverage() {
    local missing
    missing=$(doc_command_lines "$1" | while IFS= read -r line; do
        grep -qxF -e "ran $line" -e "skipped $line" "$documented_log" || echo "$line"; done)
    if [ -z "$missing" ]; then
        pass "every command line in $1 was run, or skipped with its reason ($(doc_command_lines "$1" | wc -l) lines)"
    else
        fail "commands in $1 that no check runs" "$missing"
    fi
}

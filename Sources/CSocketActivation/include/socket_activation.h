/*
 * socket_activation.h: systemd's socket-activation calls, for tabctl's statically linked
 * libdbus.
 *
 * tabctl links libdbus's static archive in release builds (Package.swift), so that starting it
 * does not load libdbus's shared library and, through it, libsystemd and the six libraries
 * libsystemd needs. The archive refers to exactly two libsystemd functions, for a bus *server*
 * started by socket activation (a `systemd:` listen address); a client never calls them, but the
 * linker must find them. These are those two functions, written from systemd's documented
 * protocol (sd_listen_fds(3), sd_is_socket(3)) with the same results and errors, so that the
 * archive behaves as with libsystemd should any path reach them.
 */
#ifndef TABCTL_SOCKET_ACTIVATION_H
#define TABCTL_SOCKET_ACTIVATION_H

/* The first descriptor a socket-activated process is passed. */
#define SD_LISTEN_FDS_START 3

/*
 * How many descriptors, from SD_LISTEN_FDS_START on, the service manager passed to this
 * process: LISTEN_FDS when LISTEN_PID names this process, else 0. Sets close-on-exec on each.
 * With `unset_environment` non-zero, removes LISTEN_PID, LISTEN_FDS and LISTEN_FDNAMES from the
 * environment whatever the result. Returns a negative errno on failure: -EINVAL for a variable
 * that is not a number, -EBADF for a passed descriptor that is not open.
 */
int sd_listen_fds(int unset_environment);

/*
 * 1 when `fd` is a socket of `family` (AF_UNSPEC: any), `type` (0: any) and, for `listening`
 * 0 or 1, not listening or listening (negative: either); 0 when it is not; a negative errno
 * when it cannot be told (-EBADF for a negative descriptor, -EINVAL for a negative family).
 */
int sd_is_socket(int fd, int family, int type, int listening);

#endif

/*
 * socket_activation.c: sd_listen_fds and sd_is_socket for tabctl's statically linked libdbus
 * (see socket_activation.h).
 */
#include "socket_activation.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* A whole decimal number without sign or trailing text, as systemd parses these variables. */
static int parse_count(const char *text, long *value) {
    if (text == NULL || *text < '0' || *text > '9') return -EINVAL;
    char *end = NULL;
    errno = 0;
    long parsed = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0') return -EINVAL;
    *value = parsed;
    return 0;
}

int sd_listen_fds(int unset_environment) {
    int result = 0;
    long pid = 0;
    long count = 0;
    const char *listen_pid = getenv("LISTEN_PID");
    if (listen_pid == NULL) goto finish;
    if ((result = parse_count(listen_pid, &pid)) < 0) goto finish;
    /* The variables were meant for another process (a parent that did not clean up). */
    if (pid != (long)getpid()) { result = 0; goto finish; }
    if ((result = parse_count(getenv("LISTEN_FDS"), &count)) < 0) goto finish;
    if (count <= 0) { result = 0; goto finish; }
    if (count > INT_MAX - SD_LISTEN_FDS_START) { result = -EINVAL; goto finish; }
    for (int fd = SD_LISTEN_FDS_START; fd < SD_LISTEN_FDS_START + (int)count; fd++) {
        int flags = fcntl(fd, F_GETFD);
        if (flags < 0 || (!(flags & FD_CLOEXEC) && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0)) {
            result = -errno;
            goto finish;
        }
    }
    result = (int)count;
finish:
    if (unset_environment) {
        unsetenv("LISTEN_PID");
        unsetenv("LISTEN_FDS");
        unsetenv("LISTEN_FDNAMES");
    }
    return result;
}

int sd_is_socket(int fd, int family, int type, int listening) {
    if (fd < 0) return -EBADF;
    if (family < 0) return -EINVAL;
    struct stat status;
    if (fstat(fd, &status) < 0) return -errno;
    if (!S_ISSOCK(status.st_mode)) return 0;
    if (type != 0) {
        int actual = 0;
        socklen_t length = sizeof actual;
        if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &actual, &length) < 0) return -errno;
        if (length != sizeof actual || actual != type) return 0;
    }
    if (listening >= 0) {
        int accepting = 0;
        socklen_t length = sizeof accepting;
        if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) < 0) return -errno;
        if (length != sizeof accepting || (accepting != 0) != (listening != 0)) return 0;
    }
    if (family > 0) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        if (getsockname(fd, (struct sockaddr *)&address, &length) < 0) return -errno;
        if (length < sizeof(sa_family_t)) return -EINVAL;
        if (address.ss_family != family) return 0;
    }
    return 1;
}

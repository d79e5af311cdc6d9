#!/usr/bin/env python3
"""without_landlock.py ERRNO COMMAND...: runs COMMAND (exec, so it keeps this process's pid) with
Landlock's three system calls refused with ERRNO (EPERM, ENOSYS...), for it and every process it
starts, as on a kernel without Landlock or under a systemd unit whose SystemCallFilter= leaves
them out. Sets no_new_privs, which a seccomp filter needs without CAP_SYS_ADMIN."""
import ctypes
import errno
import os
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
BPF_LD_W_ABS = 0x20   # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15      # BPF_JMP | BPF_JEQ | BPF_K
BPF_RET_K = 0x06      # BPF_RET | BPF_K
SECCOMP_DATA_NR = 0   # offsetof(struct seccomp_data, nr)
# landlock_create_ruleset, landlock_add_rule, landlock_restrict_self: the same numbers on every
# architecture that has them (the common system call table).
LANDLOCK_CALLS = (444, 445, 446)


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def instruction(code, k, jt=0, jf=0):
    return struct.pack("=HBBI", code, jt, jf, k)


def main():
    refusal = getattr(errno, sys.argv[1])
    program = [instruction(BPF_LD_W_ABS, SECCOMP_DATA_NR)]
    for index, number in enumerate(LANDLOCK_CALLS):
        # A match jumps over the remaining comparisons and the ALLOW to the refusal.
        program.append(instruction(BPF_JEQ_K, number, jt=len(LANDLOCK_CALLS) - index))
    program.append(instruction(BPF_RET_K, SECCOMP_RET_ALLOW))
    program.append(instruction(BPF_RET_K, SECCOMP_RET_ERRNO | refusal))
    code = ctypes.create_string_buffer(b"".join(program))
    fprog = SockFprog(len(program), ctypes.addressof(code))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "PR_SET_NO_NEW_PRIVS")
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "PR_SET_SECCOMP")
    os.execv(sys.argv[2], sys.argv[2:])


if __name__ == "__main__":
    main()

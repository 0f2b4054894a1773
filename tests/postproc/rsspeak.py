#!/usr/bin/env python3
"""Peak resident memory of a command, to the page.

Usage: rsspeak.py COMMAND [ARG...]   (its stdout is discarded)
Prints: PEAK_KIB RELEASES

The kernel's own peak (ru_maxrss, /usr/bin/time's %M) comes from counters
that each CPU folds in by batches of 32 pages: it moves in steps of 128 KiB,
too coarse for a budget of a few hundred KiB. Here the command runs under
ptrace, and its Rss is read from /proc/PID/smaps_rollup (a walk of its page
tables, exact) each time it enters a system call that can give memory back
(munmap, brk, mremap, madvise) and when it exits. A process's memory only
shrinks in those calls, so the largest reading is its peak. ASLR is off for
the command, so that two runs lay memory out the same way.
"""
import ctypes
import os
import platform
import signal
import sys

PTRACE_TRACEME, PTRACE_SYSCALL, PTRACE_SETOPTIONS = 0, 24, 0x4200
PTRACE_O_TRACESYSGOOD, PTRACE_O_EXITKILL = 0x1, 0x100000
ADDR_NO_RANDOMIZE = 0x0040000
# munmap, brk, mremap, madvise, exit_group
RELEASING = {
    "x86_64": {11, 12, 25, 28, 231},
    "aarch64": {215, 214, 216, 233, 94},
}

libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_int, ctypes.c_void_p,
                        ctypes.c_void_p]


def ptrace(req, pid, data=0):
    if libc.ptrace(req, pid, None, ctypes.c_void_p(data)) < 0:
        err = ctypes.get_errno()
        raise OSError(err, "ptrace: " + os.strerror(err))


def rss_kib(pid):
    with open("/proc/%d/smaps_rollup" % pid, "rb") as f:
        for line in f:
            if line.startswith(b"Rss:"):
                return int(line.split()[1])
    return 0


def syscall_nr(pid):
    with open("/proc/%d/syscall" % pid) as f:
        word = f.read().split()[0]
    return int(word) if word.lstrip("-").isdigit() else -1


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: rsspeak.py COMMAND [ARG...]")
    releasing = RELEASING.get(platform.machine())
    if releasing is None:
        sys.exit("rsspeak.py: no system call table for " + platform.machine())
    target = os.path.realpath(sys.argv[1])
    pid = os.fork()
    if pid == 0:
        libc.ptrace(PTRACE_TRACEME, 0, None, None)
        libc.personality(ADDR_NO_RANDOMIZE)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execv(target, [target] + sys.argv[2:])
        os._exit(127)
    os.waitpid(pid, 0)  # stopped by the exec
    ptrace(PTRACE_SETOPTIONS, pid, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL)
    peak = releases = 0
    sig = 0
    while True:
        ptrace(PTRACE_SYSCALL, pid, sig)
        _, status = os.waitpid(pid, 0)
        sig = 0
        if os.WIFEXITED(status) or os.WIFSIGNALED(status):
            break
        stop = os.WSTOPSIG(status)
        if stop != (signal.SIGTRAP | 0x80):
            sig = stop  # a signal for the command: pass it on
            continue
        if syscall_nr(pid) in releasing:
            releases += 1
            peak = max(peak, rss_kib(pid))
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        sys.exit("rsspeak.py: %s failed (status %d)" % (target, status))
    print(peak, releases)


if __name__ == "__main__":
    main()

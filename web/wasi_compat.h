/* SPDX-License-Identifier: MIT */
/*
 * What fioverdict uses of POSIX and glibc that WASI's libc (Debian's
 * wasi-libc, musl's code) lacks or does otherwise, for the WebAssembly
 * build only (make web): included before every file of it (-include), so
 * that postproc/ is the same C in both builds, and prints the same.
 *
 * Each is written as fv_compat_NAME, which tests/web/test_compat.c checks
 * against glibc's NAME natively; under WASI, NAME calls it.
 */
#ifndef FV_WASI_COMPAT_H
#define FV_WASI_COMPAT_H

#include <stddef.h>
#include <sys/types.h>

/*
 * The absolute path of an existing file, "." and ".." resolved by name
 * (a WASI program sees no symbolic link to follow out of its preopens).
 * NULL and errno as realpath's; resolved NULL: the result is malloc'ed.
 */
char *fv_compat_realpath(const char *path, char *resolved);
/*
 * qsort as glibc's: a stable merge sort, so that equal elements keep the
 * order they came in; musl's smoothsort does not, and fioverdict's rows
 * would come out in another order.
 */
void fv_compat_qsort(void *base, size_t n, size_t size,
		     int (*cmp)(const void *, const void *));
/* glibc's qsort_r (the argument last), as stable. */
void fv_compat_qsort_r(void *base, size_t n, size_t size,
		       int (*cmp)(const void *, const void *, void *),
		       void *arg);
/*
 * glibc's strverscmp (folders in ls -v order): musl's puts a name that
 * starts with a digit after one that starts with a letter, glibc's does
 * not.
 */
int fv_compat_strverscmp(const char *a, const char *b);

#ifdef __wasi__
char *realpath(const char *path, char *resolved);
void qsort_r(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *, void *), void *arg);
int strverscmp(const char *a, const char *b);
/* WASI has no file modes: nothing to keep. 0. */
int fchmod(int fd, mode_t mode);
/* WASI has no other process: -1, errno ESRCH. */
int kill(pid_t pid, int sig);
/* No name of the machine to be had: -1, errno ENOSYS. */
int gethostname(char *name, size_t len);
/* Advice only, as on Linux: 0. */
int madvise(void *addr, size_t len, int advice);
#endif

#endif

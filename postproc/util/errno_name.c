/* SPDX-License-Identifier: MIT */
/*
 * The errno a tool reported, named as the system that ran it numbers
 * them: not this machine's strerror(), which would name a Windows VM's
 * error 42 (EILSEQ there, the mark of fio's verify failures) as Linux's
 * ENOMSG. Numbers 1 to 34 are the same on both.
 */
#include <stddef.h>

#include "errno_name.h"
#include "array_size.h"

struct errno_name {
	int num;
	const char *name, *meaning;
};

static const struct errno_name common[] = {
	{ 1, "EPERM", "operation not permitted" },
	{ 2, "ENOENT", "no such file or directory" },
	{ 4, "EINTR", "interrupted" },
	{ 5, "EIO", "input/output error" },
	{ 6, "ENXIO", "no such device or address" },
	{ 9, "EBADF", "bad file descriptor" },
	{ 11, "EAGAIN", "resource temporarily unavailable" },
	{ 12, "ENOMEM", "out of memory" },
	{ 13, "EACCES", "permission denied" },
	{ 14, "EFAULT", "bad address" },
	{ 16, "EBUSY", "device or resource busy" },
	{ 17, "EEXIST", "file exists" },
	{ 19, "ENODEV", "no such device" },
	{ 20, "ENOTDIR", "not a directory" },
	{ 21, "EISDIR", "is a directory" },
	{ 22, "EINVAL",
	  "invalid argument (fio: an option the target refused, e.g. a "
	  "size it could not lay out, or direct=1 where O_DIRECT is not "
	  "allowed)" },
	{ 24, "EMFILE", "too many open files" },
	{ 27, "EFBIG", "file too large" },
	{ 28, "ENOSPC", "no space left on device" },
	{ 30, "EROFS", "read-only file system" },
};

static const struct errno_name linux_only[] = {
	{ 38, "ENOSYS", "function not implemented" },
	{ 61, "ENODATA", "no data available" },
	{ 84, "EILSEQ", "illegal byte sequence: fio's verify found bad data" },
	{ 95, "EOPNOTSUPP", "operation not supported" },
	{ 110, "ETIMEDOUT", "timed out" },
	{ 121, "EREMOTEIO", "remote I/O error" },
	{ 125, "ECANCELED", "operation canceled" },
};

static const struct errno_name windows_only[] = {
	{ 38, "ENAMETOOLONG", "file name too long" },
	{ 40, "ENOSYS", "function not implemented" },
	{ 42, "EILSEQ", "illegal byte sequence: fio's verify found bad data" },
};

static const struct errno_name *find(const struct errno_name *v, size_t n,
				     int num)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].num == num)
			return &v[i];
	return NULL;
}

#define FIND(v, num) find(v, FV_ARRAY_SIZE(v), num)

const char *fv_errno_name(int num, bool windows, const char **meaning)
{
	const struct errno_name *e = FIND(common, num);

	if (!e)
		e = windows ? FIND(windows_only, num) : FIND(linux_only, num);
	if (meaning)
		*meaning = e ? e->meaning : NULL;
	return e ? e->name : NULL;
}

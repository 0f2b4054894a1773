/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"

#define PARTIAL ".partial"

int fv_partial_name(const char *path, long pid, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int) (slash - path + 1) : 0;
	int n = snprintf(out, len, "%.*s.%s.%ld" PARTIAL, dirlen, path,
			 path + dirlen, pid);

	return n < 0 || (size_t) n >= len ? -ENAMETOOLONG : 0;
}

bool fv_is_partial_name(const char *name)
{
	size_t n = strlen(name), p = strlen(PARTIAL);
	const char *dot;

	if (name[0] != '.' || n <= p + 2 || strcmp(name + n - p, PARTIAL))
		return false;
	/* ".NAME.PID.partial": digits between the last two dots */
	dot = name + n - p;
	while (dot > name + 1 && dot[-1] >= '0' && dot[-1] <= '9')
		dot--;
	return dot < name + n - p && dot > name + 1 && dot[-1] == '.';
}

static int in_place(struct fv_atomic *a, const char *path)
{
	a->f = fopen(path, "w");
	if (!a->f)
		return -errno;
	a->dest = strdup(path);
	if (!a->dest) {
		fclose(a->f);
		a->f = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The file a rename must replace: @path, or what its symlink names. */
static char *destination(const char *path, struct stat *st, bool *exists)
{
	*exists = !lstat(path, st);
	if (*exists && S_ISLNK(st->st_mode)) {
		char *real = realpath(path, NULL);

		*exists = real && !stat(real, st);
		if (real)
			return real;
	}
	return strdup(path);
}

static int open_temp(struct fv_atomic *a, const struct stat *st, bool exists)
{
	char tmp[PATH_MAX];
	int fd, ret;

	ret = fv_partial_name(a->dest, (long) getpid(), tmp, sizeof(tmp));
	if (ret)
		return ret;
	/* one left by a killed process of the same pid: ours to replace */
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		return -errno;
	/* a file replaced keeps its permissions */
	if (exists)
		fchmod(fd, st->st_mode & 07777);
	a->tmp = strdup(tmp);
	a->f = a->tmp ? fdopen(fd, "w") : NULL;
	if (!a->f) {
		ret = a->tmp ? -errno : -ENOMEM;
		close(fd);
		unlink(tmp);
		free(a->tmp);
		a->tmp = NULL;
		return ret;
	}
	return 0;
}

int fv_atomic_open(struct fv_atomic *a, const char *path)
{
	struct stat st;
	bool exists;
	int ret;

	memset(a, 0, sizeof(*a));
	a->dest = destination(path, &st, &exists);
	if (!a->dest)
		return -ENOMEM;
	if (exists && !S_ISREG(st.st_mode)) {
		free(a->dest);
		return in_place(a, path);
	}
	ret = open_temp(a, &st, exists);
	if ((ret == -EACCES || ret == -EPERM) && exists &&
	    !access(a->dest, W_OK)) {
		char *dest = a->dest;

		ret = in_place(a, dest);
		free(dest);
		return ret;
	}
	if (ret) {
		free(a->dest);
		a->dest = NULL;
	}
	return ret;
}

/* The directory's entry made durable too: the rename survives a crash. */
static void sync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s",
			 slash == path ? 1 : (int) (slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int fv_atomic_close(struct fv_atomic *a, int ret)
{
	if (!a->f)
		return ret ? ret : -EBADF;
	if (!ret && fflush(a->f))
		ret = -errno;
	if (!ret && ferror(a->f))
		ret = -EIO;
	if (!ret && a->tmp && fsync(fileno(a->f)))
		ret = -errno;
	if (fclose(a->f) && !ret)
		ret = errno ? -errno : -EIO;
	a->f = NULL;
	if (a->tmp && !ret && rename(a->tmp, a->dest))
		ret = -errno;
	if (a->tmp && ret)
		unlink(a->tmp);
	else if (a->tmp)
		sync_dir_of(a->dest);
	free(a->tmp);
	free(a->dest);
	a->tmp = a->dest = NULL;
	return ret;
}

/* SPDX-License-Identifier: MIT */
#include "device.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

const char *tri_name(enum tri t)
{
	switch (t) {
	case TRI_YES:
		return "yes";
	case TRI_NO:
		return "no";
	default:
		return "unknown";
	}
}

/* Copies @src into @dst, cut to fit: names here are short in practice. */
static void copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* Reads one line of a small sysfs file, without its newline. */
static int read_attr(const char *dir, const char *name, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t n;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int) sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, (int) len, f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	n = strcspn(buf, "\n");
	buf[n] = '\0';
	return 0;
}

static enum tri read_tri(const char *dir, const char *name)
{
	char buf[16];

	if (read_attr(dir, name, buf, sizeof(buf)))
		return TRI_UNKNOWN;
	if (!strcmp(buf, "1"))
		return TRI_YES;
	if (!strcmp(buf, "0"))
		return TRI_NO;
	return TRI_UNKNOWN;
}

int devprobe_block(const char *sysfs_root, unsigned major, unsigned minor,
		   struct dev_facts *out)
{
	char link[PATH_MAX], dev[PATH_MAX], probe[PATH_MAX + 16];
	char *slash;

	snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sysfs_root, major,
		 minor);
	if (!realpath(link, dev))
		return -errno;
	/* a partition has no queue of its own: use its disk's */
	snprintf(probe, sizeof(probe), "%s/partition", dev);
	if (access(probe, F_OK) == 0) {
		slash = strrchr(dev, '/');
		if (slash && slash != dev)
			*slash = '\0';
	}
	slash = strrchr(dev, '/');
	copy_str(out->block_device, sizeof(out->block_device),
		 slash ? slash + 1 : dev);
	snprintf(probe, sizeof(probe), "%s/queue", dev);
	if (read_attr(probe, "write_cache", out->write_cache,
		      sizeof(out->write_cache)))
		out->write_cache[0] = '\0';
	out->fua = read_tri(probe, "fua");
	out->rotational = read_tri(probe, "rotational");
	return 0;
}

/*
 * mountinfo: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTS [TAGS...] - FSTYPE SRC
 * SUPEROPTS". Mount points escape spaces as \040; paths here are compared
 * as the kernel prints them, which is fine for the usual mount points.
 */
static bool prefix_of(const char *mnt, const char *path)
{
	size_t n = strlen(mnt);

	if (!strcmp(mnt, "/"))
		return true;
	return !strncmp(mnt, path, n) && (path[n] == '/' || path[n] == '\0');
}

int devprobe_fs_type(const char *mountinfo, unsigned major, unsigned minor,
		     const char *abspath, char *out, unsigned outlen)
{
	char line[4096], mnt[PATH_MAX], fstype[64];
	size_t best = 0;
	bool found = false;
	FILE *f = fopen(mountinfo, "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned maj, min;
		char *sep;

		if (sscanf(line, "%*u %*u %u:%u %*s %4095s", &maj, &min, mnt) !=
		    3)
			continue;
		if (maj != major || min != minor || !prefix_of(mnt, abspath))
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s", fstype) != 1)
			continue;
		if (!found || strlen(mnt) > best) {
			best = strlen(mnt);
			copy_str(out, outlen, fstype);
			found = true;
		}
	}
	fclose(f);
	return found ? 0 : -ENOENT;
}

int devprobe_path(const char *path, const char *sysfs_root,
		  const char *mountinfo, struct dev_facts *out)
{
	char abspath[PATH_MAX];
	struct stat st;
	dev_t dev;

	memset(out, 0, sizeof(*out));
	out->fua = TRI_UNKNOWN;
	out->rotational = TRI_UNKNOWN;
	if (stat(path, &st))
		return -errno;
	if (S_ISBLK(st.st_mode)) {
		out->kind = TARGET_BLOCK;
		dev = st.st_rdev;
	} else if (S_ISCHR(st.st_mode)) {
		/* NVMe generic devices: the engine asks the controller */
		out->kind = TARGET_CHAR;
		return 0;
	} else {
		out->kind = TARGET_FILE;
		dev = st.st_dev;
		if (!realpath(path, abspath))
			return -errno;
		devprobe_fs_type(mountinfo, major(dev), minor(dev), abspath,
				 out->fs_type, sizeof(out->fs_type));
	}
	/* no sysfs entry (tmpfs, overlay on 0:N): no device, not an error */
	devprobe_block(sysfs_root, major(dev), minor(dev), out);
	return 0;
}

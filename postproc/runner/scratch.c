/* SPDX-License-Identifier: MIT */
/*
 * Targets that are written to: whether one holds a file system (which a
 * replay's writes would destroy), how large it is, and scratch files made
 * for a replay.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "runner.h"
#include "util/util.h"

/* Magic numbers of the file systems and volumes blkid knows best. */
static const struct {
	size_t off;
	const char *magic;
	size_t len;
	const char *name;
} signatures[] = {
	{ 1080, "\x53\xef", 2, "an ext2/3/4 file system" },
	{ 0, "XFSB", 4, "an XFS file system" },
	{ 65600, "_BHRfS_M", 8, "a Btrfs file system" },
	{ 3, "NTFS    ", 8, "an NTFS file system" },
	{ 82, "FAT32   ", 8, "a FAT32 file system" },
	{ 54, "FAT1", 4, "a FAT file system" },
	{ 4086, "SWAPSPACE2", 10, "swap space" },
	{ 512, "LABELONE", 8, "an LVM physical volume" },
	{ 0, "LUKS\xba\xbe", 6, "a LUKS volume" },
	{ 3, "EXFAT   ", 8, "an exFAT file system" },
	{ 1024, "\x10\x20\xf5\xf2", 4, "an F2FS file system" },
	{ 512, "EFI PART", 8, "a GPT partition table" },
	{ 510, "\x55\xaa", 2, "an MBR (a partition table or a boot sector)" },
};

/* Is the device major:minor mounted? Its mount point into at. */
static bool mounted(dev_t dev, char *at, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned ma, mi;
		char point[1024];

		if (sscanf(line, "%*d %*d %u:%u %*s %1023s", &ma, &mi, point) ==
			    3 &&
		    ma == major(dev) && mi == minor(dev)) {
			snprintf(at, len, "%s", point);
			found = true;
		}
	}
	fclose(f);
	return found;
}

int fv_target_holds_fs(const char *path, char *what, size_t len)
{
	unsigned char buf[65608];
	struct stat st;
	ssize_t got;
	char at[1024];
	int fd;

	if (stat(path, &st))
		return errno == ENOENT ? 0 : -errno;
	if (S_ISBLK(st.st_mode) && mounted(st.st_rdev, at, sizeof(at))) {
		snprintf(what, len, "a file system mounted at %s", at);
		return 2;
	}
	/* a device whose partition is mounted, or held (LVM, md): EBUSY */
	fd = open(path,
		  O_RDONLY | O_CLOEXEC | (S_ISBLK(st.st_mode) ? O_EXCL : 0));
	if (fd < 0 && errno == EBUSY) {
		snprintf(what, len,
			 "something in use (it, or a partition of "
			 "it, is mounted or held)");
		return 2;
	}
	if (fd < 0)
		return -errno;
	got = pread(fd, buf, sizeof(buf), 0);
	close(fd);
	if (got < 0)
		return -errno;
	for (size_t i = 0; i < FV_ARRAY_SIZE(signatures); i++)
		if ((size_t) got >= signatures[i].off + signatures[i].len &&
		    !memcmp(buf + signatures[i].off, signatures[i].magic,
			    signatures[i].len)) {
			snprintf(what, len, "%s", signatures[i].name);
			return 1;
		}
	return 0;
}

int fv_target_size(const char *path, uint64_t *size)
{
	struct stat st;
	int fd, ret = 0;

	if (stat(path, &st))
		return -errno;
	if (!S_ISBLK(st.st_mode)) {
		*size = (uint64_t) st.st_size;
		return 0;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, size))
		ret = -errno;
	close(fd);
	return ret;
}

/*
 * Written through, not left sparse: reading a hole costs no I/O, and a
 * replay's reads would measure nothing (a known trap of fio's).
 */
static int fill(int fd, uint64_t from, uint64_t to)
{
	size_t chunk = 1 << 20;
	uint64_t *buf = malloc(chunk), x = 0x9e3779b97f4a7c15ULL ^ from;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	for (uint64_t at = from; at < to && !ret; at += chunk) {
		size_t n = to - at < chunk ? (size_t) (to - at) : chunk;

		/*
		 * xorshift64: no two blocks alike, nothing to compress or
		 * deduplicate, which would make reads as cheap as a hole's
		 */
		for (size_t i = 0; i < chunk / sizeof(*buf); i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[i] = x;
		}
		if (pwrite(fd, buf, n, (off_t) at) != (ssize_t) n)
			ret = errno ? -errno : -EIO;
	}
	free(buf);
	return ret;
}

/* The holes of fd below size, each filled with data: 0 or -errno. */
static int fill_holes(int fd, uint64_t size)
{
	off_t at = 0;
	int ret = 0;

	while (!ret && (uint64_t) at < size) {
		off_t hole = lseek(fd, at, SEEK_HOLE), data;

		if (hole < 0 || (uint64_t) hole >= size)
			break;
		data = lseek(fd, hole, SEEK_DATA);
		if (data < 0 || (uint64_t) data > size)
			data = (off_t) size;
		ret = fill(fd, (uint64_t) hole, (uint64_t) data);
		at = data;
	}
	return ret;
}

/* Room for what fill would write: else -ENOSPC before a byte is. */
static int room_for(int fd, uint64_t size)
{
	struct statvfs vfs;
	struct stat st;

	if (fstat(fd, &st) || fstatvfs(fd, &vfs))
		return 0; /* unknown: the writes will say */
	if ((uint64_t) st.st_blocks * 512 >= size)
		return 0;
	return size - (uint64_t) st.st_blocks * 512 >
			       (uint64_t) vfs.f_bavail * vfs.f_frsize
		       ? -ENOSPC
		       : 0;
}

int fv_target_extend(const char *path, uint64_t size, bool sparse)
{
	struct stat st;
	uint64_t had;
	bool made;
	int fd, ret;

	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	made = fd >= 0;
	if (!made && errno == EEXIST)
		fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = fstat(fd, &st) ? -errno : 0;
	had = ret ? 0 : (uint64_t) st.st_size;
	if (ret || !S_ISREG(st.st_mode) || (sparse && had >= size))
		goto out;
	if (sparse) {
		ret = ftruncate(fd, (off_t) size) ? -errno : 0;
		goto out;
	}
	/* the part added written whole; holes below it found and filled */
	ret = room_for(fd, size);
	if (!ret && had < size)
		ret = fill(fd, had, size);
	if (!ret)
		ret = fill_holes(fd, had < size ? had : size);
	if (!ret)
		ret = fdatasync(fd) ? -errno : 0;
out:
	close(fd);
	if (ret && made)
		unlink(path); /* nothing left of a file we made */
	return ret;
}

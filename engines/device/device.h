/* SPDX-License-Identifier: MIT */
/*
 * What the kernel says about the device under a path: the facts that tell a
 * real flush from a no-op. Linux skips cache flushes for a queue whose
 * write_cache is "write through", and on tmpfs there is no device at all.
 *
 * The sysfs root and the mountinfo file are parameters so that unit tests
 * can point them at a fake tree.
 */
#ifndef FV_DEVICE_H
#define FV_DEVICE_H

#include <stdbool.h>

enum tri {
	TRI_UNKNOWN = -1,
	TRI_NO = 0,
	TRI_YES = 1,
};

enum target_kind {
	TARGET_FILE,
	TARGET_BLOCK,
	TARGET_CHAR,
};

struct dev_facts {
	enum target_kind kind;
	char fs_type[32];      /* "" for a device node */
	char block_device[64]; /* "" when there is none (tmpfs) */
	char write_cache[32];  /* "write back", "write through" or "" */
	enum tri fua;
	enum tri rotational;
};

#define DEVPROBE_SYSFS "/sys"
#define DEVPROBE_MOUNTINFO "/proc/self/mountinfo"

/*
 * Fills @out for @path. Returns 0, or a negative errno when @path itself
 * cannot be examined; missing sysfs attributes are left unknown, not errors.
 */
int devprobe_path(const char *path, const char *sysfs_root,
		  const char *mountinfo, struct dev_facts *out);

/*
 * The file system type of the mount holding device @major:@minor whose
 * mount point is the longest prefix of @abspath; 0 or -ENOENT.
 */
int devprobe_fs_type(const char *mountinfo, unsigned major, unsigned minor,
		     const char *abspath, char *out, unsigned outlen);

/*
 * The block device's name and its queue attributes, from
 * SYSFS/dev/block/MAJOR:MINOR (a partition reports its disk's queue).
 */
int devprobe_block(const char *sysfs_root, unsigned major, unsigned minor,
		   struct dev_facts *out);

const char *tri_name(enum tri t);

/*
 * What an errno from a read, write or flush on a file or block device
 * means for the device under it, in words (the block layer's status it
 * stands for, linux/blk_types.h), or NULL when it means nothing more than
 * its strerror(): ENODATA, for one, is how Linux reports a medium error.
 */
const char *dev_errno_meaning(int err);

#endif

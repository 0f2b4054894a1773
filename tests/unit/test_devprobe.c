/* SPDX-License-Identifier: MIT */
/* Device facts from a fake sysfs tree and a fake mountinfo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <errno.h>

#include <cmocka.h>

#include "device/device.h"
#include "util/array_size.h"

static char root[256];

static void put(const char *rel, const char *content)
{
	char path[512], cmd[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	assert_int_equal(system(cmd), 0);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(content, f);
	fclose(f);
}

static void link_to(const char *rel, const char *target)
{
	char path[512], cmd[600];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(symlink(target, path), 0);
}

/*
 * A disk sda (write back, FUA, rotational) with partition sda1 at 8:1, an
 * NVMe disk nvme0n1 (write through) at 259:0, and mountinfo lines for them.
 */
static int setup(void **state)
{
	(void) state;
	snprintf(root, sizeof(root), "/tmp/fv-devprobe.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	put("sys/devices/pci0/host0/block/sda/queue/write_cache",
	    "write back\n");
	put("sys/devices/pci0/host0/block/sda/queue/fua", "1\n");
	put("sys/devices/pci0/host0/block/sda/queue/rotational", "1\n");
	put("sys/devices/pci0/host0/block/sda/sda1/partition", "1\n");
	link_to("sys/dev/block/8:1", "../../devices/pci0/host0/block/sda/sda1");
	link_to("sys/dev/block/8:0", "../../devices/pci0/host0/block/sda");
	put("sys/devices/pci0/nvme/nvme0/nvme0n1/queue/write_cache",
	    "write through\n");
	put("sys/devices/pci0/nvme/nvme0/nvme0n1/queue/fua", "0\n");
	put("sys/devices/pci0/nvme/nvme0/nvme0n1/queue/rotational", "0\n");
	link_to("sys/dev/block/259:0", "../../devices/pci0/nvme/nvme0/nvme0n1");
	put("mountinfo",
	    "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n"
	    "23 22 0:21 / /dev/shm rw shared:2 - tmpfs tmpfs rw\n"
	    "24 22 259:0 / /data rw - xfs /dev/nvme0n1 rw\n"
	    "25 24 259:0 /sub /data/deep/er rw - btrfs /dev/nvme0n1 rw\n"
	    "garbage line that is not mountinfo\n");
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void) state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static void sysroot(char *out, size_t len)
{
	snprintf(out, len, "%s/sys", root);
}

/* What devprobe_block() finds of each device of the made tree. */
static void test_block_devices(void **state)
{
	static const struct {
		unsigned major, minor;
		int ret;
		const char *dev, *write_cache;
		enum tri fua, rotational;
	} cases[] = {
		/* a partition reports its disk */
		{ 8, 1, 0, "sda", "write back", TRI_YES, TRI_YES },
		{ 259, 0, 0, "nvme0n1", "write through", TRI_NO, TRI_NO },
		/* tmpfs: no device */
		{ 0, 21, -ENOENT, "", NULL, TRI_UNKNOWN, TRI_UNKNOWN },
		/* attributes missing (zram0 below): unknown */
		{ 252, 0, 0, "zram0", "", TRI_UNKNOWN, TRI_NO },
	};
	char sys[300];

	(void) state;
	put("sys/devices/virtual/block/zram0/queue/rotational", "0\n");
	link_to("sys/dev/block/252:0", "../../devices/virtual/block/zram0");
	sysroot(sys, sizeof(sys));
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct dev_facts f;

		memset(&f, 0, sizeof(f));
		assert_int_equal(
			devprobe_block(sys, cases[i].major, cases[i].minor, &f),
			cases[i].ret);
		assert_string_equal(f.block_device, cases[i].dev);
		if (cases[i].ret)
			continue;
		assert_string_equal(f.write_cache, cases[i].write_cache);
		assert_int_equal(f.fua, cases[i].fua);
		assert_int_equal(f.rotational, cases[i].rotational);
	}
}

static void test_fs_type_longest_mount_wins(void **state)
{
	char mi[300], fs[32];

	(void) state;
	snprintf(mi, sizeof(mi), "%s/mountinfo", root);
	assert_int_equal(
		devprobe_fs_type(mi, 259, 0, "/data/x", fs, sizeof(fs)), 0);
	assert_string_equal(fs, "xfs");
	assert_int_equal(
		devprobe_fs_type(mi, 259, 0, "/data/deep/er/f", fs, sizeof(fs)),
		0);
	assert_string_equal(fs, "btrfs");
	/* a prefix must end at a path component */
	assert_int_equal(
		devprobe_fs_type(mi, 259, 0, "/database/f", fs, sizeof(fs)),
		-ENOENT);
	assert_int_equal(
		devprobe_fs_type(mi, 8, 1, "/home/u/f", fs, sizeof(fs)), 0);
	assert_string_equal(fs, "ext4");
	assert_int_equal(
		devprobe_fs_type(mi, 0, 21, "/dev/shm/a", fs, sizeof(fs)), 0);
	assert_string_equal(fs, "tmpfs");
}

/* On the real machine: a file in /dev/shm is on tmpfs with no device. */
static void test_real_tmpfs_file(void **state)
{
	struct dev_facts f;
	char path[] = "/dev/shm/fv-devprobe-XXXXXX";
	int fd = mkstemp(path);

	(void) state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(
		devprobe_path(path, DEVPROBE_SYSFS, DEVPROBE_MOUNTINFO, &f), 0);
	unlink(path);
	assert_int_equal(f.kind, TARGET_FILE);
	assert_string_equal(f.fs_type, "tmpfs");
	assert_string_equal(f.block_device, "");
}

static void test_missing_path(void **state)
{
	struct dev_facts f;

	(void) state;
	assert_int_equal(devprobe_path("/nonexistent/fv/x", DEVPROBE_SYSFS,
				       DEVPROBE_MOUNTINFO, &f),
			 -ENOENT);
}

/* The errnos a device failure arrives as, in words; others: nothing. */
static void test_errno_meanings(void **state)
{
	(void) state;
	assert_non_null(strstr(dev_errno_meaning(ENODATA), "medium error"));
	assert_non_null(strstr(dev_errno_meaning(ENOSPC), "full"));
	assert_non_null(strstr(dev_errno_meaning(ECANCELED), "never ran"));
	assert_null(dev_errno_meaning(EPERM));
	assert_null(dev_errno_meaning(0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_block_devices),
		cmocka_unit_test(test_fs_type_longest_mount_wins),
		cmocka_unit_test(test_real_tmpfs_file),
		cmocka_unit_test(test_missing_path),
		cmocka_unit_test(test_errno_meanings),
	};

	return cmocka_run_group_tests_name("devprobe", tests, setup, teardown);
}

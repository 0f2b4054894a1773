/* SPDX-License-Identifier: MIT */
/*
 * Emulated disks whose fio run is gone are removed by the next run; those
 * of a run still alive are not.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "emulator/emulator.h"

static void make(const char *name)
{
	int fd = shm_open(name, O_RDWR | O_CREAT, 0600);

	assert_true(fd >= 0);
	close(fd);
}

static bool exists(const char *name)
{
	int fd = shm_open(name, O_RDONLY, 0);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static void test_dead_owner_removed_live_kept(void **state)
{
	char dead[128], live[128], other[128];
	pid_t pid = fork();

	(void) state;
	if (!pid)
		_exit(0);
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, NULL, 0), pid); /* gone now */
	snprintf(dead, sizeof(dead), "/fioverdict-emu-%ld-1a-0123456789abcdef",
		 (long) pid);
	snprintf(live, sizeof(live), "/fioverdict-emu-%ld-1a-0123456789abcdef",
		 (long) getpid());
	snprintf(other, sizeof(other), "/fioverdict-emux-%ld-1a", (long) pid);
	make(dead);
	make(live);
	make(other);
	assert_true(emu_shared_remove_orphans() >= 1);
	assert_false(exists(dead));
	assert_true(exists(live));
	assert_true(exists(other)); /* not ours: not touched */
	shm_unlink(live);
	shm_unlink(other);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dead_owner_removed_live_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

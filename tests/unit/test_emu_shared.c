/* SPDX-License-Identifier: MIT */
/* One emulated disk shared by processes: the cap is the disk's, not each's. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "emulator/emulator.h"

#define SEC 1000000000ULL

static struct emu_config cap(double iops)
{
	struct emu_config c;

	memset(&c, 0, sizeof(c));
	c.cap_iops = iops;
	c.time_scale = 1;
	return c;
}

/* Admits back to back from t0 until t0 + 1 s; returns how many started. */
static unsigned one_second(struct emu_shared *s, uint64_t t0)
{
	uint64_t now = t0;
	unsigned n = 0;

	for (;;) {
		now = emu_shared_admit(s, now, 4096);
		if (now >= t0 + SEC)
			return n;
		n++;
	}
}

/*
 * A child's part: attaches to disk @device of @owner, admits for one
 * second from 10 s, writes how many started to @out, and exits (0, or
 * where it failed).
 */
static _Noreturn void child_second(long owner, uint64_t device,
				   const struct emu_config *c, int out)
{
	struct emu_shared *t;
	unsigned n;

	if (emu_shared_attach(owner, device, c, &t))
		_exit(2);
	n = one_second(t, 10 * SEC);
	if (write(out, &n, sizeof(n)) != sizeof(n))
		_exit(3);
	emu_shared_detach(t);
	_exit(0);
}

/*
 * Two processes on a 1000 IOPS disk, both asking from the same instant:
 * together they get 1000 in a second, where separate buckets would give
 * 2000.
 */
static void test_two_processes_share_the_cap(void **state)
{
	struct emu_config c = cap(1000);
	long owner = (long) getpid();
	struct emu_shared *s;
	int fds[2], status;
	unsigned mine, theirs = 0;
	pid_t pid;

	(void) state;
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(emu_shared_attach(owner, 42, &c, &s), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		child_second(owner, 42, &c, fds[1]);
	mine = one_second(s, 10 * SEC);
	assert_int_equal(read(fds[0], &theirs, sizeof(theirs)), sizeof(theirs));
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(WEXITSTATUS(status), 0);
	/* both lanes of requests interleave on one timeline */
	if (fabs((double) (mine + theirs) - 1000.0) > 2.0)
		fail_msg("together %u + %u, want 1000", mine, theirs);
	emu_shared_detach(s);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
	close(fds[0]);
	close(fds[1]);
}

/* A later job of the same run finds the credits an earlier one left. */
static void test_state_outlives_a_job(void **state)
{
	struct emu_config c = cap(500);
	long owner = (long) getpid();
	struct emu_shared *a, *b;
	struct emu_state snap;

	(void) state;
	c.burst_iops = 1500;
	c.burst_seconds = 1;
	assert_int_equal(emu_shared_attach(owner, 7, &c, &a), 0);
	/* 1 s at 1500 empties the 1000-credit bucket, then 500 IOPS */
	/* (each call also books the one request that starts past its end) */
	assert_in_range(one_second(a, SEC) + one_second(a, 2 * SEC), 1997,
			2000);
	emu_shared_detach(a);
	assert_int_equal(emu_shared_attach(owner, 7, &c, &b), 0);
	emu_shared_snapshot(b, &snap);
	assert_in_range(snap.admitted, 1999, 2002);
	assert_true(fabs(emu_burst_length_s(&snap) - 1.0) < 0.01);
	/* the next job starts at the baseline: no credits left */
	assert_in_range(one_second(b, 3 * SEC), 498, 500);
	emu_shared_detach(b);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
	assert_int_equal(emu_shared_remove_owned(owner), 0);
}

/* Other figures, or another device, make another disk. */
static void test_distinct_disks(void **state)
{
	struct emu_config c1 = cap(100), c2 = cap(200);
	long owner = (long) getpid();
	struct emu_shared *a, *b, *d;
	char n1[96], n2[96];

	(void) state;
	emu_shared_name(owner, 1, &c1, n1, sizeof(n1));
	emu_shared_name(owner, 1, &c2, n2, sizeof(n2));
	assert_string_not_equal(n1, n2);
	assert_int_equal(emu_shared_attach(owner, 1, &c1, &a), 0);
	assert_int_equal(emu_shared_attach(owner, 1, &c2, &b), 0);
	assert_int_equal(emu_shared_attach(owner, 2, &c1, &d), 0);
	emu_shared_detach(a);
	emu_shared_detach(b);
	emu_shared_detach(d);
	assert_int_equal(emu_shared_remove_owned(owner), 3);
}

/* A state left in /dev/shm by hand, as a killed fio leaves one. */
static void leave_state(const char *name)
{
	int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);

	assert_true(fd >= 0);
	close(fd);
}

static bool state_exists(const char *name)
{
	int fd = shm_open(name, O_RDONLY, 0);

	if (fd < 0) {
		assert_int_equal(errno, ENOENT);
		return false;
	}
	close(fd);
	return true;
}

/* A pid that existed and is gone now. */
static long dead_pid(void)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid)
		_exit(0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return (long) pid;
}

/*
 * fio killed with SIGKILL never removes its disks: the next run's first
 * attach does, and keeps its own and those of runs still alive.
 */
static void test_dead_owner_state_removed(void **state)
{
	struct emu_config c = cap(100);
	long me = (long) getpid();
	char dead[96], live[96], reused[96], older[96];
	struct emu_shared *s;

	(void) state;
	emu_shared_name(dead_pid(), 5, &c, dead, sizeof(dead));
	emu_shared_name((long) getppid(), 5, &c, live, sizeof(live));
	/* our own pid, but not started when this name says */
	snprintf(reused, sizeof(reused), "/fioverdict-emu-%ld.%llu-5-0", me,
		 emu_process_start(me) + 1);
	/* a name of another form is not ours to judge */
	snprintf(older, sizeof(older), "/fioverdict-emu-%ld-5-0",
		 (long) dead_pid());
	leave_state(dead);
	leave_state(live);
	leave_state(reused);
	leave_state(older);
	assert_int_equal(emu_shared_attach(me + 1, 5, &c, &s), 0);
	assert_false(state_exists(dead));
	assert_false(state_exists(reused));
	assert_true(state_exists(live));
	assert_true(state_exists(older));
	emu_shared_detach(s);
	assert_int_equal(emu_shared_remove_owned(me + 1), 1);
	shm_unlink(live);
	shm_unlink(older);
}

/* The run that asks keeps its own disks, whatever its pid says. */
static void test_attaching_run_kept(void **state)
{
	struct emu_config c = cap(100);
	long owner = dead_pid();
	struct emu_shared *a, *b;

	(void) state;
	assert_int_equal(emu_shared_attach(owner, 6, &c, &a), 0);
	emu_shared_detach(a);
	assert_int_equal(emu_shared_attach(owner, 6, &c, &b), 0);
	emu_shared_detach(b);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
	assert_true(emu_process_start((long) getpid()) > 0);
	assert_int_equal(emu_process_start(owner), 0);
}

/*
 * An object under the disk's name that is not one whole (made by hand, or
 * by a maker that died): refused at once, neither waited on nor mapped.
 */
static void test_half_made_state_refused(void **state)
{
	struct emu_config c = cap(100);
	long owner = (long) getpid();
	struct emu_shared *s;
	char name[96];

	(void) state;
	emu_shared_name(owner, 8, &c, name, sizeof(name));
	leave_state(name); /* size 0, as right after shm_open */
	assert_int_equal(emu_shared_attach(owner, 8, &c, &s), -EPROTO);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
	assert_int_equal(emu_shared_attach(owner, 8, &c, &s), 0);
	emu_shared_detach(s);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
}

/*
 * Eight processes attach at one instant (released together from a pipe):
 * each gets the one disk, whose cap they share, and the names they made
 * it under are gone: the run leaves one object.
 */
static void test_racing_attachers_share_one_disk(void **state)
{
	struct emu_config c = cap(1000);
	long owner = (long) getpid();
	int go[2], counts[2], status;
	unsigned sum = 0, n;
	pid_t pids[8];

	(void) state;
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(counts), 0);
	for (size_t i = 0; i < 8; i++) {
		pids[i] = fork();
		assert_true(pids[i] >= 0);
		if (pids[i] == 0) {
			char b;

			close(go[1]);
			if (read(go[0], &b, 1) != 0) /* 0: released */
				_exit(4);
			child_second(owner, 9, &c, counts[1]);
		}
	}
	close(go[0]);
	close(go[1]); /* every child's read returns now */
	for (size_t i = 0; i < 8; i++) {
		assert_int_equal(read(counts[0], &n, sizeof(n)), sizeof(n));
		sum += n;
	}
	for (size_t i = 0; i < 8; i++) {
		assert_int_equal(waitpid(pids[i], &status, 0), pids[i]);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	if (fabs((double) sum - 1000.0) > 8.0)
		fail_msg("together %u, want 1000", sum);
	assert_int_equal(emu_shared_remove_owned(owner), 1);
	close(counts[0]);
	close(counts[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_processes_share_the_cap),
		cmocka_unit_test(test_state_outlives_a_job),
		cmocka_unit_test(test_distinct_disks),
		cmocka_unit_test(test_dead_owner_state_removed),
		cmocka_unit_test(test_attaching_run_kept),
		cmocka_unit_test(test_half_made_state_refused),
		cmocka_unit_test(test_racing_attachers_share_one_disk),
	};

	return cmocka_run_group_tests_name("emu_shared", tests, NULL, NULL);
}

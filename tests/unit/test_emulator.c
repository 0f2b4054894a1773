/* SPDX-License-Identifier: MIT */
/* The provisioned-disk emulator: caps, credit bursts, refill, presets. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "emulator/emulator.h"
#include "util/array_size.h"

#define SEC 1000000000ULL

static struct emu_config cfg(double iops, double burst, double seconds,
			     double scale)
{
	struct emu_config c;

	memset(&c, 0, sizeof(c));
	c.cap_iops = iops;
	c.burst_iops = burst;
	c.burst_seconds = seconds;
	c.time_scale = scale;
	return c;
}

/*
 * Unbounded demand with @depth requests outstanding and no service time:
 * each request is asked for as soon as one of the depth slots frees.
 * Counts starts in [from, to) seconds.
 */
static uint64_t run(struct emu_state *e, uint64_t t0, double seconds,
		    uint64_t bytes, double from, double to)
{
	uint64_t now = t0, n = 0, end = t0 + (uint64_t) (seconds * SEC);

	for (;;) {
		uint64_t start = emu_admit(e, now, bytes);

		if (start >= end)
			break;
		if (start >= t0 + (uint64_t) (from * SEC) &&
		    start < t0 + (uint64_t) (to * SEC))
			n++;
		now = start;
	}
	return n;
}

static bool near(double got, double want, double rel)
{
	return fabs(got - want) <= rel * want;
}

static void assert_near(double got, double want, double rel)
{
	if (!near(got, want, rel))
		fail_msg("%g is not within %g%% of %g", got, rel * 100, want);
}

/* Caps without a burst: the same rate from the first request to the last. */
static const struct steady_case {
	const char *name;
	double cap_iops, cap_bw;
	uint64_t bytes;
	double want; /* requests started in 10 s */
	double rel;
} steady_cases[] = {
	{ "IOPS cap", 1000, 0, 4096, 10000, 0.001 },
	/* 1 MiB requests at 100 MB/s: 95.37 per second */
	{ "bandwidth cap", 0, 100e6, 1 << 20, 953.7, 0.002 },
	/* 1 MB/s of 64 KiB: 15.3 IOPS, under 1000 */
	{ "both caps, the slower wins", 1000, 1e6, 65536, 152.6, 0.01 },
};

static void test_steady_caps(void **state)
{
	struct emu_state e;
	size_t i;

	(void) state;
	for (i = 0; i < FV_ARRAY_SIZE(steady_cases); i++) {
		const struct steady_case *r = &steady_cases[i];
		struct emu_config c = cfg(r->cap_iops, 0, 0, 1);
		double n;

		c.cap_bw = r->cap_bw;
		emu_init(&e, &c);
		/* a late first request gets no catch-up */
		n = (double) run(&e, 5 * SEC, 10, r->bytes, 0, 10);
		if (!near(n, r->want, r->rel))
			fail_msg("%s: %g is not within %g%% of %g", r->name, n,
				 r->rel * 100, r->want);
		if (emu_burst_length_s(&e) >= 0)
			fail_msg("%s: a burst without burst settings", r->name);
	}
}

static void test_burst_then_baseline(void **state)
{
	/* Azure P10 rehearsed 600x faster: 1800 s of burst becomes 3 s */
	struct emu_config c = cfg(500, 3500, 1800, 600);
	struct emu_state e;

	(void) state;
	assert_near(emu_expected_burst_s(&c), 3.0, 1e-9);
	emu_init(&e, &c);
	/* during the burst: 3500 IOPS; after it: 500 IOPS */
	assert_near((double) run(&e, SEC, 8, 4096, 0.5, 2.5), 7000, 0.01);
	emu_init(&e, &c);
	assert_near((double) run(&e, SEC, 8, 4096, 4, 8), 2000, 0.01);
	assert_near(emu_burst_length_s(&e), 3.0, 0.01);
}

/* Below the baseline credits come back at the unused rate. */
static void test_refill_after_idle(void **state)
{
	struct emu_config c = cfg(500, 3500, 1800, 600);
	struct emu_state e;
	uint64_t n;

	(void) state;
	emu_init(&e, &c);
	run(&e, SEC, 5, 4096, 0, 5); /* empties the bucket */
	/*
	 * idle 12 s: 12 x 500 = 6000 credits of the 9000 capacity, a burst
	 * of 6000 / (3500 - 500) = 2 s; then baseline.
	 */
	n = run(&e, 18 * SEC, 4, 4096, 0, 4);
	assert_near((double) n, 2 * 3500 + 2 * 500, 0.01);
}

static void test_added_latency(void **state)
{
	struct emu_config c = cfg(0, 0, 0, 1);
	struct emu_state e;

	(void) state;
	c.added_latency_ns = 500000;
	assert_true(emu_config_active(&c));
	emu_init(&e, &c);
	/* no cap: every request starts at once, half a millisecond later */
	assert_int_equal(emu_admit(&e, 1000, 4096), 501000);
	assert_int_equal(emu_admit(&e, 1000, 4096), 501000);
	assert_int_equal(e.delayed, 0);
}

static const struct validation_case {
	const char *name;
	double iops, burst, seconds, scale;
	const char *error; /* a part of the message; NULL: valid */
} validation_cases[] = {
	{ "burst without a cap", 0, 3000, 10, 1, "burst_iops needs cap_iops" },
	{ "burst under the cap", 1000, 800, 10, 1, "above the baseline" },
	{ "burst without a length", 1000, 3000, 0, 1, "burst_seconds" },
	{ "time slowed down", 1000, 3000, 10, 0.5, "time_scale" },
	{ "burst over the cap", 1000, 3000, 10, 1, NULL },
};

static void test_validation(void **state)
{
	struct emu_config c;
	size_t i;

	(void) state;
	for (i = 0; i < FV_ARRAY_SIZE(validation_cases); i++) {
		const struct validation_case *r = &validation_cases[i];
		char err[256] = "";
		int rc;

		c = cfg(r->iops, r->burst, r->seconds, r->scale);
		rc = emu_config_validate(&c, err, sizeof(err));
		if (rc != (r->error ? -EINVAL : 0))
			fail_msg("%s: returned %d ('%s')", r->name, rc, err);
		if (r->error && !strstr(err, r->error))
			fail_msg("%s: message '%s' does not name '%s'", r->name,
				 err, r->error);
	}
	memset(&c, 0, sizeof(c));
	assert_false(emu_config_active(&c));
}

static void test_presets(void **state)
{
	const struct emu_alias *a;
	struct emu_config c;
	char err[256];
	int n = 0;

	(void) state;
	for (a = emu_aliases; a->name; a++, n++) {
		assert_int_equal(emu_preset_find(a->name, &c), 0);
		assert_int_equal(emu_config_validate(&c, err, sizeof(err)), 0);
		assert_true(emu_config_active(&c));
	}
	assert_true(n >= 5);
	assert_int_equal(emu_preset_find("azure-p10", &c), 0);
	assert_true(c.cap_iops == 500 && c.burst_iops == 3500);
	assert_near(emu_expected_burst_s(&c), 1800, 1e-9);
	assert_int_equal(emu_preset_find("aws-gp2-100g", &c), 0);
	/* 5.4 million credits spent at 3000 - 300 per second */
	assert_near(emu_expected_burst_s(&c), 5.4e6 / 2700, 1e-9);
	assert_int_equal(emu_preset_find("azure-p99", &c), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steady_caps),
		cmocka_unit_test(test_burst_then_baseline),
		cmocka_unit_test(test_refill_after_idle),
		cmocka_unit_test(test_added_latency),
		cmocka_unit_test(test_validation),
		cmocka_unit_test(test_presets),
	};

	return cmocka_run_group_tests_name("emulator", tests, NULL, NULL);
}

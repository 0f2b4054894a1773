/* SPDX-License-Identifier: MIT */
/* Histogram: bucket arithmetic, error bound, and fio's percentile rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "accounting/accounting.h"
#include "util/array_size.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/* fio's rule on exact data: first sample whose rank reaches p/100*N. */
static uint64_t exact_percentile(const uint64_t *sorted, size_t n, double p)
{
	long double need = (long double) p / 100.0 * n;
	size_t i;

	for (i = 0; i < n; i++)
		if ((long double) (i + 1) >= need)
			return sorted[i];
	return sorted[n - 1];
}

static void test_small_values_exact(void **state)
{
	struct histogram h;
	uint64_t v, out;

	(void) state;
	hist_init(&h);
	for (v = 0; v < HIST_EXACT; v++)
		hist_record(&h, v);
	assert_int_equal(h.count, HIST_EXACT);
	assert_true(hist_percentile(&h, 50.0, &out));
	assert_int_equal(out, 127); /* rank 128 of 0..255 */
	assert_true(hist_percentile(&h, 100.0, &out));
	assert_int_equal(out, 255);
	assert_int_equal(h.min, 0);
	assert_int_equal(h.max, 255);
}

static void test_bucket_bounds_contiguous(void **state)
{
	unsigned i;

	(void) state;
	for (i = 0; i + 1 < HIST_BUCKETS; i++) {
		assert_true(hist_bucket_low(i) <= hist_bucket_high(i));
		assert_int_equal(hist_bucket_high(i) + 1,
				 hist_bucket_low(i + 1));
		assert_int_equal(hist_bucket_index(hist_bucket_low(i)), i);
		assert_int_equal(hist_bucket_index(hist_bucket_high(i)), i);
	}
	assert_int_equal(hist_bucket_index(UINT64_MAX), HIST_BUCKETS - 1);
	assert_int_equal(hist_bucket_high(HIST_BUCKETS - 1), UINT64_MAX);
}

/* Every value's bucket midpoint is within 1/256 of it: under 1%. */
static void test_relative_error_bound(void **state)
{
	uint64_t v;

	(void) state;
	for (v = 1; v < (1ULL << 40); v = v * 3 / 2 + 7) {
		uint64_t mid = hist_bucket_mid(hist_bucket_index(v));
		double err = mid > v ? (double) (mid - v) : (double) (v - mid);

		assert_true(err / (double) v <= 1.0 / 256.0);
	}
}

static void test_percentiles_against_exact(void **state)
{
	static const double ps[] = { 1,	 5,    10,   50,    90, 95,
				     99, 99.5, 99.9, 99.99, 100 };
	const size_t n = 100000;
	uint64_t *vals = malloc(n * sizeof(*vals));
	struct histogram *h = malloc(sizeof(*h));
	size_t i, k;

	(void) state;
	assert_non_null(vals);
	assert_non_null(h);
	hist_init(h);
	srand(42);
	for (i = 0; i < n; i++) {
		/* a long-tailed latency shape: 20 us base, rare 10 ms spikes */
		uint64_t v = 20000 + (uint64_t) (rand() % 5000);

		if (i % 997 == 0)
			v = 10000000 + (uint64_t) (rand() % 100000);
		vals[i] = v;
		hist_record(h, v);
	}
	qsort(vals, n, sizeof(*vals), cmp_u64);
	for (k = 0; k < FV_ARRAY_SIZE(ps); k++) {
		uint64_t got, want = exact_percentile(vals, n, ps[k]);
		double err;

		assert_true(hist_percentile(h, ps[k], &got));
		err = got > want ? (double) (got - want)
				 : (double) (want - got);
		if (err / (double) want > 0.01)
			fail_msg("p%g: %lu vs exact %lu", ps[k],
				 (unsigned long) got, (unsigned long) want);
	}
	assert_int_equal(h->min, vals[0]);
	assert_int_equal(h->max, vals[n - 1]);
	free(vals);
	free(h);
}

/* 99.9 is not exact in binary: fio's long double rule picks rank N here. */
static void test_fio_rank_rule_at_99_9(void **state)
{
	struct histogram h;
	uint64_t v, out;

	(void) state;
	hist_init(&h);
	for (v = 1; v <= 1000; v++)
		hist_record(&h, v * 1000);
	assert_true(hist_percentile(&h, 99.9, &out));
	/* rank 1000 (value 1,000,000 ns), not rank 999 */
	assert_true(out >= 996000 && out <= 1000000);
	assert_true(hist_percentile(&h, 50.0, &out));
	assert_true(out >= 498000 && out <= 502000);
}

static void test_empty_and_bad_percentile(void **state)
{
	struct histogram h;
	uint64_t out = 77;

	(void) state;
	hist_init(&h);
	assert_false(hist_percentile(&h, 50.0, &out));
	assert_int_equal(out, 77);
	hist_record(&h, 5);
	assert_false(hist_percentile(&h, 0.0, &out));
	assert_false(hist_percentile(&h, 100.5, &out));
	assert_true(hist_mean(&h) == 5.0);
}

static void test_merge(void **state)
{
	struct histogram a, b;
	uint64_t out;

	(void) state;
	hist_init(&a);
	hist_init(&b);
	hist_record(&a, 100);
	hist_record(&b, 1000000);
	hist_record(&b, 50);
	hist_merge(&a, &b);
	assert_int_equal(a.count, 3);
	assert_int_equal(a.min, 50);
	assert_int_equal(a.max, 1000000);
	assert_true(hist_percentile(&a, 100.0, &out));
	assert_int_equal(out, 1000000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_values_exact),
		cmocka_unit_test(test_bucket_bounds_contiguous),
		cmocka_unit_test(test_relative_error_bound),
		cmocka_unit_test(test_percentiles_against_exact),
		cmocka_unit_test(test_fio_rank_rule_at_99_9),
		cmocka_unit_test(test_empty_and_bad_percentile),
		cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests_name("histogram", tests, NULL, NULL);
}

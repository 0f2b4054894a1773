/* SPDX-License-Identifier: MIT */
/*
 * scaling and the QD sweep's knee, on inputs whose figures this test
 * chose: each figure expected is computed here from those numbers by the
 * rule fioverdict(1) states, never read from an output the program wrote.
 */
#include "answers.h"
#include "util/util.h"

/* Three VM sizes of one disk: what each measured. */
static const struct size {
	const char *label;
	double peak_read_iops, steady_write_iops, steady_p99_ns, seq_read_mibs;
} sizes[] = {
	{ "d8", 100000, 40000, 250000, 1000 },
	{ "d16", 190000, 76000, 410000, 1900 },
	{ "d32", 350000, 150000, 900000, 2100 },
};

#define NSIZES (FV_ARRAY_SIZE(sizes))

/* A file of the seed's name pattern LABEL_TEST_TIME holding one job. */
static void one_job(const char *label, const char *test, struct fva_job j)
{
	char name[128];

	snprintf(name, sizeof(name), "%s_%s_20260101-100100.json", label, test);
	fva_write(name, json_pack("[o]", fva_job(&j)));
}

static json_t *p99_map(double p99_ns)
{
	return json_pack("{s:{s:f, s:f}}", "percentile", "50.000000",
			 p99_ns / 2, "99.000000", p99_ns);
}

static void write_sizes(void)
{
	for (size_t i = 0; i < NSIZES; i++) {
		const struct size *s = &sizes[i];

		one_job(s->label, "peak_randread4k",
			(struct fva_job){ "peak", "randread", "4k", 32,
					  s->peak_read_iops, 100000, NULL });
		one_job(s->label, "steady_randwrite4k",
			(struct fva_job){ "steady", "randwrite", "4k", 32,
					  s->steady_write_iops, 100000,
					  p99_map(s->steady_p99_ns) });
		one_job(s->label, "seqread1m",
			(struct fva_job){ "seq", "read", "1m", 8,
					  s->seq_read_mibs, 100000, NULL });
	}
}

/* A metric of a row and its ratio: value / the base label's value. */
static void metric(const json_t *row, const char *key, double value,
		   double base)
{
	char ratio[64];

	snprintf(ratio, sizeof(ratio), "%s_ratio", key);
	fva_near(fva_num(row, key), value, key);
	fva_near(fva_num(row, ratio), value / base, ratio);
}

/* "One row per label: metrics and their ratio to the --base label". */
static void ratios_to_base(void **state)
{
	/* writable: the program splits it where it stands, as in argv */
	char metrics[] = "peak_read_iops,steady_write_iops,steady_write_p99,"
			 "seq_read_bw";
	const char *args[] = { "scaling",   "-f",    "json",	"--base", "d8",
			       "--metrics", metrics, fvt_tmp(), NULL };
	const struct size *b = &sizes[0];
	json_t *doc;
	const json_t *rows;

	(void) state;
	write_sizes();
	rows = fva_rows(args, 0, &doc);
	assert_int_equal(json_array_size(rows), NSIZES);
	for (size_t i = 0; i < NSIZES; i++) {
		const struct size *s = &sizes[i];
		const json_t *r = fva_row(rows, "label", s->label);

		assert_non_null(r);
		metric(r, "peak_read_iops", s->peak_read_iops,
		       b->peak_read_iops);
		metric(r, "steady_write_iops", s->steady_write_iops,
		       b->steady_write_iops);
		metric(r, "steady_write_p99", s->steady_p99_ns,
		       b->steady_p99_ns);
		/* fio's bw_bytes: the job's IOPS of 1 MiB */
		metric(r, "seq_read_bw", s->seq_read_mibs * 1048576,
		       b->seq_read_mibs * 1048576);
	}
	json_decref(doc);
}

/* A QD sweep of 4 KiB random writes: IOPS at each depth. */
static const int depths[] = { 1, 2, 4, 8, 16, 32, 64 };
static const double sweep_iops[] = { 9000,  17000, 33000, 52000,
				     56000, 58500, 59000 };

#define NDEPTHS (FV_ARRAY_SIZE(depths))

/* Little's law: the mean latency of qd I/Os in flight at iops, in ns. */
static double little_ns(int qd, double iops)
{
	return qd / iops * 1e9;
}

/*
 * Doubling the depth from a to b is flat when it adds < 10% IOPS
 * (--cap-gain) and the mean latency follows Little's law,
 * lat2/lat1 = (QD2/QD1)(IOPS1/IOPS2), within 15% (--cap-little).
 */
static bool flat(size_t a, size_t b, const double *lat)
{
	double little =
		(double) depths[b] / depths[a] * sweep_iops[a] / sweep_iops[b];

	return sweep_iops[b] < 1.10 * sweep_iops[a] &&
	       fabs(lat[b] / lat[a] / little - 1) <= 0.15;
}

/*
 * The knee: the plateau after the last fall starts there, at least two
 * doublings long, each flat; the level is the plateau's mean. -1: none.
 */
static int knee(const double *lat, double *level)
{
	size_t k = NDEPTHS - 1;

	while (k > 0 && flat(k - 1, k, lat))
		k--;
	if (NDEPTHS - 1 - k < 2)
		return -1;
	*level = 0;
	for (size_t i = k; i < NDEPTHS; i++)
		*level += sweep_iops[i] / (NDEPTHS - k);
	return depths[k];
}

static void sweep_knee(void **state)
{
	const char *args[] = { "verdict", "-f", "json", fvt_tmp(), NULL };
	json_t *jobs = json_array(), *doc;
	double lat[NDEPTHS], level = 0;
	const json_t *rows, *r = NULL;
	size_t i;
	int want;

	(void) state;
	for (i = 0; i < NDEPTHS; i++) {
		char name[16];

		lat[i] = little_ns(depths[i], sweep_iops[i]);
		snprintf(name, sizeof(name), "qd%d", depths[i]);
		json_array_append_new(
			jobs, fva_job(&(struct fva_job){
				      name, "randwrite", "4k", depths[i],
				      sweep_iops[i], lat[i], NULL }));
	}
	fva_write("d8_scaling_randwrite4k_qd_20260101-100100.json", jobs);
	want = knee(lat, &level);
	assert_int_equal(want, 8); /* the numbers above have one */
	rows = fva_rows(args, 0, &doc);
	json_array_foreach(rows, i, r)
	{
		if (!strcmp(json_string_value(json_object_get(r, "check")),
			    "cap"))
			break;
	}
	assert_true(i < json_array_size(rows));
	assert_string_equal(json_string_value(json_object_get(r, "verdict")),
			    "capped");
	assert_int_equal(fva_num(r, "knee_qd"), want);
	fva_near(fva_num(r, "level_iops"), level, "level_iops");
	json_decref(doc);
}

#define T(f) cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, fvt_tmp_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(ratios_to_base),
		T(sweep_knee),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd's text result: the real 2.0.17a sample (a legacy code page's
 * system dump before it), made 2.1 (thread pool over two targets, two
 * runs in one file, UTF-16LE, CRLF) and 2.2 (-D) ones from
 * mkdiskspd_text.py, and the version each one's traits allow; a result
 * cut in a table and one whose thread rows do not sum. Beside them, the
 * caching flags of the XML reader's profile.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/diskspd.h"
#include "ingest/ingest.h"
#include "util/util.h"

#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

static const struct fv_job *named(const struct fv_set *set, const char *name)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (!strcmp(set->jobs[i]->name, name))
			return set->jobs[i];
	fail_msg("no job %s", name);
	return NULL;
}

static double pct_ms(const struct fv_lat *l, double p)
{
	for (uint32_t i = 0; i < l->nreported; i++)
		if (fabs(l->reported[i].p - p) < 1e-9)
			return l->reported[i].ns / 1e6;
	fail_msg("no p%g", p);
	return NAN;
}

/* Every figure as the sample prints it; the workload from its profile. */
static void real_2017a(void **state)
{
	struct fv_set set;
	const struct fv_job *j;
	const struct fv_dirstats *r, *w;

	(void) state;
	fvt_load_clean(&set, "diskspd-text/diskspd-2.0.17a-Irbis_TW57.txt", 1);
	j = named(&set, "RND 4KiB Q32 T2 W50%");
	r = &j->dir[FV_DIR_READ];
	w = &j->dir[FV_DIR_WRITE];
	assert_string_equal(j->format, "DiskSpd");
	assert_string_equal(j->fio_version,
			    "DiskSpd 2.0.17a or earlier (text)");
	assert_int_equal(r->total_ios, 318532);
	assert_int_equal(r->io_bytes, 1304707072);
	assert_int_equal(w->total_ios, 317958);
	assert_true(fabs(r->iops - 530.88) < 1e-9);
	assert_true(fabs(w->iops - 529.92) < 1e-9);
	assert_true(fabs(r->bw_bytes - 530.88 * 4096) < 1e-6);
	assert_true(fabs(r->lat[FV_LAT].mean_ns - 32.273e6) < 1e-3);
	assert_true(fabs(w->lat[FV_LAT].mean_ns - 88.584e6) < 1e-3);
	assert_true(fabs(r->lat[FV_LAT].min_ns - 12.382e6) < 1e-3);
	assert_true(fabs(pct_ms(&r->lat[FV_LAT], 99) - 52.576) < 1e-9);
	assert_true(fabs(pct_ms(&r->lat[FV_LAT], 99.9) - 207.018) < 1e-9);
	assert_true(fabs(pct_ms(&w->lat[FV_LAT], 99.99) - 5792.540) < 1e-9);
	assert_int_equal(j->wl.pattern, FV_PAT_RAND);
	assert_true(j->wl.read_pct == 50);
	assert_int_equal(j->wl.block, 4096);
	assert_int_equal(j->wl.depth, 32);
	assert_int_equal(j->wl.threads, 2);
	assert_int_equal(j->wl.direct, 1);
	assert_int_equal(j->wl.write_through, 1); /* -Sh */
	assert_true(j->wl.runtime_s == 600 && j->wl.warmup_s == 5);
	assert_string_equal(j->wl.target, "C:\\testfile.foo");
	fv_set_free(&set);
}

/* -F2 -o8: the pool's requests; two runs; a timespan each a job. */
static void made_21_pool_runs(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_clean(&set, "diskspd-text/diskspd-2.1-pool-two-runs-made.txt",
		       3);
	j = named(&set, "SEQ 1MiB Q8 T2 W30% run 1 #2");
	assert_string_equal(j->fio_version, "DiskSpd 2.1 (text)");
	assert_int_equal(j->wl.depth, 8);
	assert_int_equal(j->wl.threads, 2);
	assert_int_equal(j->wl.pattern, FV_PAT_SEQ);
	assert_true(j->wl.read_pct == 70);
	assert_int_equal(j->wl.block, 1 << 20);
	assert_true(j->dir[FV_DIR_READ].runtime_ms == 30010);
	j = named(&set, "RND 8KiB Q8 T2 W100% run 2");
	assert_false(fv_dir_did_io(&j->dir[FV_DIR_READ]));
	assert_true(fabs(pct_ms(&j->dir[FV_DIR_WRITE].lat[FV_LAT], 99) -
			 18.609) < 1e-9);
	fv_set_free(&set);
}

static void version_traits(void **state)
{
	const struct fv_job *j;
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "diskspd-text/diskspd-2.2-rnd4k-q32t4-made.txt");
	j = fvt_only_job(&set);
	assert_string_equal(j->fio_version, "DiskSpd 2.2 (text)");
	/* no AvgLat for the direction with no I/O ("-nan(ind)") */
	assert_false(fv_dir_did_io(&j->dir[FV_DIR_WRITE]));
	fv_set_free(&set);
	/* without -L neither percentile heading: 2.1 or 2.2 */
	fvt_load_fixture(&set, "diskspd-text-edge/interrupted.txt");
	assert_int_equal(set.njobs, 2);
	assert_string_equal(set.jobs[0]->fio_version,
			    "DiskSpd 2.1 or later (text)");
	/* the interrupted timespan (the first): a failed job, DiskSpd's
	 * words kept */
	assert_true(fv_job_failed(set.jobs[0]));
	assert_false(fv_job_failed(set.jobs[1]));
	assert_non_null(strstr(set.jobs[0]->error_text,
			       "interrupted before the measurements"));
	/* "using software cache", "writethrough off": neither flag */
	assert_int_equal(set.jobs[1]->wl.direct, 0);
	assert_int_equal(set.jobs[1]->wl.write_through, 0);
	fv_set_free(&set);
}

/*
 * No figure from a table cut before its total row: the file is not read.
 * Thread rows that do not make the total (rows cut out, a garbled row):
 * DiskSpd's own total is read, with a warning at its line.
 */
static void bad_tables(void **state)
{
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "diskspd-text-bad/cut.txt");
	fvt_check_refused(&set, "its 'Write IO' table has no total row", 41);
	fv_set_free(&set);
	fvt_load_fixture(&set, "diskspd-text-bad/garbled.txt");
	assert_int_equal(set.njobs, 1);
	assert_int_equal(fvt_diags(&set, FV_ERROR, ""), 0);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "a table's thread rows do not sum to its "
				   "total row"),
			 1);
	fv_set_free(&set);
}

/* A table's rows, each as DiskSpd would never print them. */
static void rows_not_tables(void **state)
{
	static const char *const cases[] = {
		"thread |       bytes     |     I/Os     |    MiB/s   |"
		"  I/O per s |  file\n---\n     0 |  4096 |  1 |  0.00 |"
		"  1.00 | x\n---\ntotal:   4096 | 1 | 0.00 | inf\n",
		"thread |       bytes     |     I/Os     |    MiB/s   |"
		"  I/O per s |  file\n     0 |  0x10 |  1 |  0.00 |  1.00 |"
		" x\n",
		"thread |       bytes     |     I/Os     |    MiB/s   |"
		"  I/O per s |  file\n     0 |  4096 |  1 |  0.00 |  1.00 |"
		" x\n\n",
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char buf[1024];
		struct fv_dspd *runs;
		size_t nruns;
		struct fv_error e = { 0 };

		snprintf(buf, sizeof(buf),
			 "Command Line: diskspd x\n\nInput parameters:\n\n"
			 "\ttimespan:   1\n\tduration: 1s\n\tpath: 'x'\n"
			 "\t\tblock size: 4096\n\nResults for timespan 1:\n"
			 "actual test time:\t1.00s\n\nTotal IO\n%s",
			 cases[i]);
		assert_int_equal(fv_diskspd_text_parse(buf, strlen(buf), &runs,
						       &nruns, &e),
				 -EBADMSG);
		assert_true(e.line > 0);
		for (size_t k = 0; k < nruns; k++)
			fv_diskspd_free(&runs[k]);
		free(runs);
	}
}

/*
 * The XML's caching flags as the workload's: 2.1's DisableOSCache and
 * WriteThrough (-Sh), 2.0.16's DisableAllCache (both).
 */
static void xml_cache_flags(void **state)
{
	static const char *const files[] = {
		"diskspd/diskspd-2.1-seq1m-q8t2-mix7030.xml",
		"diskspd/diskspd-2.0.16-rnd4k-q32t4-made.xml",
	};
	struct fv_set set;

	(void) state;
	for (int i = 0; i < 2; i++) {
		fvt_load_fixture(&set, files[i]);
		assert_true(set.njobs > 0);
		for (size_t k = 0; k < set.njobs; k++) {
			assert_int_equal(set.jobs[k]->wl.direct, 1);
			assert_int_equal(set.jobs[k]->wl.write_through, 1);
		}
		fv_set_free(&set);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_2017a),
		cmocka_unit_test(made_21_pool_runs),
		cmocka_unit_test(version_traits),
		cmocka_unit_test(bad_tables),
		cmocka_unit_test(rows_not_tables),
		cmocka_unit_test(xml_cache_flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

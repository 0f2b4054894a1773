/* SPDX-License-Identifier: MIT */
/*
 * Ingest of the hand-made fixtures (committed): old fio versions, text
 * before the JSON, bins and clones, gtod_reduce, broken inputs, stats
 * files, and small inline documents for the rarer forms.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "fvtest.h"
#include "ingest/ingest.h"
#include "ingest/inputs.h"
#include "annotate/stats_join.h"
#include "select/select.h"
#include "annotate/role.h"
#include "util/util.h"

#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

static void load1(struct fv_set *set, const char *path)
{
	char *p = strdup(path);
	const char *paths[] = { p };

	fvt_load(set, paths, 1, NULL);
	free(p);
}

/* Loads the fixture rel as fvt_load_fixture() does: its job display. */
static const struct fv_job *fixture_job(struct fv_set *set, const char *rel,
					const char *display)
{
	fvt_load_fixture(set, rel);
	return fvt_job_of(set, NULL, display);
}

static int ingest_text(struct fv_set *set, const char *text, bool named)
{
	return fv_ingest_buffer(set, "inline", ".", text, strlen(text), named);
}

/* A fresh set that holds text, read as a named file: it must read. */
static void ingest_clean(struct fv_set *set, const char *text)
{
	fv_set_init(set, NULL);
	assert_int_equal(ingest_text(set, text, true), 0);
}

static void fio2_usec_kib(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	j = fixture_job(&set, "old/fio-2.2.10.json", "old_rr");
	/* bw is KiB/s; latencies in µs. */
	assert_true(j->dir[FV_DIR_READ].bw_bytes == 2000 * 1024);
	assert_true(j->dir[FV_DIR_READ].lat[FV_CLAT].mean_ns == 1900500);
	assert_false(j->dir[FV_DIR_READ].lat[FV_CLAT].has_n);
	assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[2].src,
			 FV_PCT_FIO);
	assert_true(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[2].ns == 3000000);
	assert_false(j->dir[FV_DIR_READ].lat_unmeasured);
	fv_set_free(&set);
}

/*
 * fio 2.1 has no total_ios: the count comes from its iops and runtime, so
 * that a write-only job shows its IOPS and its write latency.
 */
static void fio21_no_total_ios(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	j = fixture_job(&set, "old/fio-2.1.10.json", "v21_rw");
	assert_int_equal(j->dir[FV_DIR_WRITE].total_ios, 20480);
	assert_int_equal(j->dir[FV_DIR_READ].total_ios, 0);
	assert_true(j->dir[FV_DIR_WRITE].iops == 1024);
	assert_int_equal(fv_job_main_dir(j), FV_DIR_WRITE);
	assert_int_equal(fv_lat_dir(j), FV_DIR_WRITE);
	assert_true(j->dir[FV_DIR_WRITE].lat[FV_CLAT].pct[0].ns == 900000);
	fv_set_free(&set);
}

/* io_bytes was KiB before fio 2.21: bytes in every version. */
static void old_io_bytes(void **state)
{
	static const struct {
		const char *file, *job;
		enum fv_dir dir;
		uint64_t io_bytes;
	} cases[] = {
		{ "old/fio-2.1.10.json", "v21_rw", FV_DIR_WRITE, 81920 * 1024 },
		{ "old/fio-2.2.10.json", "old_rr", FV_DIR_READ, 40000 * 1024 },
		{ "old/fio-2.21.json", "v221_rr", FV_DIR_READ, 40960000 },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_set set;
		const struct fv_job *j =
			fixture_job(&set, cases[i].file, cases[i].job);

		if (j->dir[cases[i].dir].io_bytes != cases[i].io_bytes)
			fail_msg("%s: %" PRIu64 " bytes, not %" PRIu64,
				 cases[i].file, j->dir[cases[i].dir].io_bytes,
				 cases[i].io_bytes);
		fv_set_free(&set);
	}
}

static void bins_clones_warning(void **state)
{
	struct fv_set set;
	const struct fv_job *c0, *sum;

	(void) state;
	fvt_load_fixture(&set, "misc/bins_clones.json");
	assert_int_equal(fvt_diags(&set, FV_WARNING, "capped at 1"), 1);
	c0 = fvt_job_of(&set, NULL, "cl#0");
	fvt_job_of(&set, NULL, "cl#1"); /* both clones are there */
	sum = fvt_job_of(&set, NULL, "cl");
	assert_int_equal(c0->kind, FV_JOB_CLONE);
	assert_int_equal(sum->kind, FV_JOB_CLONE_SUM);
	assert_int_equal(sum->nclones, 2);
	assert_true(sum->dir[FV_DIR_READ].iops == 4000);
	/* Sum of bins: 60 x 1000, 130 x 2000, 9 x 3008, 1 x 10240. */
	assert_int_equal(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].src,
			 FV_PCT_BINS);
	assert_true(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].ns == 2000);
	assert_true(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[2].ns == 3008);
	assert_true(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[3].ns == 10240);
	assert_true(c0->dir[FV_DIR_READ].lat[FV_CLAT].pct[3].ns == 10240);
	fv_set_free(&set);
}

/* A clone in fio's layout (long enough to be deferred), bins inside. */
#define CLONE                                                      \
	"    {\n      \"jobname\" : \"cl\",\n      \"read\" : {\n" \
	"        \"total_ios\" : 3,\n        \"slat_ns\" : {\n"    \
	"          \"bins\" : {\n            \"5\" : 0,\n"         \
	"            \"6\" : 0\n          }\n        },\n"         \
	"        \"clat_ns\" : {\n          \"N\" : 3,\n"          \
	"          \"bins\" : {\n            \"1000\" : 2,\n"      \
	"            \"3000\" : 1\n          }\n        }\n      }\n    }"

static const char *const clones_doc =
	"{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [\n" CLONE
	",\n" CLONE "\n  ]\n}\n";

/*
 * A bins object whose counts are all zero keeps nothing: the next one's
 * pairs start at the same place. The clones' sum still finds its own
 * (read again from the text), not the empty one.
 */
static void clones_after_empty_bins(void **state)
{
	struct fv_set set;
	const struct fv_job *sum;

	(void) state;
	ingest_clean(&set, clones_doc);
	assert_int_equal(set.diags.nerrors, 0);
	sum = fvt_job_of(&set, NULL, "cl");
	assert_int_equal(sum->kind, FV_JOB_CLONE_SUM);
	/* 4 x 1000 and 2 x 3000: P50 1000, P95 (rank 6) 3000. */
	assert_int_equal(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].src,
			 FV_PCT_BINS);
	assert_true(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].ns == 1000);
	assert_true(sum->dir[FV_DIR_READ].lat[FV_CLAT].pct[1].ns == 3000);
	fv_set_free(&set);
}

/*
 * A file rewritten while it is read (its jobs are read again from it):
 * an error naming it, none of its numbers used.
 */
static void changed_while_read(void **state)
{
	char path[] = "/tmp/fvtest_changedXXXXXX";
	int fd = mkstemp(path);
	struct fv_input in = { .path = path, .dir = "/tmp", .named = true };
	struct fv_text t;
	struct fv_set set;
	FILE *f;

	(void) state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, clones_doc, strlen(clones_doc)),
			 (ssize_t) strlen(clones_doc));
	close(fd);
	assert_int_equal(fv_input_text(&in, &t), 0);
	f = fopen(path, "a");
	assert_non_null(f);
	fputs("\n", f); /* one more byte: the size is not what was read */
	fclose(f);
	fv_set_init(&set, NULL);
	fv_ingest_text(&set, path, "/tmp", &t, true);
	assert_int_equal(set.njobs, 0);
	assert_int_equal(fvt_diags(&set, FV_ERROR, "changed while it was read"),
			 1);
	fv_set_free(&set);
	fv_text_free(&t);
	unlink(path);
}

static void gtod_flagged(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	j = fixture_job(&set, "misc/gtod.json", "gtod");
	assert_true(j->dir[FV_DIR_READ].lat_unmeasured);
	fv_set_free(&set);
}

/*
 * A named file that is broken: one error naming it, where in it when the
 * fault is at a place (JSON cut or garbled), and what was wrong.
 */
static void broken_named(void **state)
{
	static const struct {
		const char *file, *says;
		bool at_a_place;
		int line, column; /* of the place; 0: any */
	} cases[] = {
		{ "broken/truncated.json", "", true, 0, 0 },
		{ "broken/missing_comma.json", "'}' expected", true, 4, 31 },
		{ "broken/not_fio.json", "", true, 0, 0 },
		{ "broken/plain_text.txt",
		  "not a result of a tool fioverdict "
		  "reads (fio's JSON",
		  false, 0, 0 },
		{ "broken/empty.json", "empty file: no result in it", false, 0,
		  0 },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		const struct fv_diag *d;
		struct fv_set set;

		fvt_load_fixture(&set, cases[i].file);
		assert_int_equal(set.njobs, 0);
		assert_int_equal(set.diags.nerrors, 1);
		d = &set.diags.v[set.diags.n - 1];
		assert_non_null(d->file);
		assert_non_null(strstr(d->message, cases[i].says));
		if (cases[i].at_a_place &&
		    (d->line <= 0 || d->column <= 0 ||
		     (cases[i].line && (d->line != cases[i].line ||
					d->column != cases[i].column))))
			fail_msg("%s: at %d:%d, wanted %d:%d", cases[i].file,
				 d->line, d->column, cases[i].line,
				 cases[i].column);
		fv_set_free(&set);
	}
}

static void broken_does_not_stop_others(void **state)
{
	struct fv_set set;
	char *a = strdup(FIX("broken/truncated.json"));
	char *b = strdup(FIX("old/fio-2.21.json"));
	const char *paths[] = { a, b };

	(void) state;
	fvt_load(&set, paths, 2, NULL);
	assert_int_equal(set.diags.nerrors, 1);
	assert_non_null(fvt_job(&set, NULL, "v221_rr"));
	fv_set_free(&set);
	free(a);
	free(b);
}

static void directory_walk(void **state)
{
	struct fv_set set;

	(void) state;
	/*
	 * Found in a directory, files of no result are notes, an empty one
	 * (a run that failed?) a warning; broken are errors.
	 */
	fvt_load_fixture(&set, "broken");
	assert_int_equal(set.diags.nerrors, 2);
	assert_int_equal(fvt_diags(&set, FV_NOTE, "skipped"), 2);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "empty file"), 1);
	fv_set_free(&set);
	fvt_load_fixture(&set, "plan");
	assert_int_equal(set.njobs, 40);
	assert_int_equal(set.diags.n, 0);
	fv_set_free(&set);
}

static void missing_path(void **state)
{
	struct fv_set set;

	(void) state;
	load1(&set, "/nonexistent/fioverdict/x.json");
	assert_int_equal(set.diags.nerrors, 1);
	assert_non_null(strstr(set.diags.v[0].message, "No such file"));
	fv_set_free(&set);
}

static const char *const options_doc =
	"{\"fio version\": \"fio-3.33\",\n"
	" \"global options\": {\"bs\": \"4k\", \"rw\": \"read\","
	" \"filename\": \"/a\", \"filename\": \"/b\"},\n"
	" \"jobs\": [{\"jobname\": \"j\", \"job options\": {\"rw\": "
	"\"randwrite\", \"iodepth\": \"16\"},\n"
	"  \"write\": {\"iops\": 10, \"total_ios\": 10, \"clat_ns\": {\"N\": "
	"10,"
	" \"percentile\": {\"0.00\": 0, \"0.00\": 0, \"50.000000\": 7}}}}]}\n";

static void options_merged_duplicates(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	ingest_clean(&set, options_doc);
	assert_int_equal(fv_label_assign(&set, NULL, 0, FV_LABEL_BY_RULES), 0);
	fv_role_assign(&set, NULL, 0);
	j = set.jobs[0];
	/* Job options win over global ones; a duplicate key: the last. */
	assert_string_equal(fv_job_opt(j, "rw"), "randwrite");
	assert_string_equal(fv_job_opt(j, "bs"), "4k");
	assert_string_equal(fv_job_opt(j, "filename"), "/b");
	assert_int_equal(fv_job_depth(j), 16);
	assert_int_equal(j->role, FV_ROLE_PEAK);
	assert_true(j->dir[FV_DIR_WRITE].lat[FV_CLAT].pct[0].ns == 7);
	fv_set_free(&set);
}

static void interim_documents(void **state)
{
	static const char *const text =
		"{\"jobs\": [{\"jobname\": \"s\", \"write\": {\"runtime\": "
		"1000,"
		" \"total_ios\": 5, \"io_bytes\": 50, \"io_kbytes\": 0}}]}\n"
		"{\"jobs\": [{\"jobname\": \"s\", \"write\": {\"runtime\": "
		"2000,"
		" \"total_ios\": 9, \"io_bytes\": 90, \"io_kbytes\": 0}}]}\n"
		"{\"jobs\": [{\"jobname\": \"s\", \"write\": {\"runtime\": "
		"3000,"
		" \"total_ios\": 12, \"io_bytes\": 120, \"io_kbytes\": 0,"
		" \"iops\": 4}}]}\n";
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	ingest_clean(&set, text);
	assert_int_equal(set.njobs, 1);
	j = set.jobs[0];
	/* The last document is the result; the others are samples. */
	assert_int_equal(j->dir[FV_DIR_WRITE].total_ios, 12);
	assert_int_equal(j->ninterim, 2);
	assert_int_equal(j->dir[FV_DIR_WRITE].nsamples, 2);
	assert_int_equal(j->dir[FV_DIR_WRITE].samples[1].total_ios, 9);
	fv_set_free(&set);
}

static void mixed_and_sync_sections(void **state)
{
	static const char *const text =
		"{\"jobs\": [{\"jobname\": \"m\", \"job options\": {\"rw\": "
		"\"randrw\"}, \"mixed\": {\"iops\": 8, \"total_ios\": 8,"
		" \"clat_ns\": {\"N\": 8, \"bins\": {\"100\": 4, \"200\": 4}}},"
		" \"sync\": {\"total_ios\": 3, \"lat_ns\": {\"N\": 3,"
		" \"percentile\": {\"99.000000\": 77}}}}]}\n";
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	ingest_clean(&set, text);
	j = set.jobs[0];
	assert_true(j->dir[FV_DIR_MIXED].present);
	assert_int_equal(fv_job_main_dir(j), FV_DIR_MIXED);
	assert_true(j->dir[FV_DIR_MIXED].lat[FV_CLAT].pct[0].ns == 100);
	assert_true(j->dir[FV_DIR_SYNC].lat[FV_LAT].pct[2].ns == 77);
	fv_set_free(&set);
}

static void not_fio_in_dir_is_note(void **state)
{
	struct fv_set set;

	(void) state;
	fv_set_init(&set, NULL);
	assert_int_equal(ingest_text(&set, "{\"a\": 1}\n", false), 0);
	assert_int_equal(set.diags.nerrors, 0);
	assert_int_equal(ingest_text(&set, "{\"a\": 1}\n", true), -EBADMSG);
	assert_int_equal(set.diags.nerrors, 1);
	fv_set_free(&set);
}

/*
 * Numbers past what a field holds saturate (no undefined conversion for
 * UBSan to trip on): a count beyond 2^64 is UINT64_MAX, a negative one 0,
 * a bin with a count not above 0 or a key not a number is left out; entries
 * of "jobs" that are not jobs are passed over.
 */
static void huge_and_odd_numbers(void **state)
{
	static const char *const text =
		"{\"jobs\": [{\"jobname\": \"h\", \"read\": {\"io_bytes\":"
		" 18446744073709551615, \"total_ios\": -5, \"iops\": 1e300,"
		" \"clat_ns\": {\"N\": 1e30, \"bins\": {\"x\": 1, \"5\": -1,"
		" \"7\": 1e300}}}}, 5, {\"jobname\": 7}]}\n";
	struct fv_set set;
	const struct fv_dirstats *r;
	const struct fv_lat *clat;

	(void) state;
	ingest_clean(&set, text);
	/* 5 is no job; {"jobname": 7} is one without a name */
	assert_int_equal(set.njobs, 2);
	assert_int_equal(
		fvt_diags(&set, FV_WARNING, "jobs[1]: expected an object"), 1);
	r = &set.jobs[0]->dir[FV_DIR_READ];
	assert_true(r->io_bytes == UINT64_MAX);
	assert_true(r->total_ios == 0);
	assert_true(r->iops == 1e300);
	clat = &r->lat[FV_CLAT];
	assert_true(clat->has_n);
	assert_true(clat->n == UINT64_MAX);
	/* one bin read, 7 ns: every percentile is 7 ns */
	assert_true(clat->had_bins);
	for (size_t i = 0; i < set.pcts.n; i++) {
		assert_int_equal(clat->pct[i].src, FV_PCT_BINS);
		assert_true(clat->pct[i].ns == 7);
	}
	fv_set_free(&set);
}

/* A number past a double's range: the document refused, said so. */
static void number_out_of_range(void **state)
{
	static const char *const text =
		"{\"jobs\": [{\"jobname\": \"h\", \"read\": {\"iops\":"
		" 1e400}}]}\n";
	struct fv_set set;

	(void) state;
	fv_set_init(&set, NULL);
	assert_int_equal(ingest_text(&set, text, true), -EBADMSG);
	assert_int_equal(set.njobs, 0);
	assert_int_equal(fvt_diags(&set, FV_ERROR, "real number overflow"), 1);
	fv_set_free(&set);
}

static const char *const stats_doc =
	"{\"schema\": \"fioverdict-durability/1\", \"engine\": "
	"\"uring_durable\",\n \"job\": {\"name\": \"sync_rw\", "
	"\"thread_number\": 1, \"clone\": 0},\n \"counts\": {\"writes\": "
	"1000, \"fsyncs\": 1000, \"empty_syncs\": 3, \"writes_not_durable\": "
	"2},\n \"flush_latency_ns\": {\"count\": 1000, \"min\": 1, \"mean\": "
	"2.5, \"max\": 9, \"percentiles\": {\"99.000000\": 5000}}}\n";

static void stats_file_joined(void **state)
{
	static const char *const fio =
		"{\"jobs\": [{\"jobname\": \"sync_rw\", \"job options\": "
		"{\"rw\": \"randwrite\"}, \"write\": {\"iops\": 1, "
		"\"total_ios\": 1000}}]}\n";
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fv_set_init(&set, NULL);
	assert_int_equal(ingest_text(&set, stats_doc, false), 0);
	assert_int_equal(ingest_text(&set, fio, true), 0);
	assert_int_equal(fv_label_assign(&set, NULL, 0, FV_LABEL_BY_RULES), 0);
	fv_role_assign(&set, NULL, 0);
	assert_int_equal(fv_join_durability(&set), 0);
	j = set.jobs[0];
	assert_int_equal(j->ndur, 1);
	assert_int_equal(j->dur[0]->empty_syncs, 3);
	assert_int_equal(j->dur[0]->writes_not_durable, 2);
	assert_true(j->dur[0]->flush.pcts[0].ns == 5000);
	assert_int_equal(j->role, FV_ROLE_SYNC);
	fv_set_free(&set);
}

static void stats_file_unmatched(void **state)
{
	struct fv_set set;

	(void) state;
	ingest_clean(&set, stats_doc);
	assert_int_equal(fv_join_durability(&set), 0);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "no fio job named"), 1);
	fv_set_free(&set);
}

static void labels_rules(void **state)
{
	struct fv_label_rule r;
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "plan");
	assert_string_equal(set.jobs[0]->label, "Cache-D32ds_v4");
	assert_string_equal(set.jobs[0]->label_rule, "file name");
	assert_int_equal(fv_label_rule_parse(&r, "Mine=tests/postproc/fixtures/"
						 "plan/"),
			 0);
	assert_int_equal(fv_label_assign(&set, &r, 1, FV_LABEL_BY_RULES), 0);
	assert_string_equal(set.jobs[0]->label, "Mine");
	fv_label_rule_free(&r);
	fv_set_free(&set);
	fvt_load_fixture(&set, "old/fio-2.21.json");
	assert_string_equal(set.jobs[0]->label, "old");
	assert_string_equal(set.jobs[0]->label_rule, "directory");
	fv_set_free(&set);
	assert_int_equal(fv_label_rule_parse(&r, "noequals"), -EINVAL);
}

static void role_override(void **state)
{
	struct fv_role_override o;
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "old/fio-2.21.json");
	assert_int_equal(set.jobs[0]->role, FV_ROLE_UNKNOWN);
	assert_int_equal(fv_role_override_parse(&o, "v221_rr=peak"), 0);
	fv_role_assign(&set, &o, 1);
	assert_int_equal(set.jobs[0]->role, FV_ROLE_PEAK);
	free(o.job);
	assert_int_equal(fv_role_override_parse(&o, "x=nonsense"), -EINVAL);
	fv_set_free(&set);
}

/*
 * What the verdicts read besides the figures: fio's disk_util (the
 * devices' I/Os, merges included, against the run's jobs'), its own
 * IOPS samples (iops_stddev over iops_samples), and a percentile in the
 * last bin of its histogram (17.1 s: a lower bound, as on a FUSE mount).
 */
static const char *const evidence_doc =
	"{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": \"r\",\n"
	" \"job options\": {\"filename\": \"/mnt/f\"},\n"
	" \"read\": {\"total_ios\": 1000, \"iops\": 100.0,\n"
	"  \"iops_stddev\": 12.5, \"iops_samples\": 40,\n"
	"  \"clat_ns\": {\"N\": 1000, \"mean\": 1.0e9, \"percentile\": {\n"
	"   \"50.000000\": 17112760320, \"99.900000\": 17112760320}}}},\n"
	" {\"jobname\": \"w\", \"job options\": {\"filename\": \"/mnt/f\"},\n"
	" \"write\": {\"total_ios\": 500}}],\n"
	" \"disk_util\": [{\"name\": \"vda\", \"read_ios\": 900,\n"
	"  \"read_merges\": 90, \"write_ios\": 20, \"write_merges\": 0},\n"
	" {\"name\": \"dm-0\", \"read_ios\": 5, \"write_ios\": 1}]}\n";

static void disk_util_samples_last_bin(void **state)
{
	struct fv_set set;
	const struct fv_job *r, *w;
	const struct fv_lat *l;
	bool lower = false;

	(void) state;
	ingest_clean(&set, evidence_doc);
	r = fvt_job_of(&set, NULL, "r");
	w = fvt_job_of(&set, NULL, "w");
	assert_true(r->run_io.known && w->run_io.known);
	assert_int_equal(r->run_io.dev_ios[0], 995);
	assert_int_equal(r->run_io.dev_ios[1], 21);
	assert_int_equal(r->run_io.job_ios[0], 1000);
	assert_int_equal(r->run_io.job_ios[1], 500);
	assert_int_equal(r->run_io.targets, 1);
	assert_string_equal(r->run_io.devices, "vda, dm-0");
	assert_true(r->dir[FV_DIR_READ].iops_samples.sd == 12.5);
	assert_int_equal(r->dir[FV_DIR_READ].iops_samples.n, 40);
	l = &r->dir[FV_DIR_READ].lat[FV_CLAT];
	for (size_t i = 0; i < l->nreported; i++)
		lower |= l->reported[i].ns >= FV_HIST_END_NS;
	assert_true(lower);
	fv_set_free(&set);
}

/*
 * fio's text prints its time without a zone: read as UTC (as DiskSpd's
 * and CrystalDiskMark's), the job's time does not move with the reader's
 * TZ. The fixture's fio ran in UTC.
 */
static void fio_text_time_not_local(void **state)
{
	struct fv_set set;

	(void) state;
	setenv("TZ", "FVT-5", 1); /* five hours east of UTC, no tzdata */
	tzset();
	fvt_load_fixture(&set, "fio_text/fio-3.42/two_groups.txt");
	unsetenv("TZ");
	tzset();
	assert_int_equal(set.diags.nerrors, 0);
	assert_true(set.njobs > 0);
	/* "pid=22416: Thu Dec  3 16:20:45 2026" */
	assert_int_equal(set.jobs[0]->timestamp, 1796314845);
	fv_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fio2_usec_kib),
		cmocka_unit_test(fio21_no_total_ios),
		cmocka_unit_test(disk_util_samples_last_bin),
		cmocka_unit_test(old_io_bytes),
		cmocka_unit_test(bins_clones_warning),
		cmocka_unit_test(clones_after_empty_bins),
		cmocka_unit_test(changed_while_read),
		cmocka_unit_test(gtod_flagged),
		cmocka_unit_test(broken_named),
		cmocka_unit_test(broken_does_not_stop_others),
		cmocka_unit_test(directory_walk),
		cmocka_unit_test(missing_path),
		cmocka_unit_test(options_merged_duplicates),
		cmocka_unit_test(interim_documents),
		cmocka_unit_test(mixed_and_sync_sections),
		cmocka_unit_test(not_fio_in_dir_is_note),
		cmocka_unit_test(huge_and_odd_numbers),
		cmocka_unit_test(number_out_of_range),
		cmocka_unit_test(stats_file_joined),
		cmocka_unit_test(stats_file_unmatched),
		cmocka_unit_test(labels_rules),
		cmocka_unit_test(role_override),
		cmocka_unit_test(fio_text_time_not_local),
	};

	return cmocka_run_group_tests_name("ingest", tests, NULL, NULL);
}

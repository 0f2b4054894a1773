/* SPDX-License-Identifier: MIT */
/*
 * Shared by the tests that know the answer (test_answers_*.c): inputs
 * written by the test with figures it chose, a command run on them in
 * JSON, and its table's rows for the test to hold against what it computes
 * from those figures itself.
 */
#ifndef FV_ANSWERS_H
#define FV_ANSWERS_H

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "fvtest.h"

/* Equal to 1e-9 of the expected figure: the output is the figure itself. */
static inline void fva_near(double got, double want, const char *what)
{
	if (!(fabs(got - want) <= 1e-9 * fabs(want)))
		fail_msg("%s: got %.12g, want %.12g", what, got, want);
}

/* A row's number under key; fails the test when it is not a number. */
static inline double fva_num(const json_t *row, const char *key)
{
	const json_t *v = json_object_get(row, key);

	if (!json_is_number(v))
		fail_msg("'%s' is not a number", key);
	return json_number_value(v);
}

/*
 * Runs fioverdict with args (a NULL-terminated array, "-f json" among
 * them); it must exit 0. Returns the rows of its table number @table (the
 * caller frees the document, *doc).
 */
static inline const json_t *fva_rows(const char *const *args, size_t table,
				     json_t **doc)
{
	char *out = NULL, *err = NULL;
	json_error_t e;
	int status = fvt_runv(&out, &err, args);

	if (status != 0)
		fail_msg("%s exited %d: %s", args[0], status, err);
	*doc = json_loads(out, 0, &e);
	if (!*doc)
		fail_msg("%s: not JSON (%s): %s", args[0], e.text, out);
	free(out);
	free(err);
	return json_object_get(
		json_array_get(json_object_get(*doc, "tables"), table), "rows");
}

/* The row whose key holds text, or NULL. */
static inline const json_t *fva_row(const json_t *rows, const char *key,
				    const char *text)
{
	size_t i;
	const json_t *r;

	json_array_foreach(rows, i, r)
	{
		const char *s = json_string_value(json_object_get(r, key));

		if (s && !strcmp(s, text))
			return r;
	}
	return NULL;
}

/* One direction of a fio job: iops I/Os of bs bytes a second for 60 s;
 * clat (stolen; NULL: none) gets the mean, which lat shares. */
static inline json_t *fva_dir(double iops, double bs, double mean_ns,
			      json_t *clat)
{
	json_int_t n = llround(iops * 60);

	if (!clat)
		clat = json_object();
	json_object_set_new(clat, "mean", json_real(mean_ns));
	json_object_set_new(clat, "N", json_integer(n));
	return json_pack("{s:I, s:I, s:f, s:i, s:I, s:o, s:{s:f, s:I}}",
			 "io_bytes", (json_int_t) (iops * bs * 60), "bw_bytes",
			 (json_int_t) (iops * bs), "iops", iops, "runtime",
			 60000, "total_ios", n, "clat_ns", clat, "lat_ns",
			 "mean", mean_ns, "N", n);
}

/* A job of fio's JSON output: rw (read or write: which direction is
 * busy), bs 4k or 1m, at depth qd. */
struct fva_job {
	const char *name, *rw, *bs;
	int qd;
	double iops, mean_ns;
	json_t *clat; /* the busy direction's clat_ns, stolen; or NULL */
};

static inline json_t *fva_job(const struct fva_job *j)
{
	bool write = strstr(j->rw, "write") != NULL;
	double bs = strcmp(j->bs, "1m") ? 4096 : 1 << 20;
	json_t *busy = fva_dir(j->iops, bs, j->mean_ns, j->clat);
	json_t *idle = fva_dir(0, bs, 0, NULL);
	char qd[16];

	snprintf(qd, sizeof(qd), "%d", j->qd);
	return json_pack("{s:s, s:i, s:i, s:{s:s, s:s, s:s}, s:o, s:o, s:i,"
			 " s:f, s:f}",
			 "jobname", j->name, "groupid", 0, "error", 0,
			 "job options", "bs", j->bs, "iodepth", qd, "rw", j->rw,
			 "read", write ? idle : busy, "write",
			 write ? busy : idle, "job_runtime", 60000, "usr_cpu",
			 1.0, "sys_cpu", 1.0);
}

/* Writes jobs (an array, stolen) as a fio JSON output at $tmp/path. */
static inline void fva_write(const char *path, json_t *jobs)
{
	json_t *doc = json_pack("{s:s, s:i, s:{s:s}, s:o}", "fio version",
				"fio-3.36", "timestamp", 1767261600,
				"global options", "direct", "1", "jobs", jobs);

	assert_non_null(doc);
	assert_int_equal(json_dump_file(doc, fvt_at("%s", path), 0), 0);
	json_decref(doc);
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * fio's terse output against fio's JSON of the same runs (fio_terse_gen.sh:
 * --output-format=json,terse, terse versions 2 to 5): every figure a
 * record holds equals the JSON's within the precision the reader says it
 * was printed to (fio truncates: the JSON's is at or above it). The real
 * files (fixtures/fio-terse): fio 2.1.2's v3 records, fio 3.28's records
 * in front of its normal output, read once; runs appended in one file;
 * records that do not parse, and files that are not terse.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/fio_terse.h"
#include "ingest/ingest.h"
#include "util/util.h"

#define GEN(rel) fvt_path("FV_GEN", "build/tests/postproc/gen", rel)
#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

/*
 * The JSON's value want, the record's got: got is want truncated to a
 * unit of res (0 <= want - got < res), or equal when res is 0; beside
 * fio's JSON's own six decimals.
 */
static void truncated(double want, double got, double res, const char *what,
		      const char *file, const char *job)
{
	double d = want - got, eps = 5e-7 + 1e-12 * fabs(want);

	fvt_figures++;
	if (d >= -eps && (res ? d < res + eps : d <= eps))
		return;
	fail_msg("%s, job %s: %s is %.17g in the JSON, %.17g in the terse "
		 "record (truncated to %g)",
		 file, job, what, want, got, res);
}

/* Rounded, not truncated: |want - got| <= res. */
static void near(double want, double got, double res, const char *what,
		 const char *file, const char *job)
{
	fvt_near(want, got, res, "terse record", what, file, job);
}

static void check_lat(const struct fv_lat *j, const struct fv_lat *t,
		      const char *what, const char *file, const char *job)
{
	char w[160];

	assert_true(t->present);
	fvt_lat_fields(truncated, near, j, t, what, file, job);
	/* fio prints the percentiles of the I/O it did, every one */
	assert_int_equal(t->nreported, j->nreported);
	for (uint32_t i = 0; i < j->nreported; i++) {
		const struct fv_reported_pct *r =
			fv_lat_reported(t, j->reported[i].p);

		assert_non_null(r);
		snprintf(w, sizeof(w), "%s p%g", what, j->reported[i].p);
		truncated(j->reported[i].ns, r->ns, t->pct_res_ns, w, file,
			  job);
	}
}

static void check_samples(const struct fv_rate_samples *j,
			  const struct fv_rate_samples *t, bool counted,
			  const char *what, const char *file, const char *job)
{
	/* v3 and v4 print no count: samples whose mean is 0 look like none */
	assert_int_equal(t->present,
			 j->present && (counted || j->mean > 0 || j->sd > 0));
	if (!t->present)
		return;
	assert_int_equal(t->n, counted ? j->n : 0);
	fvt_samples_fields(near, j, t, "agg", what, file, job);
}

static void check_dir(const struct fv_dirstats *j, const struct fv_dirstats *t,
		      int d, bool v5, const char *file, const char *job)
{
	static const char *const kinds[] = { "slat", "clat", "lat" };
	const char *dn = fv_dir_name(d);
	char w[64];

	/* terse has no sync; v3 no trim: JSON's then did no I/O */
	if (!t->present) {
		assert_int_equal(j->total_ios, 0);
		return;
	}
	assert_true(j->present);
	assert_int_equal(t->runtime_ms, j->runtime_ms);
	fvt_field(truncated, (double) j->io_bytes, (double) t->io_bytes,
		  t->io_bytes_res, dn, "io_bytes", file, job);
	fvt_field(truncated, j->bw_bytes, t->bw_bytes, t->bw_res, dn, "bw",
		  file, job);
	fvt_field(truncated, j->iops, t->iops, t->iops_res, dn, "iops", file,
		  job);
	/* the count from IOPS and runtime, to runtime / 1000 */
	fvt_field(near, (double) j->total_ios, (double) t->total_ios,
		  (double) t->runtime_ms / 1000 + 1, dn, "total_ios", file,
		  job);
	assert_int_equal(t->lat_unmeasured, j->lat_unmeasured);
	for (int k = 0; k < FV_LAT_NR; k++) {
		snprintf(w, sizeof(w), "%s %s", dn, kinds[k]);
		check_lat(&j->lat[k], &t->lat[k], w, file, job);
	}
	snprintf(w, sizeof(w), "%s bw samples", dn);
	check_samples(&j->bw_samples, &t->bw_samples, v5, w, file, job);
	snprintf(w, sizeof(w), "%s iops samples", dn);
	if (v5)
		check_samples(&j->iops_samples, &t->iops_samples, true, w, file,
			      job);
	else
		assert_false(t->iops_samples.present);
}

/*
 * The buckets: fio's terse "<=2" µs holds its ns buckets too, each of
 * which (and the µs one) fio raises to 0.01% when it holds any I/O.
 */
static void check_buckets(const struct fv_lat_buckets *j,
			  const struct fv_lat_buckets *t, const char *file,
			  const char *job)
{
	double low = 0, tol = 0.005;

	assert_true(t->present && j->present);
	for (int i = 0; i <= 10; i++) {
		low += j->pct[i];
		tol += j->pct[i] > 0 && j->pct[i] <= 0.01 ? 0.01 : 0;
	}
	for (int i = 0; i < 10; i++)
		assert_true(t->pct[i] == 0);
	near(low, t->pct[10], tol, "latency bucket <=2 us", file, job);
	for (int i = 11; i < FV_LAT_BUCKETS; i++)
		near(j->pct[i], t->pct[i], t->res, "latency bucket", file, job);
}

static void check_job(const struct fv_job *j, const struct fv_job *t,
		      const char *file)
{
	const char *job = j->display;
	bool v5 = strstr(file, "v5_") != NULL;

	assert_non_null(t);
	assert_string_equal(t->format, "fio terse");
	if (strstr(file, "v2_"))
		assert_null(t->fio_version); /* v2 does not print it */
	else
		assert_string_equal(t->fio_version, j->fio_version);
	assert_string_equal(t->wl.test, t->name);
	assert_int_equal(t->kind, j->kind);
	assert_int_equal(t->groupid, j->groupid);
	assert_int_equal(t->error, j->error);
	assert_false(isnan(t->usr_cpu));
	near(j->usr_cpu, t->usr_cpu, 5e-7, "usr_cpu", file, job);
	near(j->sys_cpu, t->sys_cpu, 5e-7, "sys_cpu", file, job);
	assert_int_equal(t->ctx, j->ctx);
	assert_int_equal(t->cpu_whole_seconds, j->cpu_whole_seconds);
	assert_int_equal(isnan(t->depth_pct[0]), isnan(j->depth_pct[0]));
	for (int k = 0; !isnan(j->depth_pct[0]) && k < FV_DEPTH_LEVELS; k++)
		near(j->depth_pct[k], t->depth_pct[k], 0.1, "IO depths", file,
		     job);
	check_buckets(&j->lat_buckets, &t->lat_buckets, file, job);
	assert_int_equal(t->run_io.known, j->run_io.known);
	assert_int_equal(t->run_io.dev_ios[0], j->run_io.dev_ios[0]);
	assert_int_equal(t->run_io.dev_ios[1], j->run_io.dev_ios[1]);
	assert_string_equal(t->run_io.devices, j->run_io.devices);
	if (t->kind == FV_JOB_CLONE_SUM)
		return; /* percentiles from no bins, the rest from the same */
	for (int d = 0; d < FV_DIR_NR; d++)
		check_dir(&j->dir[d], &t->dir[d], d, v5, file, job);
}

/* One run: its JSON and its terse records, job by job, figure by figure. */
static void check_pair(const char *json, const char *terse)
{
	struct fv_set sj, st;

	fvt_load_pair(&sj, json, &st, terse, NULL);
	for (size_t i = 0; i < sj.njobs; i++)
		check_job(sj.jobs[i], fvt_job(&st, NULL, sj.jobs[i]->display),
			  terse);
	fv_set_free(&sj);
	fv_set_free(&st);
}

static void installed_fio(void **state)
{
	static const char *const runs[] = {
		"v2_described", "v3_clones", "v3_mixed",   "disk/v3_disk",
		"v4_trim",	"v4_both",   "v5_samples",
	};

	(void) state;
	fvt_figures = 0;
	for (size_t i = 0; i < FV_ARRAY_SIZE(runs); i++) {
		char rel[64], json[4096], terse[4096];

		snprintf(rel, sizeof(rel), "terse/%s.json", runs[i]);
		snprintf(json, sizeof(json), "%s", GEN(rel));
		snprintf(rel, sizeof(rel), "terse/%s.terse", runs[i]);
		snprintf(terse, sizeof(terse), "%s", GEN(rel));
		check_pair(json, terse);
	}
	printf("fio terse vs JSON, installed fio: %zu runs, %zu figures\n",
	       FV_ARRAY_SIZE(runs), fvt_figures);
}

/* --minimal as scripts run it: 1 MiB read by the null engine. */
static void minimal(void **state)
{
	const char *p[] = { GEN("terse/minimal.out") };
	struct fv_set set;
	const struct fv_dirstats *r;

	(void) state;
	fvt_load(&set, p, 1, NULL);
	assert_int_equal(set.diags.nerrors, 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0]->name, "minimal_read");
	assert_int_equal(strncmp(set.jobs[0]->fio_version, "fio-", 4), 0);
	r = &set.jobs[0]->dir[FV_DIR_READ];
	assert_int_equal(r->io_bytes, 1 << 20);
	assert_false(set.jobs[0]->dir[FV_DIR_WRITE].total_ios);
	fv_set_free(&set);
}

/* fio 2.1.2's v3: µs counted, exact; four clones a group, their sum. */
static void fio_2_1_2(void **state)
{
	const char *p[] = { FIX("fio-terse/jtulak-fio-test.out") };
	const struct fv_dirstats *r, *w;
	const struct fv_job *j, *sum;
	struct fv_set set;

	(void) state;
	fvt_load(&set, p, 1, NULL);
	assert_int_equal(set.diags.nerrors, 0);
	assert_int_equal(set.njobs, 15);
	j = fvt_job(&set, NULL, "test-multi-file-io-4#0");
	sum = fvt_job(&set, NULL, "test-multi-file-io-4");
	assert_non_null(j);
	assert_non_null(sum);
	assert_int_equal(sum->kind, FV_JOB_CLONE_SUM);
	assert_int_equal(sum->nclones, 4);
	assert_string_equal(sum->fio_version, "fio-2.1.2");
	assert_string_equal(j->fio_version, "fio-2.1.2");
	r = &j->dir[FV_DIR_READ];
	w = &j->dir[FV_DIR_WRITE];
	assert_int_equal(r->io_bytes, 52392 * 1024);
	assert_true(r->bw_bytes == 5208 * 1024. && r->iops == 651);
	assert_int_equal(r->runtime_ms, 10058);
	assert_int_equal(r->total_ios, 6548); /* 651 x 10.058 s */
	assert_true(r->lat[FV_SLAT].min_ns == 2e3);
	assert_true(r->lat[FV_SLAT].minmax_res_ns == 0);
	assert_true(fabs(r->lat[FV_LAT].mean_ns - 4632422.660) < 1e-6);
	assert_true(r->lat[FV_CLAT].us_histogram);
	assert_int_equal(r->lat[FV_CLAT].nreported, 17);
	assert_true(fv_lat_reported(&r->lat[FV_CLAT], 50)->ns == 796e3);
	assert_true(fv_lat_reported(&r->lat[FV_CLAT], 99.99)->ns == 514048e3);
	assert_true(r->lat[FV_CLAT].pct_res_ns == 0);
	assert_true(r->bw_samples.min == 535 * 1024. &&
		    r->bw_samples.group_pct == 24.881046);
	assert_int_equal(w->io_bytes, 13080 * 1024);
	assert_true(fabs(j->usr_cpu - 0.397733) < 1e-9 && j->ctx == 2976);
	assert_true(j->depth_pct[2] > 99 && j->lat_buckets.pct[17] == 19.01);
	assert_true(fv_lat_bucket_ns[25] == 100e6 &&
		    j->lat_buckets.pct[25] == 3.96);
	assert_true(j->run_io.known);
	assert_string_equal(j->run_io.devices, "vda");
	assert_int_equal(j->run_io.dev_ios[0], 135711);
	assert_int_equal(j->run_io.dev_ios[1], 34123);
	assert_true(sum->run_io.known);
	fv_set_free(&set);
}

/*
 * fio 3.28's terse,normal in a terminal: read once, from the normal
 * output; its 8 records (one glued to 22 KB of ETA) the same jobs, to the
 * precision of each form.
 */
static void terse_and_normal(void **state)
{
	const char *path = FIX("fio-terse/hikalium-result_2408X01456JF.txt");
	size_t len;
	char *buf = fvt_slurp(path, &len);
	struct fv_set text, terse;

	(void) state;
	assert_non_null(buf);
	fv_set_init(&text, NULL);
	assert_int_equal(fv_ingest_buffer(&text, "h.txt", ".", buf, len, true),
			 0);
	assert_int_equal(text.njobs, 8);
	for (size_t i = 0; i < text.njobs; i++)
		assert_string_equal(text.jobs[i]->format, "fio text");
	assert_int_equal(fvt_diags(&text, FV_NOTE,
				   "its 8 fio terse records: the same jobs"),
			 1);
	fv_set_init(&terse, NULL);
	assert_int_equal(
		fv_fio_terse_read(&terse, "h.txt", ".", buf, len, true), 0);
	assert_int_equal(terse.njobs, 8);
	for (size_t i = 0; i < 8; i++) {
		const struct fv_job *a = text.jobs[i], *b = terse.jobs[i];
		int d = a->dir[FV_DIR_READ].total_ios ? FV_DIR_READ
						      : FV_DIR_WRITE;
		const struct fv_dirstats *x = &a->dir[d], *y = &b->dir[d];
		const struct fv_lat *cx = &x->lat[FV_CLAT],
				    *cy = &y->lat[FV_CLAT];

		assert_string_equal(a->name, b->name);
		assert_int_equal(x->runtime_ms, y->runtime_ms);
		assert_true(fabs((double) x->io_bytes - (double) y->io_bytes) <=
			    x->io_bytes_res + y->io_bytes_res);
		assert_true(fabs(x->iops - y->iops) <= y->iops_res);
		assert_true(fabs(cx->mean_ns - cy->mean_ns) <=
			    cx->moment_res_ns + cy->moment_res_ns);
		assert_int_equal(cx->nreported, cy->nreported);
		for (uint32_t k = 0; k < cx->nreported; k++)
			assert_true(
				fabs(cx->reported[k].ns - cy->reported[k].ns) <=
				cx->pct_res_ns + cy->pct_res_ns);
		assert_true(b->run_io.known &&
			    !strcmp(b->run_io.devices, "sdb"));
	}
	fv_set_free(&text);
	fv_set_free(&terse);
	free(buf);
}

static int load_text(struct fv_set *set, const char *text)
{
	fv_set_init(set, NULL);
	return fv_ingest_buffer(set, "inline.out", ".", text, strlen(text),
				true);
}

/* The first record of a generated run, without its line end. */
static char *record_of(const char *rel)
{
	char *buf = fvt_slurp(GEN(rel), NULL);

	assert_non_null(buf);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/*
 * fio --minimal >> out, twice: runs apart as their disks' figures (the
 * same in each record of a run) change, or their group numbers start
 * again; the same record twice is one run's clones.
 */
static void appended_runs(void **state)
{
	char *rec = record_of("terse/disk/v3_disk.terse"), *other, *text;
	char *vda = strstr(rec, ";vda;");
	struct fv_set set;

	(void) state;
	assert_non_null(vda);
	other = strdup(rec);
	memcpy(other + (vda - rec), ";vdb;", 5);
	assert_true(asprintf(&text, "%s\n%s\n", rec, other) > 0);
	assert_int_equal(load_text(&set, text), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0]->kind, FV_JOB_SINGLE);
	assert_int_equal(set.jobs[1]->doc, 1);
	assert_string_equal(set.jobs[1]->run_io.devices, "vdb");
	fv_set_free(&set);
	free(text);

	assert_true(asprintf(&text, "%s\n%s\n", rec, rec) > 0);
	assert_int_equal(load_text(&set, text), 0);
	assert_int_equal(set.njobs, 3); /* two clones, their sum */
	assert_non_null(fvt_job(&set, NULL, "disk_write#1"));
	assert_int_equal(fvt_job(&set, NULL, "disk_write")->kind,
			 FV_JOB_CLONE_SUM);
	fv_set_free(&set);
	free(text);

	/* group 1 then group 0: fio started again */
	memcpy(other, rec, strlen(rec));
	memcpy(strstr(other, ";disk_write;0;") + 11, ";1;", 3);
	assert_true(asprintf(&text, "%s\n%s\n", other, rec) > 0);
	assert_int_equal(load_text(&set, text), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[0]->groupid, 1);
	assert_int_equal(set.jobs[1]->doc, 1);
	fv_set_free(&set);
	free(text);
	free(other);
	free(rec);
}

/* Each spoiled record: named, its field named, none of the file used. */
static void bad_records(void **state)
{
	static const struct {
		const char *file, *says;
	} cases[] = {
		{ "cut.terse", "the line is cut: 78 fields, field 79 "
			       "(write_tlat_min_us) and those after it "
			       "missing: none of the file's figures used" },
		{ "not-a-number.terse",
		  "field 16 (read_clat_mean_us) is '13,486760', not a number" },
		{ "field-missing.terse",
		  "its fields are out of place: terse v3 prints the 20 "
		  "slots of read_clat_pct (P%=usec) as fields 18 to 37" },
		{ "v4-two-directions.terse",
		  "2 directions' figures, where terse v4 prints 1" },
		{ "version-7.terse",
		  "field 1 (terse_version) is '7': fioverdict reads terse "
		  "versions 2 to 5" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char rel[64], *buf;
		struct fv_set set;
		size_t len;

		snprintf(rel, sizeof(rel), "fio-terse-bad/%s", cases[i].file);
		buf = fvt_slurp(FIX(rel), &len);
		assert_non_null(buf);
		fv_set_init(&set, NULL);
		assert_int_equal(fv_ingest_buffer(&set, cases[i].file, ".", buf,
						  len, true),
				 -EBADMSG);
		assert_int_equal(set.njobs, 0);
		if (fvt_diags(&set, FV_ERROR, cases[i].says) != 1)
			fail_msg("%s: no error saying \"%s\"", cases[i].file,
				 cases[i].says);
		fv_set_free(&set);
		free(buf);
	}
}

/* A good record beside a bad one: neither used. */
static void one_bad_spoils_the_file(void **state)
{
	char *rec = record_of("terse/v3_clones.terse"), *text;
	struct fv_set set;

	(void) state;
	assert_true(asprintf(&text, "%s\n%.300s\n", rec, rec) > 0);
	assert_int_equal(load_text(&set, text), -EBADMSG);
	assert_int_equal(set.njobs, 0);
	assert_int_equal(fvt_diags(&set, FV_ERROR, "the line is cut"), 1);
	assert_int_equal(set.diags.v[0].line, 2);
	fv_set_free(&set);
	free(text);
	free(rec);
}

/*
 * v2 before fio 2.0.8 printed bytes per ms in its bandwidth field, and
 * before 2.0.10 no trim: 10000 KiB in 10 s is 1000 KiB/s, or 1024 B/ms.
 */
static void v2_fio_2_0(void **state)
{
	char line[4096], pcts[512] = "";
	struct fv_set set;
	size_t n = 0;

	(void) state;
	for (int i = 0; i < 20; i++)
		n += (size_t) snprintf(pcts + n, sizeof(pcts) - n, ";%s",
				       i < 4 ? "50.00%=80" : "0%=0");
	for (int bw = 1000; bw <= 1024; bw += 24) {
		snprintf(line, sizeof(line),
			 "2;old;0;0;10000;%d;250;10000;1;2;1.5;0.5;10;200;"
			 "80.0;5.0%s;11;201;81.5;5.0;900;1100;100.000000%%;"
			 "1000.0;50.0;0;0;0;0;0;0;0.000000;0.000000;0;0;"
			 "0.000000;0.000000%s;0;0;0.000000;0.000000;0;0;"
			 "0.000000%%;0.000000;0.000000;1.0%%;2.0%%;100;0;10;"
			 "100.0%%;0.0%%;0.0%%;0.0%%;0.0%%;0.0%%;0.0%%;0.00%%;"
			 "0.00%%;0.00%%;0.00%%;0.00%%;100.00%%;0.00%%;0.00%%;"
			 "0.00%%;0.00%%;0.00%%;0.00%%;0.00%%;0.00%%;0.00%%;"
			 "0.00%%;0.00%%;0.00%%;0.00%%;0.00%%;0.00%%;0.00%%\n",
			 bw, pcts, pcts);
		assert_int_equal(load_text(&set, line), 0);
		assert_int_equal(set.njobs, 1);
		assert_null(set.jobs[0]->fio_version);
		/* the same rate either way, in its own unit */
		assert_true(set.jobs[0]->dir[FV_DIR_READ].bw_bytes == 1024000);
		assert_true(set.jobs[0]->dir[FV_DIR_READ].bw_res ==
			    (bw == 1000 ? 1024 : 1000));
		assert_false(set.jobs[0]->dir[FV_DIR_TRIM].present);
		assert_true(set.jobs[0]->lat_buckets.pct[15] == 100);
		fv_set_free(&set);
	}
}

/* What opens like a record but is not one is not taken for terse. */
static void not_terse(void **state)
{
	static const char *const texts[] = {
		"3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20\n"
		"1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18\n",
		"| a | b |\n|---|---|\n| 3;fio-3.33 | x |\n",
		"Seq1M-Read-Q8;0;0;1048576;88704;86;11821;359;23462\n",
		"2;card0;0;0;7139336;121836;60004;1;10109;27.932460;116.933948;"
		"220;126861;3495.446807;1085.368601;226;126864;3523.635629\n",
	};
	static const char *const files[] = {
		"diskspd-text/diskspd-2.0.17a-Irbis_TW57.txt",
		"cdm/real/cdm8-CrystalDiskMark_20210623000551.txt",
		"fio-terse/SOURCES.md",
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(texts); i++)
		assert_false(fv_fio_terse_detect(texts[i], strlen(texts[i])));
	for (size_t i = 0; i < FV_ARRAY_SIZE(files); i++) {
		size_t len;
		char *buf = fvt_slurp(FIX(files[i]), &len);

		assert_non_null(buf);
		assert_false(fv_fio_terse_detect(buf, len));
		free(buf);
	}
}

/* fio's first lines, then terse records only: read as terse. */
static void first_lines_then_terse(void **state)
{
	char *rec = record_of("terse/v3_clones.terse"), *text;
	struct fv_set set;

	(void) state;
	assert_true(asprintf(&text,
			     "randrw4k: (g=0): rw=randrw, bs=(R) 4096B-4096B, "
			     "(W) 4096B-4096B, (T) 4096B-4096B, "
			     "ioengine=psync, iodepth=1\n"
			     "fio-3.33\nStarting 1 process\n%s\n",
			     rec) > 0);
	assert_int_equal(load_text(&set, text), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0]->format, "fio terse");
	fv_set_free(&set);
	free(text);
	free(rec);
}

/* A record that is none of the normal output's jobs: said, not read. */
static void other_job_beside_normal(void **state)
{
	char *buf = fvt_slurp(FIX("fio-terse/hikalium-result_2408X01456JF.txt"),
			      NULL);
	char *rec = record_of("terse/v3_clones.terse"), *text;
	struct fv_set set;

	(void) state;
	assert_true(asprintf(&text, "%s%s\n", buf, rec) > 0);
	assert_int_equal(load_text(&set, text), 0);
	assert_int_equal(set.njobs, 8);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "fio terse record of job 'randrw4k' "
				   "(group 0) is none of the jobs"),
			 1);
	assert_int_equal(fvt_diags(&set, FV_NOTE, "its 8 fio terse records"),
			 1);
	fv_set_free(&set);
	free(text);
	free(buf);
	free(rec);
}

/*
 * The records first, more than the normal output's reader looks at, then
 * the normal output: still read from it, once.
 */
static void terse_first_then_normal(void **state)
{
	char *buf = fvt_slurp(FIX("fio-terse/hikalium-result_2408X01456JF.txt"),
			      NULL);
	char *recs = strstr(buf, "3;fio-3.28;Seq1M-Write-Q8;");
	struct fv_set set;

	(void) state;
	assert_non_null(recs);
	assert_int_equal(load_text(&set, recs), 0);
	assert_int_equal(set.njobs, 8);
	assert_string_equal(set.jobs[0]->format, "fio text");
	assert_int_equal(fvt_diags(&set, FV_NOTE, "its 7 fio terse records"),
			 1);
	fv_set_free(&set);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(installed_fio),
		cmocka_unit_test(minimal),
		cmocka_unit_test(fio_2_1_2),
		cmocka_unit_test(terse_and_normal),
		cmocka_unit_test(appended_runs),
		cmocka_unit_test(bad_records),
		cmocka_unit_test(one_bad_spoils_the_file),
		cmocka_unit_test(v2_fio_2_0),
		cmocka_unit_test(not_terse),
		cmocka_unit_test(first_lines_then_terse),
		cmocka_unit_test(other_job_beside_normal),
		cmocka_unit_test(terse_first_then_normal),
	};

	return cmocka_run_group_tests_name("fio_terse", tests, NULL, NULL);
}

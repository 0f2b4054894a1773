/* SPDX-License-Identifier: MIT */
/*
 * CrystalDiskMark exports: the two real ones (7.0.0 UTF-16LE CRLF, 8.0.1
 * UTF-8 LF), made ones of 6.0 (no sections, no latency) and 9.0 (Mix,
 * <0Fill>, Comment), a garbled one; and seed 004's six tables out of
 * `matrix` from exports holding its figures (mkcdm_seed004.py), cell by
 * cell.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fvtest.h"
#include "ingest/cdm.h"
#include "ingest/ingest.h"

#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

static const struct fv_job *job_of(const struct fv_set *set, const char *name,
				   enum fv_dir d)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (!strcmp(set->jobs[i]->name, name) &&
		    fv_dir_did_io(&set->jobs[i]->dir[d]))
			return set->jobs[i];
	fail_msg("no %s job %s", fv_dir_name(d), name);
	return NULL;
}

static void real_cdm7(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_clean(&set, "cdm/real/cdm7-CDM_20200102131948.txt", 8);
	j = job_of(&set, "Random 4KiB (Q=32, T=16)", FV_DIR_WRITE);
	assert_string_equal(j->format, "CrystalDiskMark");
	assert_string_equal(j->fio_version, "CrystalDiskMark 7.0.0 x64");
	assert_true(fabs(j->dir[FV_DIR_WRITE].bw_bytes - 745000) < 1e-6);
	assert_true(fabs(j->dir[FV_DIR_WRITE].iops - 181.9) < 1e-9);
	assert_true(fabs(j->dir[FV_DIR_WRITE].lat[FV_LAT].mean_ns - 697347890) <
		    1e-3);
	assert_int_equal(j->wl.pattern, FV_PAT_RAND);
	assert_int_equal(j->wl.block, 4096);
	assert_int_equal(j->wl.depth, 32);
	assert_int_equal(j->wl.threads, 16);
	assert_int_equal(j->wl.direct, 1);
	assert_int_equal(j->wl.write_through, 0); /* DiskSpd -S */
	assert_true(j->wl.read_pct == 0);
	/* "Test: 1 GiB (x5) [Interval: 5 sec]": 7.0 names no drive and
	 * measures 5 s a pass, after an uncounted one as long. */
	assert_null(j->wl.target);
	assert_int_equal(j->wl.file_bytes, 1ULL << 30);
	assert_int_equal(j->wl.passes, 5);
	assert_true(j->wl.interval_s == 5);
	assert_true(j->wl.runtime_s == 5 && j->wl.warmup_s == 5);
	/* No percentiles: best of passes, no distribution. */
	assert_false(j->dir[FV_DIR_WRITE].lat[FV_CLAT].present);
	assert_int_equal(j->dir[FV_DIR_WRITE].lat[FV_LAT].pct[0].src,
			 FV_PCT_NONE);
	fv_set_free(&set);
}

static void real_cdm8(void **state)
{
	char *text;
	size_t len;
	struct fv_cdm c;
	struct fv_error e = { 0 };

	(void) state;
	text = fvt_slurp(
		FIX("cdm/real/cdm8-CrystalDiskMark_20210623000551.txt"), &len);
	assert_non_null(text);
	assert_int_equal(fv_cdm_parse(text, len, &c, &e), 0);
	assert_string_equal(c.version, "8.0.1");
	assert_string_equal(c.edition, "x86");
	assert_string_equal(c.profile, "Default");
	assert_int_equal(c.test_bytes, 512ULL << 20);
	assert_int_equal(c.passes, 2);
	assert_string_equal(c.drive, "F:"); /* [F: 78% (182/233GiB)] */
	assert_int_equal(c.measure_s, 5);   /* Time: Measure 5 sec / */
	assert_int_equal(c.interval_s, 5);  /* Interval 5 sec */
	assert_string_equal(c.mode, "[Admin]");
	assert_string_equal(c.date, "2021/06/23 0:05:57");
	assert_int_equal(c.ntests, 8);
	assert_string_equal(c.tests[2].name, "RND 4KiB (Q=32, T=1)");
	assert_true(c.tests[2].lat_us == 490.44);
	assert_int_equal(c.tests[7].dir, FV_CDM_WRITE);
	assert_true(c.tests[7].mbps == 106.121);
	fv_cdm_free(&c);
	free(text);
}

/*
 * A test's read and write are two jobs of one name: the findings name it
 * once, and count both.
 */
static void findings_name_a_test_once(void **state)
{
	char *out, *err;

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "verdict",
				 FIX("cdm/real/cdm8-"
				     "CrystalDiskMark_"
				     "20210623000551.txt"),
				 NULL),
			 0);
	assert_non_null(strstr(out, "SEQ 1MiB (Q=8, T=1), SEQ 1MiB (Q=1, T=1), "
				    "RND 4KiB (Q=32, T=1), RND 4KiB (Q=1, "
				    "T=1)  "));
	assert_non_null(strstr(out, "(8 jobs)"));
	free(out);
	free(err);
}

static void made_cdm6(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_clean(&set, "cdm/made/cdm6-utf16.txt", 8);
	j = job_of(&set, "Sequential (Q=32, T=1)", FV_DIR_WRITE);
	assert_int_equal(j->wl.block, 128 << 10);
	/* 6.0 prints no IOPS for sequential tests: from MB/s, as it does. */
	assert_true(fabs(j->dir[FV_DIR_WRITE].iops - 526.478e6 / 131072) <
		    1e-9);
	assert_false(j->dir[FV_DIR_WRITE].lat[FV_LAT].present);
	/* "Test : 1024 MiB [C: 35.4% (...)] (x5)  [Interval=5 sec]" */
	assert_string_equal(j->wl.target, "C:");
	assert_int_equal(j->wl.file_bytes, 1ULL << 30);
	assert_true(j->wl.interval_s == 5 && j->wl.runtime_s == 5);
	j = job_of(&set, "Random 4KiB (Q=8, T=8)", FV_DIR_READ);
	assert_true(j->dir[FV_DIR_READ].iops == 96167.0);
	fv_set_free(&set);
}

static void made_cdm9(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_clean(&set, "cdm/made/cdm9-mix-0fill.txt", 12);
	j = job_of(&set, "SEQ 128KiB (Q=32, T=1)", FV_DIR_MIXED);
	assert_true(j->wl.read_pct == 70);
	assert_string_equal(j->fio_version,
			    "CrystalDiskMark 9.0.1 Shizuku Edition x64");
	/* The Comment labels it. */
	assert_string_equal(j->label, "azure-l8s-v3 nvme");
	assert_true(fabs(j->dir[FV_DIR_MIXED].bw_bytes - 6001.947e6) < 1e-3);
	/* "Test: 1 GiB (x3) [D: 12% (...)]", "Time: Measure 5 sec / ..." */
	assert_string_equal(j->wl.target, "D:");
	assert_int_equal(j->wl.passes, 3);
	assert_true(j->wl.runtime_s == 5 && j->wl.interval_s == 5);
	fv_set_free(&set);
}

static void garbled(void **state)
{
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "cdm/made/cdm8-garbled.txt");
	fvt_check_refused(&set,
			  "CrystalDiskMark 8.0.4: test line does not read (6 "
			  "tests read before it)",
			  17);
	fv_set_free(&set);
}

/*
 * A test line of any length reads whole: one padded past 511 bytes was
 * cut there, its figures lost, and the file refused.
 */
static void long_line(void **state)
{
	char text[2048];
	struct fv_cdm c;
	struct fv_error e = { 0 };
	int n;

	(void) state;
	n = snprintf(text, sizeof(text),
		     "CrystalDiskMark 8.0.1 x64 (C) 2007-2021 hiyohiyo\n"
		     "[Read]\n  RND    4KiB (Q= 32, T=16):%700s"
		     "    0.867 MB/s [    211.7 IOPS] <633277.09 us>\n",
		     "");
	assert_true(n > 0 && n < (int) sizeof(text));
	assert_int_equal(fv_cdm_parse(text, (size_t) n, &c, &e), 0);
	assert_int_equal(c.ntests, 1);
	assert_true(c.tests[0].mbps == 0.867);
	assert_true(c.tests[0].lat_us == 633277.09);
	fv_cdm_free(&c);
}

/*
 * The footer's Date has no zone: it is read as UTC, as DiskSpd's RunTime
 * is, so the job's time does not move with the reader's TZ.
 */
static void date_not_local(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	setenv("TZ", "FVT-5", 1); /* five hours east of UTC, no tzdata */
	tzset();
	fvt_load_fixture(&set,
			 "cdm/real/cdm8-CrystalDiskMark_20210623000551.txt");
	unsetenv("TZ");
	tzset();
	assert_int_equal(set.diags.nerrors, 0);
	j = job_of(&set, "RND 4KiB (Q=32, T=1)", FV_DIR_READ);
	/* 2021/06/23 0:05:57 */
	assert_int_equal(j->timestamp, 1624406757);
	fv_set_free(&set);
}

/* The cell of our table at the row of label and the column k, or NULL. */
static char *our_cell(char *table, const char *label, int k)
{
	char row[256], *p;

	snprintf(row, sizeof(row), "\n| %s |", label);
	p = strstr(table, row);
	if (!p)
		return NULL;
	p += strlen(row);
	for (int i = 0; i < k; i++)
		p = strchr(p, '|') + 1;
	return p;
}

/* Seed 004's tables, from `matrix -f md` over its exports. */
static void seed004_tables(void **state)
{
	static const char *const ours[] = {
		"Read: bandwidth",  "Read: IOPS",  "Read: mean latency",
		"Write: bandwidth", "Write: IOPS", "Write: mean latency"
	};
	char *out, *err, *seed, *line, *save = NULL, *table = NULL;
	size_t len, cells = 0;
	int t = -1;

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "matrix", "-f", "md",
				 FIX("cdm/seed004"), NULL),
			 0);
	seed = fvt_slurp(FIX("cdm/seed004/tables.md"), &len);
	assert_non_null(seed);
	for (line = strtok_r(seed, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char label[128], *bar = strchr(line + 2, '|'), *mine, *cell;
		int k = 0;

		if (strstr(line, "(MB/s) |") || strstr(line, "(IOPS) |") ||
		    strstr(line, "(us) |")) {
			char heading[64];

			t++;
			snprintf(heading, sizeof(heading), "### %s", ours[t]);
			table = strstr(out, heading);
			assert_non_null(table);
			continue;
		}
		if (!strncmp(line, "|---", 4))
			continue;
		snprintf(label, sizeof(label), "%.*s", (int) (bar - line - 3),
			 line + 2);
		for (cell = strtok(bar + 1, "|"); cell;
		     cell = strtok(NULL, "|"), k++) {
			char want[32], got[32];

			mine = our_cell(table, label, k);
			assert_non_null(mine);
			sscanf(cell, " %31s", want);
			sscanf(mine, " %31s", got);
			if (strcmp(want, got))
				fail_msg("%s, %s, test %d: seed %s, matrix %s",
					 ours[t], label, k + 1, want, got);
			cells++;
		}
	}
	printf("seed 004: %d tables, %zu cells equal\n", t + 1, cells);
	assert_int_equal(t, 5);
	assert_int_equal(cells, 6 * 12 * 4);
	free(seed);
	free(out);
	free(err);
}

/*
 * An export is its title after its rule of dashes, in either line end:
 * a README or a list of sources that names the tool at a line's start is
 * not one (it was read as a garbled export, exit 2).
 */
static void detect(void **state)
{
	static const char rule[] = "-------------------------------------------"
				   "-----------------------------------\n";
	static const char readme[] = "# results\n\nCrystalDiskMark 8.0.1 "
				     "exports of four drives.\n";
	char head[512];

	(void) state;
	snprintf(head, sizeof(head), "%sCrystalDiskMark 8.0.4 x64 (C)\n", rule);
	assert_true(fv_cdm_detect(head, strlen(head)));
	snprintf(head, sizeof(head), "%.78s\r\nCrystalDiskMark 7.0.0 x64\r\n",
		 rule);
	assert_true(fv_cdm_detect(head, strlen(head)));
	assert_false(fv_cdm_detect(readme, strlen(readme)));
	snprintf(head, sizeof(head), "%sCrystalDiskMark exports\n", rule);
	assert_false(fv_cdm_detect(head, strlen(head)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_cdm7),
		cmocka_unit_test(real_cdm8),
		cmocka_unit_test(findings_name_a_test_once),
		cmocka_unit_test(made_cdm6),
		cmocka_unit_test(made_cdm9),
		cmocka_unit_test(garbled),
		cmocka_unit_test(long_line),
		cmocka_unit_test(date_not_local),
		cmocka_unit_test(seed004_tables),
		cmocka_unit_test(detect),
	};

	return cmocka_run_group_tests_name("cdm", tests, NULL, NULL);
}

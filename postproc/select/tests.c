/* SPDX-License-Identifier: MIT */
/*
 * What makes two results one test and one run: the only place that
 * decides it (select.h). Every table, verdict, diff and history asks here.
 */
#include <string.h>

#include "select.h"
#include "util/util.h"

static int cmp_int(long long a, long long b)
{
	return (a > b) - (a < b);
}

/* NAN (unknown) equals only NAN, and sorts first. */
static int cmp_num(double a, double b)
{
	if (a != a || b != b)
		return (a == a) - (b == b);
	return (a > b) - (a < b);
}

/*
 * The I/O a job does, field by field, as fv_workload_same_io sees it
 * (write-through counts only where the job writes), and its depth and
 * threads: fio-plot names every job of a QD sweep "iotest", so a name
 * alone would take eight depths for eight runs of one test.
 */
static int cmp_workload(const struct fv_workload *a,
			const struct fv_workload *b)
{
	int wa = !(a->read_pct >= 100) ? a->write_through : -2,
	    wb = !(b->read_pct >= 100) ? b->write_through : -2;
	int c = cmp_int(a->pattern, b->pattern);

	c = c ? c : cmp_num(a->read_pct, b->read_pct);
	c = c ? c : cmp_int((long long) a->block, (long long) b->block);
	c = c ? c : cmp_int(a->direct, b->direct);
	c = c ? c : cmp_int(wa, wb);
	c = c ? c : cmp_int(a->sync_every, b->sync_every);
	c = c ? c : cmp_int(a->depth, b->depth);
	return c ? c : cmp_int(a->threads, b->threads);
}

/* The test, a fleet's sum counted apart from its hosts' or not. */
static int cmp_test(const struct fv_job *a, const struct fv_job *b,
		    bool fleet_apart)
{
	int c = fv_strcmp_opt(a->name, b->name);

	c = c ? c : fv_strcmp_opt(a->file_test, b->file_test);
	c = c ? c : (int) a->role_dir - (int) b->role_dir;
	if (fleet_apart)
		c = c ? c
		      : (a->kind == FV_JOB_FLEET) - (b->kind == FV_JOB_FLEET);
	return c ? c : cmp_workload(&a->wl, &b->wl);
}

int fv_test_cmp(const struct fv_job *a, const struct fv_job *b)
{
	return cmp_test(a, b, true);
}

bool fv_fleet_test(const struct fv_job *fleet, const struct fv_job *host)
{
	return fleet->fleet && host->fleet &&
	       !strcmp(fleet->fleet, host->fleet) &&
	       !cmp_test(fleet, host, false);
}

int fv_label_test_cmp(const struct fv_job *a, const struct fv_job *b)
{
	int c = fv_strcmp_opt(a->label, b->label);

	return c ? c : fv_test_cmp(a, b);
}

bool fv_same_test(const struct fv_job *a, const struct fv_job *b)
{
	return !fv_label_test_cmp(a, b);
}

bool fv_same_run(const struct fv_job *a, const struct fv_job *b)
{
	return a->timestamp == b->timestamp && a->doc == b->doc &&
	       !fv_strcmp_opt(a->source, b->source);
}

/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd text: a result timespan's tables, the total rows checked
 * against the thread rows above them, and its percentiles.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "diskspd_text_int.h"
#include "util/util.h"

static const char *const table_names[] = { "", "Total IO", "Read IO",
					   "Write IO", "percentile" };

/* What the open result lacks, or NULL when it is whole. */
static const char *result_lacks(const struct tstate *s)
{
	const struct fv_dspd_result *r = s->res;
	const struct fv_dspd_profile *pr =
		s->d->nresults <= s->d->nprofiles
			? &s->d->profiles[s->d->nresults - 1]
			: NULL;

	if (!(r->test_s > 0))
		return r->error[0] ? NULL : "it has no 'actual test time:'";
	for (int k = 0; k < 3; k++)
		if (!s->t.total[k])
			return k == 0 ? "its 'Total IO' table has no total row"
			       : k == 1 ? "its 'Read IO' table has no total row"
					: "its 'Write IO' table has no total "
					  "row";
	if (pr && pr->latency && !s->t.pct_whole)
		return "its latency percentiles (-L) stop before 'max'";
	return NULL;
}

void fv_dt_close_result(struct tstate *s)
{
	const char *lacks;

	if (!s->res || s->err)
		return;
	lacks = result_lacks(s);
	if (lacks) {
		s->err = -EBADMSG;
		s->err_line = s->res->line;
		snprintf(s->why, sizeof(s->why),
			 "result timespan %zu of run %zu cut short: %s",
			 s->d->nresults, s->nruns, lacks);
	} else if (s->t.total_ios != s->res->read_count + s->res->write_count ||
		   s->t.total_bytes !=
			   s->res->read_bytes + s->res->write_bytes) {
		s->err = -EBADMSG;
		s->err_line = s->res->line;
		snprintf(s->why, sizeof(s->why),
			 "result timespan %zu: 'Total IO' is not 'Read IO' "
			 "and 'Write IO' summed",
			 s->d->nresults);
	} else {
		s->whole++;
	}
	s->res = NULL;
}

void fv_dt_new_result(struct tstate *s)
{
	struct fv_dspd *d = s->d;

	fv_dt_close_result(s);
	if (s->err)
		return;
	if (FV_ALLOC_GROW(d->results, d->nresults + 1, d->results_alloc)) {
		s->err = -ENOMEM;
		return;
	}
	s->res = &d->results[d->nresults++];
	memset(s->res, 0, sizeof(*s->res));
	s->res->line = s->line;
	s->res->avg_read_ms = s->res->avg_write_ms = -1;
	memset(&s->t, 0, sizeof(s->t));
}

/* "thread | bytes | I/Os | MiB/s | I/O per s | AvgLat | ... | file" */
static void table_header(struct tstate *s, char *l)
{
	char *f[MAX_FIELDS];
	int n = fv_dt_fields(l, f);

	s->t.header = true;
	s->t.avglat_col = -1;
	for (int i = 0; i < n; i++) {
		/* a total row has no thread field: one to the left */
		if (!strcmp(f[i], "AvgLat"))
			s->t.avglat_col = i - 1;
		else if (!strcmp(f[i], "MB/s"))
			s->tr.mb = true;
		else if (!strcmp(f[i], "MiB/s"))
			s->tr.mib = true;
	}
}

/* "     0 |      1303470080 |       318230 | ..." */
static void thread_row(struct tstate *s, char *l)
{
	char *f[MAX_FIELDS];
	int n = fv_dt_fields(l, f);
	uint64_t th, bytes, ios;

	if (n < 5 || !fv_dt_whole(f[0], 1 << 20, &th) ||
	    !fv_dt_whole(f[1], UINT64_MAX / 1024, &bytes) ||
	    !fv_dt_whole(f[2], UINT64_MAX / 1024, &ios) ||
	    bytes > UINT64_MAX / 2 - s->t.rows_bytes ||
	    ios > UINT64_MAX / 2 - s->t.rows_ios) {
		fv_dt_bad(s, "not a thread row of the '%s' table",
			  table_names[s->t.open]);
		return;
	}
	s->t.rows_bytes += bytes;
	s->t.rows_ios += ios;
}

/* "total:   2607063040 | 636490 | 4.14 | 1060.79 | 60.403 | 93.045" */
static void total_row(struct tstate *s, char *l)
{
	struct fv_dspd_result *r = s->res;
	char *f[MAX_FIELDS];
	int n = fv_dt_fields(l + strlen("total:"), f);
	uint64_t bytes, ios;
	double iops, avg = -1;

	if (n < 4 || !fv_dt_whole(f[0], UINT64_MAX / 1024, &bytes) ||
	    !fv_dt_whole(f[1], UINT64_MAX / 1024, &ios) ||
	    !fv_dt_decimal(f[3], &iops) ||
	    (s->t.avglat_col >= 0 && s->t.avglat_col >= n)) {
		fv_dt_bad(s, "not the total row of the '%s' table",
			  table_names[s->t.open]);
		return;
	}
	/* a direction with no I/O has no mean ("nan", "-nan(ind)") */
	if (ios && s->t.avglat_col >= 0 &&
	    !fv_dt_decimal(f[s->t.avglat_col], &avg)) {
		fv_dt_bad(s, "the '%s' table's AvgLat is not a number",
			  table_names[s->t.open]);
		return;
	}
	/*
	 * Thread rows cut out (a script kept 2 of 160): DiskSpd's own total
	 * is kept, and the file said to lack them.
	 */
	if ((bytes != s->t.rows_bytes || ios != s->t.rows_ios) &&
	    !s->d->unsummed_line)
		s->d->unsummed_line = s->line;
	s->t.total[s->t.open - T_TOTAL] = true;
	if (s->t.open == T_TOTAL) {
		s->t.total_bytes = bytes;
		s->t.total_ios = ios;
	} else if (s->t.open == T_READ) {
		r->read_bytes = bytes;
		r->read_count = ios;
		r->read_iops = iops;
		r->avg_read_ms = ios ? avg : -1;
	} else {
		r->write_bytes = bytes;
		r->write_count = ios;
		r->write_iops = iops;
		r->avg_write_ms = ios ? avg : -1;
	}
	s->t.open = NO_TABLE;
}

/* "    99th |     52.576 |    116.005 |    110.148" ("N/A": no such I/O) */
static void pct_row(struct tstate *s, char *l)
{
	struct fv_dspd_result *r = s->res;
	char *f[MAX_FIELDS];
	int n = fv_dt_fields(l, f);
	double p, ms[3];

	if (n != 4 || !fv_dt_percentile_of(f[0], &p) ||
	    r->npct == FV_DSPD_MAX_PCTS) {
		fv_dt_bad(s, "not a row of the %s table", table_names[T_PCT]);
		return;
	}
	for (int k = 0; k < 3; k++)
		if (!strcmp(f[k + 1], "N/A"))
			ms[k] = -1;
		else if (!fv_dt_decimal(f[k + 1], &ms[k])) {
			fv_dt_bad(s, "a %s is not a number of ms",
				  "percentile");
			return;
		}
	r->pct[r->npct].p = p;
	r->pct[r->npct].read_ms = ms[0];
	r->pct[r->npct++].write_ms = ms[1];
	if (p == 100) {
		s->t.pct_whole = true;
		s->t.open = NO_TABLE;
	}
}

/* A line inside an open table: its header, a border, or a row. */
static void table_line(struct tstate *s, char *l)
{
	if (l[strspn(l, "-")] == '\0' && *l)
		return;
	if (s->t.open == T_PCT) {
		pct_row(s, l);
	} else if (!s->t.header) {
		if (fv_dt_starts(l, "thread |"))
			table_header(s, l);
		else
			fv_dt_bad(s, "the '%s' table has no header",
				  table_names[s->t.open]);
	} else if (fv_dt_starts(l, "total:")) {
		total_row(s, l);
	} else {
		thread_row(s, l);
	}
}

static void open_table(struct tstate *s, enum table t)
{
	s->t.open = t;
	s->t.header = false;
	s->t.rows_bytes = s->t.rows_ios = 0;
	if (t == T_PCT) {
		/* the last table is all targets': an earlier one is replaced */
		s->res->npct = 0;
		s->t.pct_whole = false;
	}
}

void fv_dt_result_line(struct tstate *s, char *l)
{
	struct fv_dspd_result *r = s->res;
	double v;
	unsigned u;

	if (s->t.open != NO_TABLE) {
		if (!*l)
			fv_dt_bad(s, "the '%s' table ends before its last row",
				  table_names[s->t.open]);
		else
			table_line(s, l);
	} else if (fv_dt_starts(l, "actual test time:")) {
		char *t = fv_dt_trim(l + strlen("actual test time:"));
		size_t n = strlen(t);

		if (n && t[n - 1] == 's')
			t[n - 1] = '\0';
		if (!fv_dt_decimal(t, &v))
			fv_dt_bad(s, "%s is not a number of seconds",
				  "the actual test time");
		r->test_s = v;
	} else if (sscanf(l, "thread count: %u", &u) == 1) {
		r->threads = (int) (u < 1u << 20 ? u : 1u << 20);
	} else if (fv_dt_starts(l, "The test was interrupted")) {
		snprintf(r->error, sizeof(r->error),
			 "interrupted before the measurements began");
	} else if (!strcmp(l, "Total IO")) {
		open_table(s, T_TOTAL);
	} else if (!strcmp(l, "Read IO")) {
		open_table(s, T_READ);
	} else if (!strcmp(l, "Write IO")) {
		open_table(s, T_WRITE);
	} else if (fv_dt_starts(l, "%-ile |")) {
		open_table(s, T_PCT);
		s->t.header = true;
	} else if (!strcmp(l, "total:")) {
		s->tr.total_hd = true;
	} else if (!strcmp(l, "Total latency distribution:")) {
		s->tr.dist_hd = true;
	}
}

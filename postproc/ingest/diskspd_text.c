/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd's text result, line by line (ResultParser.cpp writes it with
 * fixed phrases, so each line is told by its words): "Command Line:"
 * opens a run ("Input parameters:" one that a script cut its command line
 * from), "timespan: N" a profile timespan, "path: '...'" a target,
 * "Results for timespan N:" a result. Of each result's "Total IO", "Read
 * IO" and "Write IO" tables only the "total:" rows are kept, after the
 * thread rows above them are summed and found equal; with -L the last
 * percentile table (all targets'; one per target comes first when there
 * are several). A table cut before its total row or its "max" row, or a
 * row that is not a table's, breaks the file off: no figure is made up
 * from part of one. A run whose "Input parameters:" were cut takes its
 * profile from its command line's flags (cmdline_profile).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd.h"
#include "util/util.h"

#define LINE_MAX_LEN 1024
#define MAX_FIELDS 12

enum where { NOWHERE, INPUT, RESULT, TOTALS };
enum table { NO_TABLE, T_TOTAL, T_READ, T_WRITE, T_PCT };

/* What the text shows of DiskSpd's version (it prints none). */
struct traits {
	bool mb, mib;  /* "MB/s" up to 2.0.17a, "MiB/s" from 2.0.18a */
	bool sysinfo;  /* "System information:" from 2.0.21a */
	bool v21;      /* "block size: 4KiB", "... per thread:" from 2.1 */
	bool total_hd; /* "total:" above the percentiles: up to 2.1 */
	bool dist_hd;  /* "Total latency distribution:": 2.2 */
};

/* The open result's tables. */
struct tables {
	enum table open;
	bool header;	/* its column names seen */
	int avglat_col; /* AvgLat's field in a total row; -1: none (no -L) */
	uint64_t rows_bytes, rows_ios; /* the thread rows, summed */
	bool total[3];		       /* T_TOTAL, T_READ, T_WRITE seen */
	uint64_t total_bytes, total_ios;
	bool pct_whole; /* a percentile table up to its "max" row */
};

struct tstate {
	struct fv_dspd *runs;
	size_t nruns, runs_alloc;
	struct fv_dspd *d;
	struct fv_dspd_profile *prof;
	struct fv_dspd_target *target;
	struct fv_dspd_result *res; /* the open result */
	enum where where;
	struct tables t;
	struct traits tr;
	int line, err_line;
	bool cmd_only;	/* the run opened by its command line, no input yet */
	char cmd[1024]; /* the open run's command line, "" none */
	size_t whole;	/* result timespans read whole */
	int err;	/* -ENOMEM, or -EBADMSG with why */
	char why[200];
};

/* The file breaks off at this line: fmt says why, with what in it. */
static void bad(struct tstate *s, const char *fmt, const char *what)
{
	if (s->err)
		return;
	s->err = -EBADMSG;
	s->err_line = s->line;
	snprintf(s->why, sizeof(s->why), fmt, what);
}

/* Leading blanks off; trailing blanks (and a CR) too. */
static char *trim(char *l)
{
	size_t n;

	while (isspace((unsigned char) *l))
		l++;
	n = strlen(l);
	while (n && isspace((unsigned char) l[n - 1]))
		l[--n] = '\0';
	return l;
}

static bool starts(const char *l, const char *p)
{
	return !strncmp(l, p, strlen(p));
}

/* A decimal number of 0 or more, the whole of t: not inf, nan nor hex. */
static bool decimal(const char *t, double *v)
{
	char *end;

	if (!(isdigit((unsigned char) t[0]) || t[0] == '.') ||
	    strpbrk(t, "xXnN"))
		return false;
	errno = 0;
	*v = strtod(t, &end);
	return end != t && !*end && errno != ERANGE && isfinite(*v);
}

static bool whole(const char *t, uint64_t most, uint64_t *v)
{
	char *end;
	unsigned long long u;

	if (!isdigit((unsigned char) t[0]))
		return false;
	errno = 0;
	u = strtoull(t, &end, 10);
	*v = u;
	return !*end && errno != ERANGE && u <= most;
}

/* "4KiB", "1.50MiB", "4096": DiskSpd's sizes, into bytes. */
static bool size_bytes(const char *t, uint64_t *v)
{
	static const struct {
		const char *unit;
		int shift;
	} units[] = {
		{ "KiB", 10 }, { "MiB", 20 }, { "GiB", 30 }, { "TiB", 40 }
	};
	char num[32];
	double x;

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t n = strlen(t), u = strlen(units[i].unit);

		if (n > u && n - u < sizeof(num) &&
		    !strcmp(t + n - u, units[i].unit)) {
			memcpy(num, t, n - u);
			num[n - u] = '\0';
			if (!decimal(num, &x) || x > 1e6)
				return false;
			*v = (uint64_t) llround(ldexp(x, units[i].shift));
			return true;
		}
	}
	return whole(t, UINT64_MAX / 1024, v);
}

/* "3-nines" is 99.9, "25th" 25, "min" 0, "max" 100. */
static bool percentile_of(const char *name, double *p)
{
	char *end;
	long n = strtol(name, &end, 10);

	if (!strcmp(name, "min"))
		*p = 0;
	else if (!strcmp(name, "max"))
		*p = 100;
	else if (end != name && !strcmp(end, "th") && n > 0 && n < 100)
		*p = (double) n;
	else if (end != name && !strcmp(end, "-nines") && n >= 2 && n <= 12)
		*p = 100 - pow(10, 2 - (double) n);
	else
		return false;
	return true;
}

/* Splits a table row at '|', fields trimmed. Returns their count. */
static int fields(char *l, char **f)
{
	char *tok;
	int n = 0;

	while (n < MAX_FIELDS && (tok = strsep(&l, "|")))
		f[n++] = trim(tok);
	return n;
}

/* ---- runs, profiles, targets, results ---- */

static struct fv_dspd *new_run(struct tstate *s)
{
	if (FV_ALLOC_GROW(s->runs, s->nruns + 1, s->runs_alloc)) {
		s->err = -ENOMEM;
		return NULL;
	}
	s->d = &s->runs[s->nruns++];
	memset(s->d, 0, sizeof(*s->d));
	s->prof = NULL;
	s->target = NULL;
	s->res = NULL;
	memset(&s->tr, 0, sizeof(s->tr));
	return s->d;
}

static void new_profile(struct tstate *s)
{
	if (s->d->nprofiles == FV_DSPD_MAX_PROFILES) {
		bad(s, "more than %s timespans in one run", "16");
		return;
	}
	s->prof = &s->d->profiles[s->d->nprofiles++];
	s->target = NULL;
}

static void new_target(struct tstate *s, const char *path)
{
	struct fv_dspd_profile *pr = s->prof;
	size_t n;

	if (!pr) {
		bad(s, "%s before any 'timespan:'", "a target");
		return;
	}
	if (pr->ntargets == FV_DSPD_MAX_TARGETS) {
		pr->extra_targets++;
		s->target = NULL;
		return;
	}
	s->target = &pr->targets[pr->ntargets++];
	/* "path: 'C:\x.dat'" or "path: template target 'x'" */
	if (starts(path, "template target "))
		path += strlen("template target ");
	n = strlen(path);
	if (n >= 2 && path[0] == '\'' && path[n - 1] == '\'') {
		path++;
		n -= 2;
	}
	snprintf(s->target->path, sizeof(s->target->path), "%.*s",
		 (int) (n < 255 ? n : 255), path);
	/* a legacy code page's bytes are not UTF-8 */
	fv_sanitize(s->target->path);
}

/* "performing mix test (read/write ratio: 70/30)" and its kin */
static void target_line(struct tstate *s, const char *l)
{
	struct fv_dspd_target *t = s->target;
	uint64_t v;
	int a, b;

	if (!t)
		return;
	if (!strcmp(l, "software cache disabled") ||
	    !strcmp(l, "local software cache disabled, remote cache enabled"))
		t->no_os_cache = true;
	else if (strstr(l, "writethrough on"))
		t->write_through = true;
	else if (!strcmp(l, "performing read test"))
		t->write_ratio = 0;
	else if (!strcmp(l, "performing write test"))
		t->write_ratio = 100;
	else if (sscanf(l, "performing mix test (read/write ratio: %d/%d)", &a,
			&b) == 2) {
		if (b < 0 || b > 100)
			bad(s, "%s is not 0 to 100", "a write ratio");
		t->write_ratio = b;
	} else if (starts(l, "block size: ")) {
		if (!size_bytes(l + strlen("block size: "), &v) || !v)
			bad(s, "%s is not a size", "the block size");
		t->block = v;
		s->tr.v21 |= !isdigit((unsigned char) l[strlen(l) - 1]);
	} else if (starts(l, "using random I/O")) {
		t->random = true;
		t->random_pct = 100;
	} else if (sscanf(l, "using mixed random/sequential I/O (%d%%", &a) ==
		   1) {
		t->random = a > 0;
		t->random_pct = a;
	} else if (strstr(l, "sequential I/O (stride"))
		t->random = false;
	else if (sscanf(l, "threads per file: %d", &a) == 1)
		t->threads = a;
	else if (sscanf(l, "number of outstanding I/O operations: %d", &a) == 1)
		t->requests = a;
	else if (sscanf(l,
			"number of outstanding I/O operations per thread: "
			"%d",
			&a) == 1) {
		t->requests = a;
		s->tr.v21 = true;
	}
}

static void input_line(struct tstate *s, const char *l)
{
	struct fv_dspd_profile *pr = s->prof;
	unsigned u;
	int n;

	if (sscanf(l, "timespan: %d", &n) == 1) {
		new_profile(s);
		return;
	}
	if (!pr)
		return;
	if (starts(l, "path: "))
		new_target(s, l + strlen("path: "));
	else if (s->target)
		target_line(s, l);
	else if (sscanf(l, "duration: %us", &u) == 1)
		pr->duration_s = u;
	else if (sscanf(l, "warm up time: %us", &u) == 1)
		pr->warmup_s = u;
	else if (!strcmp(l, "measuring latency"))
		pr->latency = true;
	else if (sscanf(l, "thread pool with %u threads", &u) == 1)
		pr->thread_count = (int) (u < 1u << 20 ? u : 1u << 20);
	else if (sscanf(l,
			"number of outstanding I/O operations per thread: "
			"%u",
			&u) == 1) {
		pr->requests = (int) (u < 1u << 20 ? u : 1u << 20);
		s->tr.v21 = true;
	}
}

/* ---- a run's profile from its command line ---- */

/* "4K", "64M", "8192": a DiskSpd flag's size (K, M, G, T; b bytes). */
static bool flag_size(const char *t, uint64_t *v)
{
	char *end;
	unsigned long long u = strtoull(t, &end, 10);
	int shift = 0;

	if (end == t)
		return false;
	switch (toupper((unsigned char) *end)) {
	case 'K':
		shift = 10;
		break;
	case 'M':
		shift = 20;
		break;
	case 'G':
		shift = 30;
		break;
	case 'T':
		shift = 40;
		break;
	case 'B':
	case '\0':
		break;
	default:
		return false;
	}
	*v = u << shift;
	return u < (1ULL << 20) || !shift;
}

/* A flag of one profile and every target, DiskSpd's defaults before. */
static void cmdline_flag(struct fv_dspd_profile *pr, struct fv_dspd_target *t,
			 const char *f)
{
	uint64_t v;
	char *end;
	long n = strtol(f + 1, &end, 10);
	bool num = end != f + 1 && !*end && n >= 0 && n < (1L << 20);

	switch (f[0]) {
	case 'b':
		if (flag_size(f + 1, &v) && v)
			t->block = v;
		break;
	case 'o':
		t->requests = num ? (int) n : t->requests;
		break;
	case 't':
		t->threads = num ? (int) n : t->threads;
		break;
	case 'F':
		pr->thread_count = num ? (int) n : pr->thread_count;
		break;
	case 'w':
		t->write_ratio = num && n <= 100 ? (int) n : t->write_ratio;
		break;
	case 'r':
		t->random = f[1] != 's';
		t->random_pct = 100;
		break;
	case 'd':
		pr->duration_s = num ? (double) n : pr->duration_s;
		break;
	case 'W':
		pr->warmup_s = num ? (double) n : pr->warmup_s;
		break;
	case 'L':
		pr->latency = !f[1];
		break;
	case 'S':
		/* -S, -Su: no OS cache; -Sh: no cache, write-through; -Sw */
		t->no_os_cache = !f[1] || strpbrk(f + 1, "uhb") != NULL;
		t->write_through = f[1] && strpbrk(f + 1, "hw") != NULL;
		break;
	default:
		break;
	}
}

/*
 * The profile of a run whose input parameters the file does not hold
 * (a script kept only its command line): DiskSpd's defaults (-b64K -o2
 * -t1 -d10 -W5 -w0, sequential), then its flags, each target the rest of
 * its words ("diskspd.exe -b4K -r -o4 C:\x.dat").
 */
static void cmdline_profile(struct tstate *s)
{
	struct fv_dspd_target flags = { .block = 65536,
					.requests = 2,
					.threads = 1 };
	struct fv_dspd_profile *pr;
	char words[sizeof(s->cmd)], *save = NULL;
	bool exe = true;

	new_profile(s);
	pr = s->prof;
	if (!pr)
		return;
	pr->duration_s = 10;
	pr->warmup_s = 5;
	snprintf(words, sizeof(words), "%s", s->cmd);
	for (char *w = strtok_r(words, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (exe) { /* the program, however its path is spelled */
			exe = !strstr(w, "diskspd") && !strstr(w, "DiskSpd");
			continue;
		}
		if ((w[0] == '-' || w[0] == '/') && w[1]) {
			cmdline_flag(pr, &flags, w + 1);
			continue;
		}
		if (pr->ntargets < FV_DSPD_MAX_TARGETS) {
			struct fv_dspd_target *t = &pr->targets[pr->ntargets++];

			*t = flags;
			snprintf(t->path, sizeof(t->path), "%s", w);
			fv_sanitize(t->path);
		} else {
			pr->extra_targets++;
		}
	}
	/* flags after a target are its too: DiskSpd reads them all first */
	for (size_t i = 0; i < pr->ntargets; i++) {
		char path[256];

		memcpy(path, pr->targets[i].path, sizeof(path));
		pr->targets[i] = flags;
		memcpy(pr->targets[i].path, path, sizeof(path));
	}
	if (!pr->ntargets)
		bad(s, "%s names no target", "the command line");
}

/* ---- results ---- */

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

static void close_result(struct tstate *s)
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

static void new_result(struct tstate *s)
{
	struct fv_dspd *d = s->d;

	close_result(s);
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
	int n = fields(l, f);

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
	int n = fields(l, f);
	uint64_t th, bytes, ios;

	if (n < 5 || !whole(f[0], 1 << 20, &th) ||
	    !whole(f[1], UINT64_MAX / 1024, &bytes) ||
	    !whole(f[2], UINT64_MAX / 1024, &ios) ||
	    bytes > UINT64_MAX / 2 - s->t.rows_bytes ||
	    ios > UINT64_MAX / 2 - s->t.rows_ios) {
		bad(s, "not a thread row of the '%s' table",
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
	int n = fields(l + strlen("total:"), f);
	uint64_t bytes, ios;
	double iops, avg = -1;

	if (n < 4 || !whole(f[0], UINT64_MAX / 1024, &bytes) ||
	    !whole(f[1], UINT64_MAX / 1024, &ios) || !decimal(f[3], &iops) ||
	    (s->t.avglat_col >= 0 && s->t.avglat_col >= n)) {
		bad(s, "not the total row of the '%s' table",
		    table_names[s->t.open]);
		return;
	}
	/* a direction with no I/O has no mean ("nan", "-nan(ind)") */
	if (ios && s->t.avglat_col >= 0 && !decimal(f[s->t.avglat_col], &avg)) {
		bad(s, "the '%s' table's AvgLat is not a number",
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
	int n = fields(l, f);
	double p, ms[3];

	if (n != 4 || !percentile_of(f[0], &p) || r->npct == FV_DSPD_MAX_PCTS) {
		bad(s, "not a row of the %s table", table_names[T_PCT]);
		return;
	}
	for (int k = 0; k < 3; k++)
		if (!strcmp(f[k + 1], "N/A"))
			ms[k] = -1;
		else if (!decimal(f[k + 1], &ms[k])) {
			bad(s, "a %s is not a number of ms", "percentile");
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
		if (starts(l, "thread |"))
			table_header(s, l);
		else
			bad(s, "the '%s' table has no header",
			    table_names[s->t.open]);
	} else if (starts(l, "total:")) {
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

static void result_line(struct tstate *s, char *l)
{
	struct fv_dspd_result *r = s->res;
	double v;
	unsigned u;

	if (s->t.open != NO_TABLE) {
		if (!*l)
			bad(s, "the '%s' table ends before its last row",
			    table_names[s->t.open]);
		else
			table_line(s, l);
	} else if (starts(l, "actual test time:")) {
		char *t = trim(l + strlen("actual test time:"));
		size_t n = strlen(t);

		if (n && t[n - 1] == 's')
			t[n - 1] = '\0';
		if (!decimal(t, &v))
			bad(s, "%s is not a number of seconds",
			    "the actual test time");
		r->test_s = v;
	} else if (sscanf(l, "thread count: %u", &u) == 1) {
		r->threads = (int) (u < 1u << 20 ? u : 1u << 20);
	} else if (starts(l, "The test was interrupted")) {
		snprintf(r->error, sizeof(r->error),
			 "interrupted before the measurements began");
	} else if (!strcmp(l, "Total IO")) {
		open_table(s, T_TOTAL);
	} else if (!strcmp(l, "Read IO")) {
		open_table(s, T_READ);
	} else if (!strcmp(l, "Write IO")) {
		open_table(s, T_WRITE);
	} else if (starts(l, "%-ile |")) {
		open_table(s, T_PCT);
		s->t.header = true;
	} else if (!strcmp(l, "total:")) {
		s->tr.total_hd = true;
	} else if (!strcmp(l, "Total latency distribution:")) {
		s->tr.dist_hd = true;
	}
}

/* ---- the file ---- */

static void version_of(struct fv_dspd *d, const struct traits *tr)
{
	const char *v = tr->mb	       ? "2.0.17a or earlier"
			: !tr->sysinfo ? "2.0.18a to 2.0.20a"
			: !tr->v21     ? "2.0.21a"
			: tr->dist_hd  ? "2.2"
			: tr->total_hd ? "2.1"
				       : "2.1 or later";

	snprintf(d->version, sizeof(d->version), "%s (text)", v);
}

static void close_run(struct tstate *s)
{
	if (!s->d)
		return;
	close_result(s);
	version_of(s->d, &s->tr);
}

static void sysinfo_line(struct tstate *s, const char *l)
{
	if (starts(l, "computer name: ")) {
		snprintf(s->d->host, sizeof(s->d->host), "%.127s",
			 l + strlen("computer name: "));
		fv_sanitize(s->d->host);
	} else if (starts(l, "start time: ")) {
		snprintf(s->d->run_time, sizeof(s->d->run_time), "%.31s",
			 l + strlen("start time: "));
		fv_sanitize(s->d->run_time);
	}
}

static void one_line(struct tstate *s, char *raw)
{
	char *l = trim(raw);

	if (starts(l, "Command Line: ")) {
		close_run(s);
		if (new_run(s)) {
			s->where = INPUT;
			s->cmd_only = true;
			snprintf(s->cmd, sizeof(s->cmd), "%s",
				 l + strlen("Command Line: "));
		}
		return;
	}
	/* "Input parameters:" with no command line before: a run too */
	if (!strcmp(l, "Input parameters:")) {
		if (!s->cmd_only) {
			close_run(s);
			if (new_run(s))
				s->cmd[0] = '\0';
		}
		s->cmd_only = false;
		s->where = INPUT;
		return;
	}
	if (!s->d)
		return; /* what a shell or a script printed before */
	/* its results with no input parameters: what ran, from the flags */
	if (s->cmd_only && !strcmp(l, "System information:") &&
	    !s->d->nprofiles)
		cmdline_profile(s);
	if (starts(l, "Results for timespan ")) {
		new_result(s);
		s->where = RESULT;
	} else if (!strcmp(l, "System information:")) {
		s->tr.sysinfo = true;
	} else if (!strcmp(l, "Totals:")) {
		close_result(s);
		s->where = TOTALS;
	} else if (s->where == INPUT) {
		input_line(s, l);
	} else if (s->where == RESULT && s->res) {
		result_line(s, l);
	}
	if (s->where != TOTALS)
		sysinfo_line(s, l);
}

int fv_diskspd_text_parse(const char *buf, size_t len, struct fv_dspd **runs,
			  size_t *nruns, struct fv_error *e)
{
	struct tstate s = { 0 };
	const char *p = buf, *end = buf + len;
	char l[LINE_MAX_LEN];

	while (p < end && !s.err) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		size_t n = (size_t) ((nl ? nl : end) - p);

		s.line++;
		/* a longer line is no line DiskSpd writes: its start is read */
		snprintf(l, sizeof(l), "%.*s",
			 (int) (n < sizeof(l) - 1 ? n : sizeof(l) - 1), p);
		one_line(&s, l);
		p = nl ? nl + 1 : end;
	}
	if (!s.err)
		close_run(&s);
	if (!s.err && !s.nruns) {
		s.err = -EBADMSG;
		snprintf(s.why, sizeof(s.why),
			 "no 'Command Line:': not a "
			 "DiskSpd text result");
	}
	if (s.err == -EBADMSG)
		fv_error_set(e, EBADMSG, FV_EXIT_INPUT, NULL, s.err_line,
			     "%s (%zu result timespans whole before)", s.why,
			     s.whole);
	else if (s.err) /* -ENOMEM, the only other */
		fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0,
			     "out of memory");
	*runs = s.runs;
	*nruns = s.nruns;
	return s.err;
}

/* phrase at the start of a line of head, or NULL */
static const char *line_start(const char *head, size_t n, const char *phrase)
{
	size_t k = strlen(phrase);
	const char *p = head, *end = head + n;

	while ((p = memmem(p, (size_t) (end - p), phrase, k))) {
		const char *b = p;

		while (b > head && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == head || b[-1] == '\n')
			return p;
		p += k;
	}
	return NULL;
}

/*
 * Its command line, then its input parameters, or its system information
 * (a script kept no input parameters); or its input parameters with no
 * command line (a script cut it), "timespan:" in them.
 */
bool fv_diskspd_text_detect(const char *head, size_t n)
{
	const char *c = line_start(head, n, "Command Line: ");
	const char *i = line_start(head, n, "Input parameters:");

	if (c)
		return line_start(c, n - (size_t) (c - head),
				  "Input parameters:") ||
		       line_start(c, n - (size_t) (c - head),
				  "System information:");
	return i && line_start(i, n - (size_t) (i - head), "timespan:");
}

int fv_diskspd_text_read(struct fv_set *set, const char *name, const char *dir,
			 const char *buf, size_t len, bool named)
{
	struct fv_dspd *runs;
	size_t nruns, kept = 0;
	struct fv_error e = { 0 };
	int ret = fv_diskspd_text_parse(buf, len, &runs, &nruns, &e);

	(void) named;
	if (ret == -EBADMSG &&
	    fv_diag_add(&set->diags, FV_ERROR, name, e.line, 1, "%s", e.text))
		ret = -ENOMEM;
	/* every run checked before any job is kept: a file is read whole */
	for (size_t i = 0; i < nruns && !ret; i++)
		if (!runs[i].nprofiles)
			ret = fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
					  "run %zu has no 'Input parameters:' "
					  "timespan: what ran is not said",
					  i + 1)
				      ?: -EBADMSG;
	for (size_t i = 0; i < nruns && !ret; i++) {
		struct fv_dspd_run run = { name, dir, i, nruns, kept };

		ret = fv_dspd_add_jobs(set, &runs[i], &run, &kept);
	}
	ret = ret ?: fv_dspd_input_done(set, name, kept);
	for (size_t i = 0; i < nruns; i++)
		fv_diskspd_free(&runs[i]);
	free(runs);
	return ret;
}

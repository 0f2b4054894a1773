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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd_text_int.h"
#include "util/util.h"

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
		fv_dt_bad(s, "more than %s timespans in one run", "16");
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
		fv_dt_bad(s, "%s before any 'timespan:'", "a target");
		return;
	}
	if (pr->ntargets == FV_DSPD_MAX_TARGETS) {
		pr->extra_targets++;
		s->target = NULL;
		return;
	}
	s->target = &pr->targets[pr->ntargets++];
	/* "path: 'C:\x.dat'" or "path: template target 'x'" */
	if (fv_dt_starts(path, "template target "))
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
			fv_dt_bad(s, "%s is not 0 to 100", "a write ratio");
		t->write_ratio = b;
	} else if (fv_dt_starts(l, "block size: ")) {
		if (!fv_dt_size_bytes(l + strlen("block size: "), &v) || !v)
			fv_dt_bad(s, "%s is not a size", "the block size");
		t->block = v;
		s->tr.v21 |= !isdigit((unsigned char) l[strlen(l) - 1]);
	} else if (fv_dt_starts(l, "using random I/O")) {
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
	if (fv_dt_starts(l, "path: "))
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
	fv_dt_close_result(s);
	version_of(s->d, &s->tr);
}

static void sysinfo_line(struct tstate *s, const char *l)
{
	if (fv_dt_starts(l, "computer name: ")) {
		snprintf(s->d->host, sizeof(s->d->host), "%.127s",
			 l + strlen("computer name: "));
		fv_sanitize(s->d->host);
	} else if (fv_dt_starts(l, "start time: ")) {
		snprintf(s->d->run_time, sizeof(s->d->run_time), "%.31s",
			 l + strlen("start time: "));
		fv_sanitize(s->d->run_time);
	}
}

static void one_line(struct tstate *s, char *raw)
{
	char *l = fv_dt_trim(raw);

	if (fv_dt_starts(l, "Command Line: ")) {
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
	    !s->d->nprofiles) {
		new_profile(s);
		fv_dt_cmdline_profile(s, s->prof);
	}
	if (fv_dt_starts(l, "Results for timespan ")) {
		fv_dt_new_result(s);
		s->where = RESULT;
	} else if (!strcmp(l, "System information:")) {
		s->tr.sysinfo = true;
	} else if (!strcmp(l, "Totals:")) {
		fv_dt_close_result(s);
		s->where = TOTALS;
	} else if (s->where == INPUT) {
		input_line(s, l);
	} else if (s->where == RESULT && s->res) {
		fv_dt_result_line(s, l);
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
	if (!ret)
		ret = fv_dspd_input_done(set, name, kept);
	for (size_t i = 0; i < nruns; i++)
		fv_diskspd_free(&runs[i]);
	free(runs);
	return ret;
}

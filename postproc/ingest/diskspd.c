/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd's XML result read with expat (a stream parser: the document's
 * tree is never built). DiskSpd writes no <?xml?> line, may print text
 * before <Results> (-v, -P) and does not escape paths: a '&' that starts
 * no entity is escaped here so that the rest reads, and counted. The
 * elements that matter are told by their path from <Results>, not by
 * their name alone: <TimeSpan>, <Target>, <Iops> and <Bucket> each stand
 * in several places.
 */
#include <ctype.h>
#include <errno.h>
#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd.h"

#define MAX_DEPTH 24
#define NAME_MAX_LEN 40

struct pstate {
	struct fv_dspd *d;
	char stack[MAX_DEPTH][NAME_MAX_LEN];
	int depth;
	char text[256];
	size_t tlen;
	bool overlong; /* the element's text did not fit in text */
	int profiles;  /* profile timespans opened */
	struct fv_dspd_result cur;
	bool in_result;
	XML_Parser p;
	int line_base; /* lines skipped before <Results> */
	int err;       /* -ENOMEM, or -EBADMSG with why */
	char why[160];
};

/* Is the element open now at exactly this path from the root? */
static bool at(const struct pstate *s, const char *const *path)
{
	int i = 0;

	for (; path[i]; i++)
		if (i >= s->depth || strcmp(s->stack[i], path[i]))
			return false;
	return i == s->depth;
}

#define AT(s, ...) at(s, (const char *const[]){ __VA_ARGS__, NULL })

static int line_now(const struct pstate *s)
{
	return (int) XML_GetCurrentLineNumber(s->p) + s->line_base;
}

static void bad_value(struct pstate *s, const char *what)
{
	if (s->err)
		return;
	s->err = -EBADMSG;
	snprintf(s->why, sizeof(s->why), "line %d: <%s> '%.40s' is not %s",
		 line_now(s), s->stack[s->depth - 1], s->text, what);
	XML_StopParser(s->p, XML_FALSE);
}

static double num(struct pstate *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s->text, &end);
	if (s->overlong || end == s->text || *end || v < 0 || errno == ERANGE)
		bad_value(s, "a number of 0 or more");
	return v;
}

/* A whole number up to most (a count, a ratio...). */
static uint64_t count_to(struct pstate *s, uint64_t most, const char *what)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s->text, &end, 10);
	if (s->overlong || end == s->text || *end || s->text[0] == '-' ||
	    errno == ERANGE || v > most)
		bad_value(s, what);
	return (uint64_t) v;
}

static uint64_t count(struct pstate *s)
{
	return count_to(s, UINT64_MAX / 1024, "a whole number");
}

/* -w, -o, -t and the like: small whole numbers */
static int small(struct pstate *s, int most)
{
	char what[48];

	snprintf(what, sizeof(what), "a whole number up to %d", most);
	return (int) count_to(s, (uint64_t) most, what);
}

static bool flag(struct pstate *s)
{
	if (strcmp(s->text, "true") && strcmp(s->text, "false"))
		bad_value(s, "true or false");
	return !strcmp(s->text, "true");
}

static void start(void *ctx, const XML_Char *name, const XML_Char **attrs)
{
	struct pstate *s = ctx;
	struct fv_dspd *d = s->d;

	(void) attrs;
	if (s->depth >= MAX_DEPTH) {
		s->err = -EBADMSG;
		snprintf(s->why, sizeof(s->why),
			 "line %d: elements nested deeper than %d", line_now(s),
			 MAX_DEPTH);
		XML_StopParser(s->p, XML_FALSE);
		return;
	}
	snprintf(s->stack[s->depth++], NAME_MAX_LEN, "%s", name);
	s->tlen = 0;
	s->text[0] = '\0';
	s->overlong = false;
	if (AT(s, "Results", "Profile", "TimeSpans", "TimeSpan"))
		s->profiles++;
	if (s->profiles == 1 && d->ntargets < 8 &&
	    AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", "Targets",
	       "Target"))
		d->ntargets++;
	if (AT(s, "Results", "TimeSpan")) {
		memset(&s->cur, 0, sizeof(s->cur));
		s->cur.line = line_now(s);
		s->cur.avg_read_ms = s->cur.avg_write_ms = -1;
		s->in_result = true;
	}
	if (s->in_result && s->cur.npct < FV_DSPD_MAX_PCTS &&
	    AT(s, "Results", "TimeSpan", "Latency", "Bucket"))
		s->cur.pct[s->cur.npct++] = (struct fv_dspd_pct){ -1, -1, -1 };
}

static void text(void *ctx, const XML_Char *t, int len)
{
	struct pstate *s = ctx;

	while (len > 0 && s->tlen + 1 < sizeof(s->text)) {
		s->text[s->tlen++] = *t++;
		len--;
	}
	s->text[s->tlen] = '\0';
	/* a longer value is never read as its first 255 characters */
	for (; len > 0; len--, t++)
		s->overlong |= !isspace((unsigned char) *t);
}

/* The open target's field of this element. */
static void target_field(struct pstate *s, const char *el)
{
	struct fv_dspd_target *t =
		&s->d->targets[s->d->ntargets ? s->d->ntargets - 1 : 0];

	if (!s->d->ntargets || s->profiles != 1 ||
	    !AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", "Targets",
		"Target", el))
		return;
	if (!strcmp(el, "Path"))
		snprintf(t->path, sizeof(t->path), "%.255s", s->text);
	else if (!strcmp(el, "BlockSize"))
		t->block = count(s);
	else if (!strcmp(el, "RandomAccess"))
		t->random = flag(s);
	else if (!strcmp(el, "WriteRatio"))
		t->write_ratio = small(s, 100);
	else if (!strcmp(el, "RequestCount"))
		t->requests = small(s, 1 << 20);
	else if (!strcmp(el, "ThreadsPerFile"))
		t->threads = small(s, 1 << 16);
	else if (!strcmp(el, "DisableOSCache"))
		t->no_os_cache |= flag(s);
	else if (!strcmp(el, "WriteThrough"))
		t->write_through |= flag(s);
	else if (!strcmp(el, "DisableAllCache") && flag(s))
		t->no_os_cache = t->write_through = true; /* up to 2.0.16 */
}

static void result_field(struct pstate *s, const char *el)
{
	struct fv_dspd_result *r = &s->cur;

	if (AT(s, "Results", "TimeSpan", "TestTimeSeconds"))
		r->test_s = num(s);
	else if (AT(s, "Results", "TimeSpan", "ThreadCount"))
		r->threads = small(s, 1 << 20);
	else if (AT(s, "Results", "TimeSpan", "Thread", "Target", el)) {
		if (!strcmp(el, "ReadBytes"))
			r->read_bytes += count(s);
		else if (!strcmp(el, "ReadCount"))
			r->read_count += count(s);
		else if (!strcmp(el, "WriteBytes"))
			r->write_bytes += count(s);
		else if (!strcmp(el, "WriteCount"))
			r->write_count += count(s);
	} else if (AT(s, "Results", "TimeSpan", "Latency",
		      "AverageReadMilliseconds"))
		r->avg_read_ms = num(s);
	else if (AT(s, "Results", "TimeSpan", "Latency",
		    "AverageWriteMilliseconds"))
		r->avg_write_ms = num(s);
	else if (r->npct &&
		 AT(s, "Results", "TimeSpan", "Latency", "Bucket", el)) {
		struct fv_dspd_pct *b = &r->pct[r->npct - 1];

		if (!strcmp(el, "Percentile"))
			b->p = num(s);
		else if (!strcmp(el, "ReadMilliseconds"))
			b->read_ms = num(s);
		else if (!strcmp(el, "WriteMilliseconds"))
			b->write_ms = num(s);
	}
}

static int keep_result(struct pstate *s)
{
	struct fv_dspd *d = s->d;
	struct fv_dspd_result *v =
		realloc(d->results, (d->nresults + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	d->results = v;
	v[d->nresults++] = s->cur;
	return 0;
}

static void end(void *ctx, const XML_Char *name)
{
	struct pstate *s = ctx;
	struct fv_dspd *d = s->d;

	(void) name;
	/* surrounding blanks are the document's indent */
	while (s->tlen && isspace((unsigned char) s->text[s->tlen - 1]))
		s->text[--s->tlen] = '\0';
	memmove(s->text, s->text + strspn(s->text, " \t\r\n"),
		strlen(s->text + strspn(s->text, " \t\r\n")) + 1);
	if (AT(s, "Results", "System", "ComputerName"))
		snprintf(d->host, sizeof(d->host), "%.127s", s->text);
	else if (AT(s, "Results", "System", "Tool", "Version"))
		snprintf(d->version, sizeof(d->version), "%.31s", s->text);
	else if (AT(s, "Results", "System", "RunTime"))
		snprintf(d->run_time, sizeof(d->run_time), "%.31s", s->text);
	else if (s->profiles == 1 && AT(s, "Results", "Profile", "TimeSpans",
					"TimeSpan", "Duration"))
		d->duration_s = num(s);
	else if (s->profiles == 1 &&
		 AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", "Warmup"))
		d->warmup_s = num(s);
	target_field(s, s->stack[s->depth - 1]);
	if (s->in_result)
		result_field(s, s->stack[s->depth - 1]);
	if (AT(s, "Results", "TimeSpan")) {
		s->in_result = false;
		if (!s->err && (s->err = keep_result(s)))
			XML_StopParser(s->p, XML_FALSE);
	}
	s->depth--;
	s->tlen = 0;
	s->text[0] = '\0';
	s->overlong = false;
}

/* Is p the start of an entity ("&amp;", "&#38;")? */
static bool entity(const char *p, const char *e)
{
	const char *q = p + 1;

	if (q < e && *q == '#')
		q++;
	while (q < e && isalnum((unsigned char) *q))
		q++;
	return q > p + 1 && q < e && *q == ';';
}

/*
 * The text from <Results> on, a lone '&' (an unescaped path) escaped;
 * *skipped_lines: the lines before it.
 */
static char *from_results(const char *buf, size_t len, struct fv_dspd *d,
			  int *skipped_lines, size_t *outlen)
{
	const char *r = memmem(buf, len, "<Results", 8), *e = buf + len;
	char *out, *o;
	int line;

	if (!r)
		return NULL;
	*skipped_lines = 0;
	for (const char *p = buf; p < r; p++)
		*skipped_lines += *p == '\n';
	line = *skipped_lines + 1;
	out = malloc((size_t) (e - r) * 5 + 1);
	if (!out)
		return NULL;
	o = out;
	for (const char *p = r; p < e; p++) {
		line += *p == '\n';
		if (*p == '&' && !entity(p, e)) {
			if (!d->unescaped++)
				d->unescaped_line = line;
			memcpy(o, "&amp;", 5);
			o += 5;
			continue;
		}
		*o++ = *p;
	}
	*o = '\0';
	*outlen = (size_t) (o - out);
	return out;
}

int fv_diskspd_parse(const char *buf, size_t len, struct fv_dspd *d, int *line,
		     char *err, size_t errlen)
{
	struct pstate s = { .d = d };
	size_t n = 0;
	char *xml;
	int ret = 0;

	memset(d, 0, sizeof(*d));
	*line = 0;
	xml = from_results(buf, len, d, &s.line_base, &n);
	if (!xml) {
		snprintf(err, errlen, "%s",
			 memmem(buf, len, "<Results", 8)
				 ? "out of memory"
				 : "no <Results> element: not DiskSpd's XML");
		return memmem(buf, len, "<Results", 8) ? -ENOMEM : -EBADMSG;
	}
	s.p = XML_ParserCreate("UTF-8");
	if (!s.p) {
		free(xml);
		return -ENOMEM;
	}
	XML_SetUserData(s.p, &s);
	XML_SetElementHandler(s.p, start, end);
	XML_SetCharacterDataHandler(s.p, text);
	if (XML_Parse(s.p, xml, (int) n, XML_TRUE) == XML_STATUS_ERROR &&
	    !s.err) {
		s.err = -EBADMSG;
		snprintf(s.why, sizeof(s.why), "line %d: %s",
			 (int) XML_GetCurrentLineNumber(s.p) + s.line_base,
			 XML_ErrorString(XML_GetErrorCode(s.p)));
	}
	if (!s.err && !d->nresults) {
		s.err = -EBADMSG;
		snprintf(s.why, sizeof(s.why), "no result <TimeSpan>");
	}
	ret = s.err;
	if (ret == -EBADMSG) {
		*line = (int) XML_GetCurrentLineNumber(s.p) + s.line_base;
		snprintf(err, errlen,
			 "DiskSpd XML breaks off: %s; %zu result timespan%s "
			 "whole before it, none kept",
			 s.why, d->nresults, d->nresults == 1 ? "" : "s");
	}
	XML_ParserFree(s.p);
	free(xml);
	return ret;
}

void fv_diskspd_free(struct fv_dspd *d)
{
	free(d->results);
	memset(d, 0, sizeof(*d));
}

bool fv_diskspd_detect(const char *head, size_t n)
{
	const char *r = memmem(head, n, "<Results>", 9);

	return r && (memmem(r, n - (size_t) (r - head), "<System>", 8) ||
		     memmem(r, n - (size_t) (r - head), "<Profile>", 9));
}

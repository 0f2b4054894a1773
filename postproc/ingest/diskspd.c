/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd's XML result read with expat (a stream parser: the document's
 * tree is never built). DiskSpd writes no <?xml?> line, may print text
 * before <Results> (-v, -P) and does not escape paths: a '&' that starts
 * no entity is escaped here so that the rest reads, and counted. The
 * elements that matter are told by their path from <Results>, not by
 * their name alone: <TimeSpan>, <Target>, <Iops> and <Bucket> each stand
 * in several places. Result timespan i ran profile timespan i.
 */
#include <ctype.h>
#include <errno.h>
#include <expat.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd.h"
#include "util/util.h"

#define MAX_DEPTH 24
#define NAME_MAX_LEN 40

struct pstate {
	struct fv_dspd *d;
	char stack[MAX_DEPTH][NAME_MAX_LEN];
	int depth;
	char text[256];
	size_t tlen;
	bool overlong; /* the element's text did not fit in text */
	struct fv_dspd_profile *prof;  /* the open profile timespan, if kept */
	struct fv_dspd_target *target; /* the open profile target, if kept */
	struct fv_dspd_result cur;
	bool in_result;
	bool bucket; /* a latency bucket open and kept */
	bool done;   /* </Results> seen: what follows is not read */
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

/*
 * The line the parser is at. expat 2.7 deprecates XML_GetCurrentLineNumber
 * for XML_GetCurrentLineNumber64, which 2.5 (Debian 12) does not have: the
 * one that both have, its warning silenced here alone.
 */
static int line_now(const struct pstate *s)
{
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	unsigned long long n = XML_GetCurrentLineNumber(s->p);
#pragma GCC diagnostic pop

	return (int) (n < INT_MAX / 2 ? n : INT_MAX / 2) + s->line_base;
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

/* A decimal number of 0 or more ("30.00"): not inf, nan nor hex. */
static double num(struct pstate *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s->text, &end);
	if (s->overlong || end == s->text || *end || errno == ERANGE ||
	    !isfinite(v) || v < 0 || strpbrk(s->text, "xXnN") ||
	    !(isdigit((unsigned char) s->text[0]) || s->text[0] == '.'))
		bad_value(s, "a decimal number of 0 or more");
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

/* *sum += v, or an error: a sum is never wrapped. */
static void add(struct pstate *s, uint64_t *sum, uint64_t v)
{
	if (v > UINT64_MAX - *sum) {
		bad_value(s, "a count whose sum fits 64 bits");
		return;
	}
	*sum += v;
}

static bool flag(struct pstate *s)
{
	if (strcmp(s->text, "true") && strcmp(s->text, "false"))
		bad_value(s, "true or false");
	return !strcmp(s->text, "true");
}

/* An attribute's value as a decimal number; false when absent or not. */
static bool attr_num(struct pstate *s, const XML_Char **attrs, const char *name,
		     double *v)
{
	for (size_t i = 0; attrs[i] && attrs[i + 1]; i += 2) {
		size_t n = strlen(attrs[i + 1]);

		if (strcmp(attrs[i], name))
			continue;
		if (n >= sizeof(s->text)) {
			bad_value(s, "a decimal number of 0 or more");
			return false;
		}
		memcpy(s->text, attrs[i + 1], n + 1);
		*v = num(s);
		s->text[0] = '\0';
		return !s->err;
	}
	return false;
}

/*
 * <Iops><Bucket SampleMillisecond="1000" Read="76" Write="30" .../>: the
 * timespan's (a target's own <Iops> stands under Thread/Target).
 */
static void iops_bucket(struct pstate *s, const XML_Char **attrs)
{
	struct fv_dspd_result *r = &s->cur;
	struct fv_dspd_bucket b = { 0 };

	if (!attr_num(s, attrs, "SampleMillisecond", &b.end_ms) ||
	    (!attr_num(s, attrs, "Read", &b.read) && s->err) ||
	    (!attr_num(s, attrs, "Write", &b.write) && s->err)) {
		bad_value(s, "an <Iops> bucket with its SampleMillisecond");
		return;
	}
	if (r->nbuckets && !(b.end_ms > r->buckets[r->nbuckets - 1].end_ms)) {
		snprintf(s->text, sizeof(s->text), "%.0f", b.end_ms);
		bad_value(s, "later than the bucket before it");
		return;
	}
	if (FV_ALLOC_GROW(r->buckets, r->nbuckets + 1, r->buckets_alloc)) {
		s->err = -ENOMEM;
		XML_StopParser(s->p, XML_FALSE);
		return;
	}
	r->buckets[r->nbuckets++] = b;
}

static void start(void *ctx, const XML_Char *name, const XML_Char **attrs)
{
	struct pstate *s = ctx;
	struct fv_dspd *d = s->d;

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
		s->prof = d->nprofiles < FV_DSPD_MAX_PROFILES
				  ? &d->profiles[d->nprofiles++]
				  : NULL;
	if (AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", "Targets",
	       "Target")) {
		s->target = NULL;
		if (s->prof && s->prof->ntargets < FV_DSPD_MAX_TARGETS)
			s->target = &s->prof->targets[s->prof->ntargets++];
		else if (s->prof)
			s->prof->extra_targets++;
	}
	if (AT(s, "Results", "TimeSpan")) {
		memset(&s->cur, 0, sizeof(s->cur));
		s->cur.line = line_now(s);
		s->cur.avg_read_ms = s->cur.avg_write_ms = -1;
		s->in_result = true;
	}
	if (s->in_result && AT(s, "Results", "TimeSpan", "Iops", "Bucket"))
		iops_bucket(s, attrs);
	if (s->in_result && AT(s, "Results", "TimeSpan", "Latency", "Bucket")) {
		s->bucket = s->cur.npct < FV_DSPD_MAX_PCTS;
		if (s->bucket)
			s->cur.pct[s->cur.npct++] =
				(struct fv_dspd_pct){ -1, -1, -1 };
	}
}

static void text(void *ctx, const XML_Char *t, int len)
{
	struct pstate *s = ctx;

	/* blanks before the value are the document's indent */
	while (len > 0 && !s->tlen && isspace((unsigned char) *t)) {
		t++;
		len--;
	}
	while (len > 0 && s->tlen + 1 < sizeof(s->text)) {
		s->text[s->tlen++] = *t++;
		len--;
	}
	s->text[s->tlen] = '\0';
	/* a longer value is never read as its first 255 characters */
	for (; len > 0; len--, t++)
		s->overlong |= !isspace((unsigned char) *t);
}

/* The open profile target's field of this element. */
static void target_field(struct pstate *s, const char *el)
{
	struct fv_dspd_target *t = s->target;

	if (!t || !AT(s, "Results", "Profile", "TimeSpans", "TimeSpan",
		      "Targets", "Target", el))
		return;
	if (!strcmp(el, "Path"))
		snprintf(t->path, sizeof(t->path), "%.255s", s->text);
	else if (!strcmp(el, "BlockSize"))
		t->block = count(s);
	else if (!strcmp(el, "Random")) {
		/* -r: its alignment; <RandomAccess> is a file-open hint */
		t->random = true;
		if (!t->random_pct)
			t->random_pct = 100;
	} else if (!strcmp(el, "RandomRatio"))
		t->random_pct = small(s, 100); /* -rs */
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

static void profile_field(struct pstate *s, const char *el)
{
	struct fv_dspd_profile *pr = s->prof;

	if (!pr || !AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", el))
		return;
	if (!strcmp(el, "Duration"))
		pr->duration_s = num(s);
	else if (!strcmp(el, "Warmup"))
		pr->warmup_s = num(s);
	else if (!strcmp(el, "ThreadCount"))
		pr->thread_count = small(s, 1 << 20); /* -F */
	else if (!strcmp(el, "RequestCount"))
		pr->requests = small(s, 1 << 20); /* -o with -F (2.1) */
	else if (!strcmp(el, "MeasureLatency"))
		pr->latency = flag(s);
}

static void result_field(struct pstate *s, const char *el)
{
	struct fv_dspd_result *r = &s->cur;

	if (AT(s, "Results", "TimeSpan", "TestTimeSeconds"))
		r->test_s = num(s);
	else if (AT(s, "Results", "TimeSpan", "ThreadCount"))
		r->threads = small(s, 1 << 20);
	else if (AT(s, "Results", "TimeSpan", "Error"))
		snprintf(r->error, sizeof(r->error), "%.127s", s->text);
	else if (AT(s, "Results", "TimeSpan", "Thread", "Target", el)) {
		if (!strcmp(el, "ReadBytes"))
			add(s, &r->read_bytes, count(s));
		else if (!strcmp(el, "ReadCount"))
			add(s, &r->read_count, count(s));
		else if (!strcmp(el, "WriteBytes"))
			add(s, &r->write_bytes, count(s));
		else if (!strcmp(el, "WriteCount"))
			add(s, &r->write_count, count(s));
	} else if (AT(s, "Results", "TimeSpan", "Latency",
		      "AverageReadMilliseconds"))
		r->avg_read_ms = num(s);
	else if (AT(s, "Results", "TimeSpan", "Latency",
		    "AverageWriteMilliseconds"))
		r->avg_write_ms = num(s);
	else if (s->bucket &&
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

	if (FV_ALLOC_GROW(d->results, d->nresults + 1, d->results_alloc))
		return -ENOMEM;
	d->results[d->nresults++] = s->cur;
	return 0;
}

/* Leaving an element: what was open at it is closed. */
static void close_open(struct pstate *s)
{
	if (AT(s, "Results", "TimeSpan")) {
		s->in_result = false;
		if (!s->err && (s->err = keep_result(s)))
			XML_StopParser(s->p, XML_FALSE);
		if (s->err) /* not kept: its buckets are no one's */
			free(s->cur.buckets);
		s->cur.buckets = NULL;
		s->cur.nbuckets = s->cur.buckets_alloc = 0;
	}
	if (AT(s, "Results", "Profile", "TimeSpans", "TimeSpan"))
		s->prof = NULL;
	if (AT(s, "Results", "Profile", "TimeSpans", "TimeSpan", "Targets",
	       "Target"))
		s->target = NULL;
	if (AT(s, "Results", "TimeSpan", "Latency", "Bucket"))
		s->bucket = false;
	/* one result a document: text after it is not parsed, but said */
	if (AT(s, "Results") && !s->err) {
		s->done = true;
		XML_StopParser(s->p, XML_FALSE);
	}
}

static void end(void *ctx, const XML_Char *name)
{
	struct pstate *s = ctx;
	struct fv_dspd *d = s->d;
	const char *el = s->stack[s->depth - 1];

	(void) name;
	/* blanks after the value are the document's indent too */
	while (s->tlen && isspace((unsigned char) s->text[s->tlen - 1]))
		s->text[--s->tlen] = '\0';
	if (AT(s, "Results", "System", "ComputerName"))
		snprintf(d->host, sizeof(d->host), "%.127s", s->text);
	else if (AT(s, "Results", "System", "Tool", "Version"))
		snprintf(d->version, sizeof(d->version), "%.31s", s->text);
	else if (AT(s, "Results", "System", "RunTime"))
		snprintf(d->run_time, sizeof(d->run_time), "%.31s", s->text);
	profile_field(s, el);
	target_field(s, el);
	if (s->in_result)
		result_field(s, el);
	close_open(s);
	s->depth--;
	s->tlen = 0;
	s->text[0] = '\0';
	s->overlong = false;
}

/* Is p the start of one of XML's own entities ("&amp;", "&#38;")? */
static bool entity(const char *p, const char *e)
{
	static const char *const named[] = { "&amp;", "&lt;", "&gt;", "&quot;",
					     "&apos;" };
	const char *q = p + 2;

	for (size_t i = 0; i < FV_ARRAY_SIZE(named); i++)
		if ((size_t) (e - p) >= strlen(named[i]) &&
		    !memcmp(p, named[i], strlen(named[i])))
			return true;
	if (e - p < 4 || p[1] != '#')
		return false;
	if (*q == 'x') {
		for (q++; q < e && isxdigit((unsigned char) *q); q++)
			;
		return q > p + 3 && q < e && *q == ';';
	}
	for (; q < e && isdigit((unsigned char) *q); q++)
		;
	return q > p + 2 && q < e && *q == ';';
}

/*
 * The text from <Results> on, a lone '&' (an unescaped path) escaped;
 * *skipped_lines: the lines before it.
 */
static char *from_results(const char *buf, size_t len, struct fv_dspd *d,
			  int *skipped_lines, size_t *outlen)
{
	const char *r = memmem(buf, len, "<Results", 8), *e = buf + len;
	size_t more = 0;
	char *out, *o;
	int line;

	if (!r)
		return NULL;
	*skipped_lines = 0;
	for (const char *p = buf; p < r; p++)
		*skipped_lines += *p == '\n';
	line = *skipped_lines + 1;
	for (const char *p = r; (p = memchr(p, '&', (size_t) (e - p))); p++)
		more += entity(p, e) ? 0 : 4;
	out = malloc((size_t) (e - r) + more + 1);
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

/* Text after </Results>: the line it starts on, in d->trailing_line. */
static void trailing(struct pstate *s, const char *xml)
{
	const char *close = strstr(xml, "</Results>");
	const char *after = close ? close + 10 : "";

	if (!after[strspn(after, " \t\r\n")])
		return;
	s->d->trailing_line = s->line_base + 1;
	for (const char *p = xml; p < after; p++)
		s->d->trailing_line += *p == '\n';
}

int fv_diskspd_parse(const char *buf, size_t len, struct fv_dspd *d,
		     struct fv_error *e)
{
	struct pstate s = { .d = d };
	size_t n = 0;
	char *xml;
	int ret = 0;

	memset(d, 0, sizeof(*d));
	xml = from_results(buf, len, d, &s.line_base, &n);
	if (!xml && memmem(buf, len, "<Results", 8))
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0,
				    "out of memory");
	if (!xml)
		return fv_error_set(e, EBADMSG, FV_EXIT_INPUT, NULL, 0,
				    "no <Results> element: not DiskSpd's XML");
	s.p = XML_ParserCreate("UTF-8");
	if (!s.p) {
		free(xml);
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0,
				    "out of memory");
	}
	XML_SetUserData(s.p, &s);
	XML_SetElementHandler(s.p, start, end);
	XML_SetCharacterDataHandler(s.p, text);
	for (size_t at = 0; !s.err && !s.done;) {
		/* XML_Parse takes an int: a long -D result in parts */
		size_t part = n - at < INT_MAX / 2 ? n - at : INT_MAX / 2;
		bool last = at + part == n;

		if (XML_Parse(s.p, xml + at, (int) part, last) ==
			    XML_STATUS_ERROR &&
		    !s.err && !s.done) {
			s.err = -EBADMSG;
			snprintf(s.why, sizeof(s.why), "line %d: %s",
				 line_now(&s),
				 XML_ErrorString(XML_GetErrorCode(s.p)));
		}
		at += part;
		if (last)
			break;
	}
	if (s.done)
		trailing(&s, xml);
	if (!s.err && !d->nresults) {
		s.err = -EBADMSG;
		snprintf(s.why, sizeof(s.why), "no result <TimeSpan>");
	}
	ret = s.err;
	if (ret == -EBADMSG)
		fv_error_set(e, EBADMSG, FV_EXIT_INPUT, NULL, line_now(&s),
			     "DiskSpd XML breaks off: %s; %zu result "
			     "timespan%s whole before it, none kept",
			     s.why, d->nresults, d->nresults == 1 ? "" : "s");
	else if (ret) /* -ENOMEM, the only other */
		fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0,
			     "out of memory");
	if (s.in_result)
		free(s.cur.buckets); /* the open result, never kept */
	XML_ParserFree(s.p);
	free(xml);
	return ret;
}

void fv_diskspd_free(struct fv_dspd *d)
{
	for (size_t i = 0; i < d->nresults; i++)
		free(d->results[i].buckets);
	free(d->results);
	memset(d, 0, sizeof(*d));
}

bool fv_diskspd_detect(const char *head, size_t n)
{
	const char *r = memmem(head, n, "<Results>", 9);

	return r && (memmem(r, n - (size_t) (r - head), "<System>", 8) ||
		     memmem(r, n - (size_t) (r - head), "<Profile>", 9));
}

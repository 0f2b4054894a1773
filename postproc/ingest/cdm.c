/* SPDX-License-Identifier: MIT */
/*
 * CrystalDiskMark's text export, versions 6 to 9 (DiskMarkDlg.cpp):
 *   6.0  "  Random Read 4KiB (Q=  8,T= 8) :   393.904 MB/s [  96167.0 IOPS]"
 *   7.0  "    Random 4KiB (Q= 32, T=16):     0.867 MB/s [    211.7 IOPS]
 * <633277.09 us>" 8-9  "  RND    4KiB (Q= 32, T=16): ..." under [Read],
 * [Write], [Mix] then a footer (Profile, Test, Mode, Time, Date, OS, Comment).
 * A line holding "(Q=" is a test and must read whole, or the file is refused.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cdm.h"
#include "ingest_int.h"
#include "util/util.h"

struct cdm_state {
	struct fv_cdm *c;
	int section; /* enum fv_cdm_dir, or -1 before any */
	int major;
};

static void copy_field(char *dst, size_t n, const char *src)
{
	size_t len;

	src += strspn(src, " \t");
	len = strlen(src);
	while (len && src[len - 1] == ' ')
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/* "CrystalDiskMark 8.0.1 x86 (C) 2007-2021 hiyohiyo" */
static void title(struct cdm_state *st, const char *s)
{
	const char *v = s + 16, *sp = strchr(v, ' '), *c = strstr(v, " (C)");

	if (!sp)
		return;
	copy_field(st->c->version, sizeof(st->c->version), "");
	snprintf(st->c->version, sizeof(st->c->version), "%.*s", (int) (sp - v),
		 v);
	st->major = atoi(st->c->version);
	if (c && c > sp)
		snprintf(st->c->edition, sizeof(st->c->edition), "%.*s",
			 (int) (c - sp - 1), sp + 1);
}

/* "1MiB", "4KiB", "128KiB": bytes, or 0. */
static unsigned long block_of(const char *w, size_t n)
{
	char *end;
	unsigned long v = strtoul(w, &end, 10);

	if (end == w || (size_t) (end - w) + 3 != n ||
	    strncmp(end + 1, "iB", 2))
		return 0;
	return *end == 'K' ? v << 10 : *end == 'M' ? v << 20 : 0;
}

/* The words before "(Q=": kind, block size, and in 6.0 the direction. */
static int test_words(struct cdm_state *st, struct fv_cdm_test *t,
		      const char *s, const char *q)
{
	char kind[16] = "", blk[16] = "";
	const char *p = s;

	t->dir = st->section < 0 ? FV_CDM_READ : (enum fv_cdm_dir) st->section;
	while (p < q) {
		size_t n;

		p += strspn(p, " ");
		n = strcspn(p, " (");
		if (!n || p + n > q)
			break;
		if (!strncmp(p, "Sequential", n) || !strncmp(p, "SEQ", n) ||
		    !strncmp(p, "Random", n) || !strncmp(p, "RND", n))
			snprintf(kind, sizeof(kind), "%.*s", (int) n, p);
		else if (!strncmp(p, "Read", n) && st->section < 0)
			t->dir = FV_CDM_READ;
		else if (!strncmp(p, "Write", n) && st->section < 0)
			t->dir = FV_CDM_WRITE;
		else if ((t->block = block_of(p, n)))
			snprintf(blk, sizeof(blk), "%.*s", (int) n, p);
		else
			return -1;
		p += n;
	}
	if (!kind[0])
		return -1;
	t->sequential = kind[0] == 'S';
	/* 6.0 names no block size: its sequential test is of 128 KiB. */
	if (!t->block)
		t->block = t->sequential ? 128 << 10 : 4096;
	snprintf(t->name, sizeof(t->name), "%s%s%s (Q=%d, T=%d)", kind,
		 blk[0] ? " " : "", blk, t->queues, t->threads);
	return 0;
}

/*
 * One figure: the mark at *p, a number, then unit ("[12.3 IOPS]"); *p
 * moves past it and the spaces after. Returns 0, or -1 when it is not so.
 */
static int figure(const char **p, const char *unit, double *v)
{
	size_t n = strlen(unit);
	char *end;

	*v = strtod(*p + 1, &end);
	if (end == *p + 1 || strncmp(end, unit, n))
		return -1;
	*p = end + n;
	*p += strspn(*p, " ");
	return 0;
}

/* The figures after the test's "):" (or 6.0's ") :"). */
static int test_figures(struct cdm_state *st, struct fv_cdm_test *t,
			const char *p)
{
	p += strspn(p, " ");
	if (*p != ':' || figure(&p, " MB/s", &t->mbps))
		return -1;
	t->iops = t->lat_us = -1;
	if (*p == '[' && figure(&p, " IOPS]", &t->iops))
		return -1;
	if (*p == '<' && figure(&p, " us>", &t->lat_us))
		return -1;
	/* From 7.0 every line has all three. */
	if (*p || (st->major >= 7 && (t->iops < 0 || t->lat_us < 0)))
		return -1;
	return isfinite(t->mbps) && t->mbps >= 0 ? 0 : -1;
}

static int test_line(struct cdm_state *st, const char *s, int line)
{
	const char *q = strstr(s, "(Q="), *close;
	struct fv_cdm *c = st->c;
	struct fv_cdm_test t = { .line = line };

	if (sscanf(q, "(Q=%d%*[ ,]T=%d)", &t.queues, &t.threads) != 2 ||
	    t.queues <= 0 || t.threads <= 0 || !(close = strchr(q, ')')) ||
	    test_words(st, &t, s, q) || test_figures(st, &t, close + 1))
		return -EBADMSG;
	if (FV_ALLOC_GROW(c->tests, c->ntests + 1, c->tests_alloc))
		return -ENOMEM;
	c->tests[c->ntests++] = t;
	return 0;
}

/*
 * The bracketed groups after the size: 6.0's "[C: 35.4% (84.2/237.9 GiB)]"
 * and "[Interval=5 sec]", 7.0's "[Interval: 5 sec]", 8's "[E: 96% (...)]".
 */
static void test_brackets(struct fv_cdm *c, const char *v)
{
	for (const char *b = strchr(v, '['); b; b = strchr(b + 1, '[')) {
		if (sscanf(b, "[Interval%*[=:] %d sec]", &c->interval_s) == 1)
			continue;
		if (isalpha((unsigned char) b[1]) && b[2] == ':')
			snprintf(c->drive, sizeof(c->drive), "%.2s", b + 1);
	}
}

/* "Test: 1 GiB (x5) [...]", 6.0's "Test : 1024 MiB [...] (x5)". */
static void test_size(struct fv_cdm *c, const char *v)
{
	unsigned long long n;
	char unit[4] = "";
	const char *x = strstr(v, "(x");

	copy_field(c->test, sizeof(c->test), v);
	if (sscanf(v, " %llu %3s", &n, unit) == 2)
		c->test_bytes = !strcmp(unit, "GiB")   ? n << 30
				: !strcmp(unit, "MiB") ? n << 20
						       : 0;
	if (x)
		c->passes = atoi(x + 2);
	test_brackets(c, v);
}

/* 8 and later: "Time: Measure 5 sec / Interval 5 sec". */
static void test_time(struct fv_cdm *c, const char *v)
{
	int m, i;

	if (sscanf(v, " Measure %d sec / Interval %d sec", &m, &i) == 2) {
		c->measure_s = m;
		c->interval_s = i;
	}
}

/* "   Date: 2020/01/02 13:19:48" and the others: KEY, then ':' */
static bool footer(struct fv_cdm *c, const char *s)
{
	const struct {
		const char *key;
		char *field;
		size_t size;
	} keys[] = {
		{ "Profile", c->profile, FV_CHARS(c->profile) },
		{ "Mode", c->mode, FV_CHARS(c->mode) },
		{ "Date", c->date, FV_CHARS(c->date) },
		{ "OS", c->os, FV_CHARS(c->os) },
		{ "Comment", c->comment, FV_CHARS(c->comment) },
	};
	const char *t = s + strspn(s, " "), *colon = strchr(t, ':');
	size_t n;

	if (!colon)
		return false;
	n = (size_t) (colon - t);
	while (n && t[n - 1] == ' ')
		n--;
	if (n == 4 && !strncmp(t, "Test", 4)) {
		test_size(c, colon + 1);
		return true;
	}
	if (n == 4 && !strncmp(t, "Time", 4)) {
		test_time(c, colon + 1);
		return true;
	}
	for (size_t i = 0; i < FV_ARRAY_SIZE(keys); i++)
		if (strlen(keys[i].key) == n && !strncmp(t, keys[i].key, n)) {
			copy_field(keys[i].field, keys[i].size, colon + 1);
			return true;
		}
	return false;
}

static int one_line(struct cdm_state *st, const char *s, int line)
{
	const char *t = s + strspn(s, " ");

	if (!strncmp(t, "CrystalDiskMark ", 16)) {
		title(st, t);
		return 0;
	}
	if (!strncmp(t, "[Read]", 6))
		st->section = FV_CDM_READ;
	else if (!strncmp(t, "[Write]", 7))
		st->section = FV_CDM_WRITE;
	else if (!strncmp(t, "[Mix]", 5)) {
		st->section = FV_CDM_MIX;
		if (sscanf(t, "[Mix] Read %d%%", &st->c->mix_read_pct) != 1)
			st->c->mix_read_pct = -1;
	} else if (strstr(t, "(Q="))
		return test_line(st, s, line);
	else if (t[0] != '*' && t[0] != '-')
		footer(st->c, s);
	return 0;
}

int fv_cdm_parse(const char *buf, size_t len, struct fv_cdm *c,
		 struct fv_error *e)
{
	struct cdm_state st = { .c = c, .section = -1 };
	const char *p = buf, *end = buf + len;
	char *text = NULL;
	size_t cap = 0;
	int line = 0, ret = 0;

	memset(c, 0, sizeof(*c));
	c->mix_read_pct = -1;
	c->interval_s = c->measure_s = -1;
	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		size_t n = nl ? (size_t) (nl - p) : (size_t) (end - p);

		++line;
		while (n && (p[n - 1] == '\r' || p[n - 1] == ' '))
			n--;
		/* A line of any length: padding may run past any bound. */
		if (fv_grow((void **) &text, &cap, n + 1)) {
			ret = -ENOMEM;
			break;
		}
		memcpy(text, p, n);
		text[n] = '\0';
		ret = one_line(&st, text, line);
		p = nl ? nl + 1 : end;
	}
	free(text);
	/* before 8, DiskBench.cpp ran DiskSpd with -d5 whatever the settings */
	if (c->measure_s < 0 && st.major > 0 && st.major < 8)
		c->measure_s = 5;
	if (ret == -ENOMEM)
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, line,
				    "out of memory");
	if (ret == -EBADMSG)
		return fv_error_set(e, EBADMSG, FV_EXIT_INPUT, NULL, line,
				    "CrystalDiskMark %s: test line does not "
				    "read (%zu test%s read before it); none of "
				    "the file's figures used",
				    c->version[0] ? c->version : "export",
				    c->ntests, c->ntests == 1 ? "" : "s");
	if (!c->ntests)
		return fv_error_set(e, EBADMSG, FV_EXIT_INPUT, NULL, 1,
				    "CrystalDiskMark export without any test "
				    "line (cut after its title?)");
	return 0;
}

void fv_cdm_free(struct fv_cdm *c)
{
	free(c->tests);
	c->tests = NULL;
	c->ntests = c->tests_alloc = 0;
}

/*
 * Its title line, "CrystalDiskMark 8.0.1 x64 ...", at a line's start right
 * after its rule of dashes: a note or a README that names the tool is not
 * an export.
 */
bool fv_cdm_detect(const char *head, size_t n)
{
	for (const char *p = head;
	     (p = memmem(p, n - (size_t) (p - head), "CrystalDiskMark ", 16));
	     p++) {
		const char *v = p + 16, *prev = p - 1;

		if (p == head || *prev != '\n' || (size_t) (v - head) >= n ||
		    !isdigit((unsigned char) *v))
			continue;
		if (prev > head && prev[-1] == '\r')
			prev--;
		/* the rule above it: ---------- (71 or 78 of them) */
		if (prev - head >= 40 && !memcmp(prev - 40,
						 "----------------------------"
						 "------------",
						 40))
			return true;
	}
	return false;
}

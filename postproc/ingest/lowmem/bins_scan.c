/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "util/util.h"
#include "mapped_array.h"
#include "bins_scan.h"

/* Longer keys or numbers are not fio's: left to jansson. */
#define FV_BINS_TOKEN_MAX 64

void fv_bins_init(struct fv_bins_store *st)
{
	uint64_t r = 0;

	memset(st, 0, sizeof(*st));
	/* Unguessable, so that no input can write a marker of its own. */
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
		r = (uint64_t) time(NULL) ^ ((uint64_t) getpid() << 32) ^
		    (uint64_t) (uintptr_t) st;
	snprintf(st->tag, sizeof(st->tag), "@%016llx", (unsigned long long) r);
}

void fv_bins_reset(struct fv_bins_store *st)
{
	st->nbins = 0;
	st->nspans = 0;
}

void fv_bins_free(struct fv_bins_store *st)
{
	fv_big_free((void **) &st->bins, &st->bins_cap);
	fv_big_free((void **) &st->spans, &st->spans_cap);
	fv_big_free((void **) &st->keys, &st->keys_cap);
	memset(st, 0, sizeof(*st));
}

/* JSON whitespace, exactly jansson's set. */
static size_t skip_ws(const char *b, size_t i, size_t len)
{
	while (i < len &&
	       (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* i at an opening quote: the index after the closing one, or len. */
static size_t skip_string(const char *b, size_t i, size_t len)
{
	for (i++; i < len; i++) {
		if (b[i] == '\\')
			i++;
		else if (b[i] == '"')
			return i + 1;
	}
	return len;
}

static size_t skip_digits(const char *b, size_t i, size_t len)
{
	while (i < len && b[i] >= '0' && b[i] <= '9')
		i++;
	return i;
}

/* End of a number in strict JSON grammar (jansson's), or 0. */
static size_t number_end(const char *b, size_t i, size_t len)
{
	size_t j;

	if (i < len && b[i] == '-')
		i++;
	if (i < len && b[i] == '0')
		i++;
	else if (i < len && b[i] >= '1' && b[i] <= '9')
		i = skip_digits(b, i, len);
	else
		return 0;
	if (i < len && b[i] == '.') {
		j = skip_digits(b, i + 1, len);
		if (j == i + 1)
			return 0;
		i = j;
	}
	if (i < len && (b[i] == 'e' || b[i] == 'E')) {
		i++;
		if (i < len && (b[i] == '+' || b[i] == '-'))
			i++;
		j = skip_digits(b, i, len);
		if (j == i)
			return 0;
		i = j;
	}
	return i;
}

/* strtod of buf[from, to): NAN when too long to be fio's. */
static double token_strtod(const char *b, size_t from, size_t to, bool whole)
{
	char tmp[FV_BINS_TOKEN_MAX + 1], *end;
	double v;

	if (to - from > FV_BINS_TOKEN_MAX)
		return NAN;
	memcpy(tmp, b + from, to - from);
	tmp[to - from] = '\0';
	v = strtod(tmp, &end);
	/* As ingest always did: a key must be a number as a whole. */
	if (whole && (end == tmp || *end))
		return NAN;
	return v;
}

/* Room for element n of size bytes; *cap in bytes (bigbuf.h). */
static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	return fv_big_reserve(v, cap, (n + 1) * size);
}

/* A key without escapes, control or non-ASCII characters: its end or 0. */
static size_t plain_key_end(const char *b, size_t i, size_t len)
{
	size_t from = ++i;

	for (; i < len && b[i] != '"'; i++)
		if (b[i] < 0x20 || b[i] > 0x7e || b[i] == '\\' ||
		    i - from >= FV_BINS_TOKEN_MAX)
			return 0;
	return i < len ? i : 0;
}

static int add_pair(struct fv_bins_store *st, const char *b, size_t key,
		    size_t key_end, size_t num, size_t num_end)
{
	double count = token_strtod(b, num, num_end, false);
	struct fv_rawbin *r;

	if (grow((void **) &st->bins, &st->bins_cap, st->nbins,
		 sizeof(*st->bins)) ||
	    grow((void **) &st->keys, &st->keys_cap, st->nbins - st->obj_first,
		 sizeof(*st->keys)))
		return -ENOMEM;
	r = &st->bins[st->nbins];
	r->v = token_strtod(b, key, key_end, true);
	r->count = fv_u64(count);
	st->keys[st->nbins++ - st->obj_first] = key;
	return 0;
}

/*
 * Reads the object at b[at] into pairs from st->nbins on. Returns 1 and
 * *end when it is a plain non-empty {"KEY": NUMBER, ...} object, 0 when it
 * is anything else (the pairs are then dropped), -ENOMEM.
 */
static int read_object(struct fv_bins_store *st, const char *b, size_t len,
		       size_t at, size_t *end)
{
	size_t j = skip_ws(b, at + 1, len);

	st->obj_first = st->nbins;
	if (j >= len || b[j] != '"')
		return 0; /* empty, or not an object of pairs */
	for (;;) {
		size_t key = j + 1, key_end = plain_key_end(b, j, len), num;
		double v;

		if (!key_end)
			return 0;
		j = skip_ws(b, key_end + 1, len);
		if (j >= len || b[j] != ':')
			return 0;
		num = skip_ws(b, j + 1, len);
		j = number_end(b, num, len);
		v = j ? token_strtod(b, num, j, false) : NAN;
		/* jansson refuses overflowing numbers: its error, not ours. */
		if (!j || !isfinite(v) || add_pair(st, b, key, key_end, num, j))
			return j && isfinite(v) ? -ENOMEM : 0;
		j = skip_ws(b, j, len);
		if (j < len && b[j] == '}') {
			*end = j + 1;
			return 1;
		}
		if (j >= len || b[j] != ',')
			return 0;
		j = skip_ws(b, j + 1, len);
		if (j >= len || b[j] != '"')
			return 0;
	}
}

/* Length of the plain key at b[k] (it has no escape: the next quote). */
static size_t key_len(const char *b, size_t k)
{
	return (size_t) ((const char *) strchr(b + k, '"') - (b + k));
}

/* keys[i] is where pair obj_first + i's key is. */
struct key_order {
	const char *b;
	const size_t *keys;
};

/* By key text, then by position: of equal keys, the last is the last. */
static int key_cmp(const void *pa, const void *pb, void *arg)
{
	const struct key_order *o = arg;
	size_t x = *(const size_t *) pa, y = *(const size_t *) pb;
	size_t lx = key_len(o->b, o->keys[x]), ly = key_len(o->b, o->keys[y]);
	int c = memcmp(o->b + o->keys[x], o->b + o->keys[y], lx < ly ? lx : ly);

	if (c)
		return c;
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * A repeated key keeps only its last count, as in jansson's object (the
 * others get count 0, which is dropped). Keys in increasing order (fio's)
 * cannot repeat; only other files pay for the sort.
 */
static int drop_repeats(struct fv_bins_store *st, const char *b, size_t from)
{
	struct key_order o = { b, st->keys };
	size_t n = st->nbins - from, *idx;

	/* from is the object's first pair: idx and keys count from it. */
	bool increasing = true;

	for (size_t i = from + 1; i < st->nbins && increasing; i++)
		increasing = st->bins[i - 1].v < st->bins[i].v;
	if (increasing)
		return 0;
	idx = malloc(n * sizeof(*idx));
	if (!idx)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	qsort_r(idx, n, sizeof(*idx), key_cmp, &o);
	for (size_t i = 0; i + 1 < n; i++) {
		size_t x = st->keys[idx[i]], y = st->keys[idx[i + 1]];
		size_t lx = key_len(b, x);

		if (lx == key_len(b, y) && !memcmp(b + x, b + y, lx))
			st->bins[from + idx[i]].count = 0;
	}
	free(idx);
	return 0;
}

/* Keeps the pairs that count: a numeric key and a count above zero. */
static size_t keep_counted(struct fv_bins_store *st, size_t from)
{
	size_t out = from;

	for (size_t i = from; i < st->nbins; i++)
		if (!isnan(st->bins[i].v) && st->bins[i].count)
			st->bins[out++] = st->bins[i];
	return out - from;
}

int fv_bins_marker_key(const struct fv_bins_store *st, char *buf, size_t size)
{
	return snprintf(buf, size, "\"%s\"", st->tag);
}

int fv_bins_marker_val(size_t idx, char *buf, size_t size)
{
	return snprintf(buf, size, ":%zu", idx);
}

/*
 * The first place from `from` in [.., end - 1) where m bytes fit on one
 * line, or 0.
 */
static size_t fit(const char *b, size_t from, size_t end, size_t m)
{
	size_t run = from;

	for (size_t i = from; i < end - 1; i++) {
		if (b[i] == '\n')
			run = i + 1;
		else if (i + 1 - run >= m)
			return run;
	}
	return 0;
}

/*
 * Places the marker's key and value, each on one line (JSON allows a
 * newline between them), within the object; false when they do not fit:
 * the object is then left as it is (too short to be worth it anyway).
 */
static bool marker_place(const struct fv_bins_store *st, const char *b,
			 struct fv_bins_span *sp, size_t idx)
{
	char text[48];
	size_t mk = (size_t) fv_bins_marker_key(st, text, sizeof(text));
	size_t mv = (size_t) fv_bins_marker_val(idx, text, sizeof(text));

	sp->marker = fit(b, sp->start + 1, sp->end, mk);
	sp->marker_val = sp->marker ? fit(b, sp->marker + mk, sp->end, mv) : 0;
	return sp->marker_val != 0;
}

/* Span sp, its marker placed: 1 added, 0 (no room for it), -ENOMEM. */
static int add_span(struct fv_bins_store *st, const char *b,
		    struct fv_bins_span sp)
{
	if (!marker_place(st, b, &sp, st->nspans))
		return 0;
	if (grow((void **) &st->spans, &st->spans_cap, st->nspans,
		 sizeof(*st->spans)))
		return -ENOMEM;
	st->spans[st->nspans++] = sp;
	return 1;
}

/* The bins object at b[at]: 1 taken (*end set), 0 left alone, -ENOMEM. */
static int take_object(struct fv_bins_store *st, const char *b, size_t len,
		       size_t at, size_t *end)
{
	size_t first = st->nbins;
	int ret = read_object(st, b, len, at, end);

	if (ret > 0)
		ret = add_span(st, b,
			       (struct fv_bins_span){ .start = at,
						      .end = *end,
						      .first = first });
	if (ret > 0)
		ret = drop_repeats(st, b, first) ?: 1;
	if (ret > 0) {
		st->spans[st->nspans - 1].n = keep_counted(st, first);
		st->nbins = first + st->spans[st->nspans - 1].n;
		return 1;
	}
	st->nbins = first;
	return ret;
}

/*
 * Objects of pairs fio writes and ingest (ingest*.c) never reads: without
 * them jansson's tree of a json+ job is about a third smaller. A key added
 * to ingest must leave this list.
 */
static const char *const unread_keys[] = {
	"\"latency_ns\"",    "\"latency_us\"",	   "\"latency_ms\"",
	"\"iodepth_level\"", "\"iodepth_submit\"", "\"iodepth_complete\"",
};

static bool is_key(const char *b, size_t i, size_t e, const char *key)
{
	return e - i == strlen(key) && !memcmp(b + i, key, e - i);
}

static bool unread_key(const char *b, size_t i, size_t e)
{
	for (size_t k = 0; k < sizeof(unread_keys) / sizeof(*unread_keys); k++)
		if (is_key(b, i, e, unread_keys[k]))
			return true;
	return false;
}

/*
 * An unread object: blanked when it is plain pairs (so that anything
 * jansson would refuse in it is still refused, at the same place).
 */
static int blank_object(struct fv_bins_store *st, const char *b, size_t len,
			size_t at, size_t *end)
{
	size_t first = st->nbins;
	int ret = read_object(st, b, len, at, end);

	st->nbins = first;
	if (ret <= 0)
		return ret;
	if (grow((void **) &st->spans, &st->spans_cap, st->nspans,
		 sizeof(*st->spans)))
		return -ENOMEM;
	st->spans[st->nspans++] = (struct fv_bins_span){
		.start = at, .end = *end, .first = first, .blank = true
	};
	return 1;
}

/* After the key b[i, e): ':' and an object? Where the object is, or 0. */
static size_t object_after(const char *b, size_t e, size_t len)
{
	e = skip_ws(b, e, len);
	if (e >= len || b[e] != ':')
		return 0;
	e = skip_ws(b, e + 1, len);
	return e < len && b[e] == '{' ? e : 0;
}

/* The object of a string at b[i, e), what becomes of it, its end. */
static int object_of(struct fv_bins_store *st, const char *b, size_t len,
		     size_t i, size_t *e)
{
	bool bins = is_key(b, i, *e, "\"bins\"");
	size_t obj;

	if (!bins && !unread_key(b, i, *e))
		return 0;
	obj = object_after(b, *e, len);
	if (!obj)
		return 0;
	return bins ? take_object(st, b, len, obj, e)
		    : blank_object(st, b, len, obj, e);
}

/* Deeper objects are left to jansson: no job of fio's nests so far. */
#define FV_JOB_MAX_DEPTH 64

/*
 * The end of the object at b[at] (the index after its '}'), brackets
 * matched by kind and strings skipped; 0 when it does not close properly
 * (jansson then parses it, and reports what is wrong, as before).
 */
static size_t object_end(const char *b, size_t at, size_t len)
{
	char open[FV_JOB_MAX_DEPTH];
	int depth = 0;

	for (size_t i = at; i < len;) {
		char c = b[i];

		if (c == '"') {
			i = skip_string(b, i, len);
			continue;
		}
		if (c == '{' || c == '[') {
			if (depth == FV_JOB_MAX_DEPTH)
				return 0;
			open[depth++] = c;
		} else if (c == '}' || c == ']') {
			if (open[--depth] != (c == '}' ? '{' : '['))
				return 0;
			if (!depth)
				return i + 1;
		}
		i++;
	}
	return 0;
}

/* The job object at b[at]: 1 deferred (*end set), 0 left inline, -ENOMEM. */
static int defer_job(struct fv_bins_store *st, const char *b, size_t len,
		     size_t at, size_t *end)
{
	struct fv_bins_span sp = { .start = at, .job = true };
	int ret;

	sp.end = object_end(b, at, len);
	ret = sp.end ? add_span(st, b, sp) : 0;
	if (ret > 0)
		*end = sp.end;
	return ret;
}

/* After the key b[i, e) of the document's own object: an array of jobs? */
static bool jobs_array_after(const char *b, size_t i, size_t e, size_t len)
{
	if (!is_key(b, i, e, "\"jobs\"") &&
	    !is_key(b, i, e, "\"client_stats\""))
		return false;
	e = skip_ws(b, e, len);
	if (e >= len || b[e] != ':')
		return false;
	e = skip_ws(b, e + 1, len);
	return e < len && b[e] == '[';
}

/* Where the scan of one document is: depth 1 is the document's object. */
struct scan_pos {
	long depth;
	long jobs_depth; /* depth inside the array of jobs, or 0 */
};

static int scan_document(struct fv_bins_store *st, const char *buf, size_t len,
			 size_t start, bool defer_jobs, int *njob_arrays)
{
	struct scan_pos p = { 0 };

	for (size_t i = start; i < len;) {
		char c = buf[i];
		size_t e;
		int ret;

		if (c == '"') {
			e = skip_string(buf, i, len);
			if (defer_jobs && p.depth == 1 &&
			    jobs_array_after(buf, i, e, len)) {
				p.jobs_depth = 2;
				++*njob_arrays;
			}
			ret = object_of(st, buf, len, i, &e);
			if (ret < 0)
				return ret;
			i = e;
			continue;
		}
		if (c == '{' && p.jobs_depth && p.depth == p.jobs_depth) {
			ret = defer_job(st, buf, len, i, &e);
			if (ret < 0)
				return ret;
			if (ret) {
				i = e;
				continue;
			}
		}
		if (c == '{' || c == '[') {
			p.depth++;
		} else if (c == '}' || c == ']') {
			if (--p.depth < p.jobs_depth)
				p.jobs_depth = 0;
			if (p.depth <= 0)
				break; /* the end of the document */
		}
		i++;
	}
	return 0;
}

int fv_bins_scan(struct fv_bins_store *st, const char *buf, size_t len,
		 size_t start, bool defer_jobs)
{
	size_t nspans = st->nspans, nbins = st->nbins;
	int njob_arrays = 0;
	int ret = scan_document(st, buf, len, start, defer_jobs, &njob_arrays);

	/*
	 * Several arrays of jobs (a repeated key, or "jobs" and
	 * "client_stats"): ingest reads only one, and the others must still
	 * be checked by jansson, in their place. Nothing is deferred then.
	 */
	if (!ret && njob_arrays > 1) {
		st->nspans = nspans;
		st->nbins = nbins;
		ret = scan_document(st, buf, len, start, false, &njob_arrays);
	}
	return ret;
}

int fv_bins_take(struct fv_bins_store *st, const char *buf, size_t len,
		 size_t at)
{
	size_t end;

	return at < len && buf[at] == '{' ? take_object(st, buf, len, at, &end)
					  : 0;
}

const struct fv_bins_span *fv_bins_span_of(const struct fv_bins_store *st,
					   const void *pairs)
{
	/* An empty span shares its first with the next: never borrowed. */
	for (size_t i = 0; i < st->nspans; i++)
		if (!st->spans[i].blank && !st->spans[i].job &&
		    st->spans[i].n &&
		    (const void *) (st->bins + st->spans[i].first) == pairs)
			return &st->spans[i];
	return NULL;
}

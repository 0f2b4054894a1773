/* SPDX-License-Identifier: MIT */
/*
 * json+ "bins" objects without a jansson tree. A bins object is most of a
 * json+ file, and as a jansson tree it costs several times its text. Before
 * jansson parses a document, fv_bins_scan() finds each plain
 * "bins": {"KEY": NUMBER, ...} object, keeps its pairs as a compact array,
 * and fv_bins_feed() hands jansson the document with each such object
 * replaced by a marker object {"@TAG": N}, every newline kept, and the
 * blanks inside left out: jansson's lines and columns (for errors) are
 * those of the original text, and its position (the end of the document)
 * is behind by the blanks left out, which the feed counts. Objects the scanner
 * does not take (escapes, non-numbers, anything unusual, too short for the
 * marker) are left to jansson as before. TAG is random per store, so an
 * input cannot forge a marker.
 *
 * The same markers defer the entries of a document's "jobs" (or
 * "client_stats") array: jansson then builds the document's small tree at
 * once and each job's tree on its own, one at a time (scan.h,
 * fv_scan_job()), so that a file's memory is that of its largest job, not
 * of all its jobs together.
 */
#ifndef FV_BINS_SCAN_H
#define FV_BINS_SCAN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One pair as written: the key's value (not yet scaled) and the count. */
struct fv_rawbin {
	double v;
	uint64_t count;
};

/*
 * One replaced object: text [start, end) of the input, pairs [first, +n).
 * A blank span is an object ingest never reads (latency_ns, iodepth_level,
 * ...: plain {"KEY": NUMBER, ...} like bins): jansson sees {} and blanks,
 * newlines kept, and no pair is kept.
 */
struct fv_bins_span {
	size_t start, end;
	size_t marker;	   /* offset of the marker's key, "@TAG" */
	size_t marker_val; /* offset of its value, :N */
	size_t first, n;
	bool blank;
	/* A deferred job object: no pairs, its text is parsed on its own. */
	bool job;
	/*
	 * A job's: the line it starts on, and the characters before it on
	 * that line (jansson's column count), found by scan.c.
	 */
	int line, col0;
	/*
	 * Its pairs were turned into struct fv_bin in place (ingest_job.c),
	 * n of them once sorted and merged, their keys times scale.
	 */
	bool converted;
	double scale;
};

/* Its arrays are mapped (bigbuf.h): the _cap fields are in bytes. */
struct fv_bins_store {
	struct fv_rawbin *bins;
	size_t nbins, bins_cap;
	struct fv_bins_span *spans;
	size_t nspans, spans_cap;
	char tag[18]; /* "@" and 16 hex digits */
	/*
	 * Scratch: where each pair's key is, for the object being read
	 * (pairs from obj_first on): one object's worth, not the document's.
	 */
	size_t *keys;
	size_t keys_cap, obj_first;
};

void fv_bins_init(struct fv_bins_store *st);
/* Forgets the spans and pairs, keeps the memory and the tag. */
void fv_bins_reset(struct fv_bins_store *st);
void fv_bins_free(struct fv_bins_store *st);

/*
 * Scans the JSON document starting at buf[start] (up to its end or len),
 * appending a span per plain bins object, and a blank span per plain
 * object of a key ingest never reads. Pairs are kept as jansson would
 * see them: a repeated key keeps its last count; pairs whose key is not a
 * number, and zero counts, are dropped (they never count). With
 * defer_jobs, each object of the document's "jobs" or "client_stats"
 * array whose brackets match becomes a job span instead, its insides not
 * scanned (unless the document has several such arrays). Returns 0 or
 * -ENOMEM.
 */
int fv_bins_scan(struct fv_bins_store *st, const char *buf, size_t len,
		 size_t start, bool defer_jobs);

/*
 * Reads again the plain bins object at buf[at] (the start of a span a scan
 * found there before) into a new span of st, the last. Returns 1, 0 when
 * it is not one (the text changed?), or -ENOMEM.
 */
int fv_bins_take(struct fv_bins_store *st, const char *buf, size_t len,
		 size_t at);

/* The span whose pairs start at pairs (a job's borrowed bins), or NULL. */
const struct fv_bins_span *fv_bins_span_of(const struct fv_bins_store *st,
					   const void *pairs);

/*
 * The marker's two parts, "@TAG" (quoted) and ":N" for span idx, into buf;
 * their lengths. The scan makes room for them, the feed writes them.
 */
int fv_bins_marker_key(const struct fv_bins_store *st, char *buf, size_t size);
int fv_bins_marker_val(size_t idx, char *buf, size_t size);

/* State of json_load_callback() over buf[pos, len) with the spans (the
 * feed, bins_feed.c). */
struct fv_bins_feed {
	const char *buf;
	size_t pos, len;
	const struct fv_bins_store *st;
	size_t next; /* first span not yet wholly fed */
	/*
	 * Blanks of spans not fed (jansson's positions are behind the
	 * input's by this much; its lines and columns are those of the
	 * input: newlines and each span's first and last lines are fed).
	 */
	size_t dropped;
	/*
	 * The span being fed: bytes one for one before head, from tail; its
	 * marker's two parts.
	 */
	bool entered;
	size_t cur, head, tail;
	char key[48], val[32];
	size_t mk, mv;
};

/* json_load_callback_t: the input, markers in place of the spans. */
size_t fv_bins_feed(void *buffer, size_t buflen, void *data);

/*
 * The bins span (job false) or job span (job true) a marker object stands
 * for, or NULL for any other value.
 */
const struct fv_bins_span *fv_bins_lookup(const struct fv_bins_store *st,
					  const json_t *obj, bool job);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The bins scanner (bins_scan.h): which objects it takes, the pairs it
 * keeps, and that jansson sees the same document (lines, columns, errors)
 * as without it.
 */
#include <errno.h>
#include <string.h>

#include "ingest/lowmem/bins_scan.h"
#include "fvtest.h"
#include "ingest/documents.h"

/* A bins object on fio's layout (indented enough for the marker). */
#define BINS                                                      \
	"{\n            \"100\" : 4,\n            \"200\" : 0,\n" \
	"            \"300\" : 6\n          }"

static void scan_text(struct fv_bins_store *st, const char *text)
{
	fv_bins_init(st);
	assert_int_equal(fv_bins_scan(st, text, strlen(text), 0, false), 0);
}

static size_t count_newlines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* What jansson is fed for text (the caller frees). */
static char *fed(const struct fv_bins_store *st, const char *text)
{
	size_t len = strlen(text);
	struct fv_bins_feed f = { .buf = text, .len = len, .st = st };
	char *out = calloc(1, len + 1);
	size_t n = 0, r;

	assert_non_null(out);
	/* Small reads: spans cut across several calls. */
	while ((r = fv_bins_feed(out + n, n + 7 <= len ? 7 : len - n, &f)))
		n += r;
	/* The blanks inside spans are left out, and counted. */
	assert_int_equal(n + f.dropped, len);
	assert_int_equal(count_newlines(out), count_newlines(text));
	return out;
}

static void takes_plain_bins(void **state)
{
	const char *text = "{\"clat_ns\": {\"N\": 10, \"bins\": " BINS "}}";
	struct fv_bins_store st;
	json_error_t err;
	json_t *root, *bins;
	char *out;

	(void) state;
	scan_text(&st, text);
	assert_int_equal(st.nspans, 1);
	/* The zero count is dropped: it never reaches a percentile. */
	assert_int_equal(st.spans[0].n, 2);
	assert_true(st.bins[0].v == 100 && st.bins[0].count == 4);
	assert_true(st.bins[1].v == 300 && st.bins[1].count == 6);
	out = fed(&st, text);
	/* Most of a bins object is blanks: they are not fed. */
	assert_true(strlen(out) < strlen(text) - 40);
	root = json_loads(out, JSON_DECODE_INT_AS_REAL, &err);
	assert_non_null(root);
	bins = json_object_get(json_object_get(root, "clat_ns"), "bins");
	assert_ptr_equal(fv_bins_lookup(&st, bins, false), &st.spans[0]);
	assert_true(json_number_value(json_object_get(
			    json_object_get(root, "clat_ns"), "N")) == 10);
	json_decref(root);
	free(out);
	fv_bins_free(&st);
}

static void repeated_and_odd_keys(void **state)
{
	/* jansson keeps the last of a repeated key; "x" is no number. */
	const char *text = "{\"bins\": {\"500\": 3, \"7\": 1, \"x\": 9, "
			   "\"500\": 5, \"7\": 0, \"1e2\": 2}}";
	struct fv_bins_store st;

	(void) state;
	scan_text(&st, text);
	assert_int_equal(st.nspans, 1);
	assert_int_equal(st.spans[0].n, 2);
	assert_true(st.bins[0].v == 500 && st.bins[0].count == 5);
	assert_true(st.bins[1].v == 100 && st.bins[1].count == 2);
	fv_bins_free(&st);
}

static void strings_that_look_like_bins(void **state)
{
	const char *texts[] = {
		/* inside a string, escaped quotes */
		"{\"job\": \"\\\"bins\\\": "
		"{\\\"1\\\": 2222222222222222}\"}",
		/* a value, not a key */
		"{\"a\": [\"bins\", {\"1\": 22222222222222222222222}]}",
		/* an escaped key: jansson's business */
		"{\"bi\\u006es\": {\"1\": 22222222222222222222222222}}",
		/* not an object */
		"{\"bins\": [1, 2222222222222222222222222222222222]}",
		/* escapes, strings or non-ASCII inside */
		"{\"bins\": {\"1\\n\": 2222222222222222222222222222}}",
		"{\"bins\": {\"1\": \"2222222222222222222222222222\"}}",
		"{\"bins\": {\"1\xc3\xa9\": 22222222222222222222222222}}",
		/* numbers jansson refuses or would overflow */
		"{\"bins\": {\"1\": 0222222222222222222222222222}}",
		"{\"bins\": {\"1\": 2e999, \"2\": 222222222222222222222}}",
		/* too short for the marker */
		"{\"bins\": {\"1\": 2}}",
		/* empty */
		"{\"bins\": {                                        }}",
	};

	(void) state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct fv_bins_store st;

		scan_text(&st, texts[i]);
		if (st.nspans)
			fail_msg("took an object in: %s", texts[i]);
		assert_int_equal(st.nbins, 0);
		fv_bins_free(&st);
	}
}

static void forged_marker(void **state)
{
	struct fv_bins_store st;
	json_t *o = json_pack("{s:i}", "@0000000000000000", 0);

	(void) state;
	fv_bins_init(&st);
	st.nspans = 0;
	assert_null(fv_bins_lookup(&st, o, false));
	json_decref(o);
	o = json_pack("{s:i}", st.tag, 0); /* no span 0 */
	assert_null(fv_bins_lookup(&st, o, false));
	json_decref(o);
	fv_bins_free(&st);
}

struct outcome {
	int ret, ndocs, line, column;
	int njobs; /* jobs the scan deferred, parsed on their own */
	char message[256];
};

/* The jobs the scan deferred in the document it returned last, as ingest. */
static int parse_jobs(struct fv_scanner *s, const struct fv_bins_store *st,
		      struct outcome *o)
{
	struct fv_bins_store jst;
	int ret = 0;

	fv_bins_init(&jst);
	for (size_t i = 0; i < st->nspans && !ret; i++) {
		json_t *job;

		if (!st->spans[i].job)
			continue;
		ret = fv_scan_job(s, &st->spans[i], s->buf + st->spans[i].start,
				  &jst, &job);
		if (!ret) {
			assert_true(json_is_object(job));
			o->njobs++;
			json_decref(job);
		}
	}
	fv_bins_free(&jst);
	return ret;
}

/* fv_scan_next over text, with or without the bins store. */
static struct outcome scan_all(const char *text, bool with_bins)
{
	struct fv_bins_store st;
	struct fv_diags d = { 0 };
	struct outcome o = { 0 };
	struct fv_scanner s;
	json_t *root;
	int line;

	fv_bins_init(&st);
	fv_scan_init(&s, "t", text, strlen(text), &d);
	s.bins = with_bins ? &st : NULL;
	while ((o.ret = fv_scan_next(&s, &root, &line)) == 1) {
		int ret = with_bins ? parse_jobs(&s, &st, &o) : 0;

		o.ndocs += !ret; /* a broken job is a broken document */
		json_decref(root);
		fv_bins_reset(&st);
		if (ret) {
			o.ret = ret;
			break;
		}
	}
	if (d.n) {
		o.line = d.v[d.n - 1].line;
		o.column = d.v[d.n - 1].column;
		snprintf(o.message, sizeof(o.message), "%s",
			 d.v[d.n - 1].message);
	}
	fv_diags_free(&d);
	fv_bins_free(&st);
	return o;
}

/*
 * The scan with the bins store ends as jansson alone does: same documents,
 * same error at the same line and column; and that is the expected one.
 */
static void same_as_jansson(const char *text, int ret, int line, int column)
{
	struct outcome a = scan_all(text, false), b = scan_all(text, true);

	assert_int_equal(b.ret, a.ret);
	assert_int_equal(b.ndocs, a.ndocs);
	assert_int_equal(b.line, a.line);
	assert_int_equal(b.column, a.column);
	assert_string_equal(b.message, a.message);
	if (a.ret != ret || a.line != line || a.column != column)
		fail_msg("%d %d:%d: %s", a.ret, a.line, a.column, a.message);
}

static void errors_after_bins(void **state)
{
	(void) state;
	/* Missing ',' two lines after a rewritten object. */
	same_as_jansson("note\n{\"lat\": {\"bins\": " BINS ",\n"
			"  \"N\": 1\n  \"x\": 2}}\n",
			-EBADMSG, 8, 5);
	/* On the same line as the end of the object. */
	same_as_jansson("{\"bins\": " BINS " x}", -EBADMSG, 5, 13);
	/* Two documents, the second broken after its bins. */
	same_as_jansson("{\"bins\": " BINS "}\n{\"bins\": " BINS ", ]}\n",
			-EBADMSG, 10, 14);
	/* Fine documents: the same count and end positions. */
	same_as_jansson("{\"bins\": " BINS "} trailing\n{\"a\": 1}\n", 0, 5, 1);
}

/* A job as fio lays it out: long enough to be deferred, bins inside. */
#define JOB(name, tail)                                          \
	"    {\n      \"jobname\" : \"" name "\",\n"             \
	"      \"read\" : {\n        \"clat_ns\" : {\n"          \
	"          \"N\" : 10,\n          \"bins\" : " BINS "\n" \
	"        }\n      }" tail "\n    }"

/* The same outcome as jansson alone, and n jobs deferred. */
static void deferred(const char *text, int ret, int line, int column, int njobs)
{
	same_as_jansson(text, ret, line, column);
	assert_int_equal(scan_all(text, true).njobs, njobs);
}

static void jobs_deferred(void **state)
{
	(void) state;
	/* Fine: two jobs deferred, "client_stats" too; the end is right. */
	deferred("{\n  \"jobs\" : [\n" JOB("a", "") ",\n" JOB(
			 "b", "") "\n  ]\n}\ntext after\n{\"x\": 1}\n",
		 0, 31, 1, 2);
	deferred("{\"client_stats\" : [\n" JOB("a", "") "]}", 0, 0, 0, 1);
	/* A job too short for the marker stays in the document's tree. */
	deferred("{\"jobs\": [{\"jobname\": \"t\"}]}", 0, 0, 0, 0);
	/* Not the document's own "jobs" key: nothing deferred. */
	deferred("{\"x\": {\"jobs\" : [\n" JOB("a", "") "]}}", 0, 0, 0, 0);
	/* Broken inside a job (missing ','): found at its line and column. */
	deferred("{\n  \"jobs\" : [\n" JOB(
			 "a", "\n      \"x\" : 1 \"y\" : 2") "\n  ]\n}\n",
		 -EBADMSG, 15, 9, 0);
	/* ... on the line the job starts on, after other text. */
	deferred("{\"jobs\": [{\"jobname\": \"abcdefghijklmnopqrst\" 1}]}",
		 -EBADMSG, 1, 46, 0);
	/* Broken after the jobs, on the line a job ends on. */
	deferred("{\"jobs\" : [\n" JOB("a", "") " x]}\n", -EBADMSG, 14, 7, 0);
	/* Brackets that do not match: left to jansson, which says so. */
	deferred("{\"jobs\" : [\n    {\"jobname\": \"a\", \"r\": [1, 2}]]}\n",
		 -EBADMSG, 2, 32, 0);
	/* Truncated inside a job. */
	deferred(
		"{\"jobs\" : [\n    {\"jobname\": \"abcdefghijklmnopqrstuvw\",",
		-EBADMSG, 2, 42, 0);
	/* A broken job, then a later error: the first is the one given. */
	deferred("{\"jobs\" : [\n" JOB(
			 "a", "\n      \"x\" : 1 \"y\" : 2") "],\n  \"z\" 3}\n",
		 -EBADMSG, 14, 9, 0);
	/* A stray '}' ends the job early for the brackets: the same error. */
	deferred("{\"jobs\" : [\n" JOB("a", "}") ", {\"b\": 1}]}\n", -EBADMSG,
		 14, 5, 0);
	/* Columns are characters, as jansson counts them. */
	deferred("{\"n\": \"\xc3\xa9\xc3\xa9\xc3\xa9\", \"jobs\": "
		 "[{\"jobname\": \"abcdefghijklmnopqrst\" 1}]}",
		 -EBADMSG, 1, 58, 0);
	/* Two arrays of jobs: each is checked, nothing deferred. */
	deferred("{\"jobs\" : [\n" JOB(
			 "a", "\n \"x\" 1") "],\n\"jobs\" : [\n" JOB("b",
								     "") "]}\n",
		 -EBADMSG, 14, 4, 0);
	deferred(
		"{\"jobs\" : [\n" JOB("a", "") "],\n\"client_stats\" : [\n" JOB(
			"b", "") "]}\n",
		0, 0, 0, 0);
	/* Two documents, the first with a broken job: the scan stops. */
	deferred("{\"jobs\": [{\"jobname\": \"abcdefghijklmnopqrst\" 1}]}\n"
		 "{\"jobs\": []}\n",
		 -EBADMSG, 1, 46, 0);
}

static void truncated_bins(void **state)
{
	(void) state;
	same_as_jansson("{\"bins\": {\n  \"100\" : 4,\n  \"200\"", -EBADMSG, 3,
			7);
	same_as_jansson("{\"bins\": {\n  \"100\" : 4,\n  \"200\" : 5,\n}}",
			-EBADMSG, 4, 1);
	same_as_jansson("{\"bins\": " BINS, -EBADMSG, 5, 11);
	same_as_jansson("{\"bins\": {\"1\": 2e999, \"2\": 3}}", -EBADMSG, 1,
			20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(takes_plain_bins),
		cmocka_unit_test(repeated_and_odd_keys),
		cmocka_unit_test(strings_that_look_like_bins),
		cmocka_unit_test(forged_marker),
		cmocka_unit_test(errors_after_bins),
		cmocka_unit_test(truncated_bins),
		cmocka_unit_test(jobs_deferred),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

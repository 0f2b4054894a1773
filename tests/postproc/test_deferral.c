/* SPDX-License-Identifier: MIT */
/*
 * Deferred jobs (outline.h): a document parsed without its jobs, then each
 * job on its own, ends as jansson alone on the whole text does: the same
 * documents, the same error at the same line and column.
 */
#include <errno.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/documents.h"

/* A bins object on fio's layout. */
#define BINS                                                      \
	"{\n            \"100\" : 4,\n            \"200\" : 0,\n" \
	"            \"300\" : 6\n          }"

struct outcome {
	int ret, ndocs, line, column;
	int njobs; /* jobs the scan deferred, parsed on their own */
	char message[256];
};

/* The jobs the scan deferred in the document it returned last, as ingest. */
static int parse_jobs(struct fv_scanner *s, struct outcome *o)
{
	int ret = 0;

	for (size_t i = 0; fv_scan_deferred(s) && i < s->outline.njobs && !ret;
	     i++) {
		json_t *job;

		ret = fv_scan_job(s, &s->outline.jobs[i], &job);
		if (!ret) {
			assert_true(json_is_object(job));
			o->njobs++;
			json_decref(job);
		}
	}
	return ret;
}

/* fv_scan_next over text, jobs deferred or (whole) not. */
static struct outcome scan_all(const char *text, bool whole)
{
	struct fv_diags d = { 0 };
	struct outcome o = { 0 };
	struct fv_scanner s;
	struct fv_text t;
	json_t *root;
	int line;

	fv_text_of(&t, text, strlen(text));
	fv_scan_init(&s, "t", &t, &d);
	s.whole = whole;
	while ((o.ret = fv_scan_next(&s, &root, &line)) == 1) {
		int ret = parse_jobs(&s, &o);

		o.ndocs += !ret; /* a broken job is a broken document */
		json_decref(root);
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
	fv_scan_free(&s);
	return o;
}

/*
 * The scan with its jobs deferred ends as jansson alone does: same
 * documents, same error at the same line and column; and that is the
 * expected one.
 */
static void same_as_jansson(const char *text, int ret, int line, int column)
{
	struct outcome a = scan_all(text, true), b = scan_all(text, false);

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
	assert_int_equal(scan_all(text, false).njobs, njobs);
}

static void jobs_deferred(void **state)
{
	(void) state;
	/* Fine: two jobs deferred, "client_stats" too; the end is right. */
	deferred("{\n  \"jobs\" : [\n" JOB("a", "") ",\n" JOB(
			 "b", "") "\n  ]\n}\ntext after\n{\"x\": 1}\n",
		 0, 31, 1, 2);
	deferred("{\"client_stats\" : [\n" JOB("a", "") "]}", 0, 0, 0, 1);
	/* Every object of the jobs array is deferred, however short. */
	deferred("{\"jobs\": [{\"jobname\": \"t\"}, {}]}", 0, 0, 0, 2);
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
		cmocka_unit_test(errors_after_bins),
		cmocka_unit_test(truncated_bins),
		cmocka_unit_test(jobs_deferred),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

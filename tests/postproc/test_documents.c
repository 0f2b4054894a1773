/* SPDX-License-Identifier: MIT */
/* Splitting an input into JSON documents and text. */
#include <errno.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/documents.h"
#include "util/util.h"

struct found {
	int ndocs;
	int lines[8];
	int ret;
};

static struct found scan(const char *text, struct fv_diags *d)
{
	struct fv_scanner s;
	struct fv_text t;
	struct found f = { 0 };
	json_t *root;
	int line;

	fv_text_of(&t, text, strlen(text));
	fv_scan_init(&s, "t", &t, d);
	while ((f.ret = fv_scan_next(&s, &root, &line)) == 1) {
		if (f.ndocs < 8)
			f.lines[f.ndocs] = line;
		f.ndocs++;
		json_decref(root);
	}
	fv_scan_free(&s);
	return f;
}

/*
 * Texts that scan without an error: the line each document starts on, how
 * many lines of text were said, and where (0: not checked).
 */
static const struct clean_case {
	const char *name, *text;
	int ndocs, lines[4];
	size_t ndiags;
	int diag_lines[2];
	const char *first_says; /* in the first diagnostic, if not NULL */
} clean_cases[] = {
	{ .name = "text around",
	  .text = "note: capped\n{\"jobs\": []}\nfio: bye\n",
	  .ndocs = 1,
	  .lines = { 2 },
	  .ndiags = 2,
	  .diag_lines = { 1, 3 },
	  .first_says = "note: capped" },
	{ .name = "several documents",
	  .text = "{\"a\":1}\n{\n\"b\":2\n}\n  {\"c\":3} {\"d\":4}\n",
	  .ndocs = 4,
	  .lines = { 1, 2, 5, 5 } },
	/* A brace that does not open an object is text. */
	{ .name = "brace text and BOM",
	  .text = "\xef\xbb\xbf{ this is not json\n{\"x\":1}\n",
	  .ndocs = 1,
	  .lines = { 2 },
	  .ndiags = 1 },
};

static void check_clean(const struct clean_case *c)
{
	struct fv_diags d = { 0 };
	struct found f = scan(c->text, &d);

	if (f.ret || f.ndocs != c->ndocs || d.n != c->ndiags)
		fail_msg("%s: %d, %d documents, %zu lines said; wanted %d and "
			 "%zu",
			 c->name, f.ret, f.ndocs, d.n, c->ndocs, c->ndiags);
	for (int k = 0; k < c->ndocs; k++)
		if (f.lines[k] != c->lines[k])
			fail_msg("%s: document %d on line %d, not %d", c->name,
				 k, f.lines[k], c->lines[k]);
	for (size_t k = 0; k < 2 && c->diag_lines[k]; k++)
		if (d.v[k].line != c->diag_lines[k])
			fail_msg("%s: text said on line %d, not %d", c->name,
				 d.v[k].line, c->diag_lines[k]);
	if (c->first_says && !strstr(d.v[0].message, c->first_says))
		fail_msg("%s: '%s' lacks '%s'", c->name, d.v[0].message,
			 c->first_says);
	fv_diags_free(&d);
}

static void scanned_clean(void **state)
{
	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(clean_cases); i++)
		check_clean(&clean_cases[i]);
}

/*
 * Texts with a broken document: one error, the last thing said, at line
 * and column (0: not checked).
 */
static const struct broken_case {
	const char *name, *text;
	int line, column;
	const char *says;
} broken_cases[] = {
	{ "no colon", "text\n{\n  \"a\": 1,\n  \"b\" 2\n}\n", 4, 7,
	  "':' expected" },
	{ "truncated", "{\"jobs\": [ {\"a\": ", 0, 0, "end of file" },
};

static void check_broken(const struct broken_case *c)
{
	struct fv_diags d = { 0 };
	struct found f = scan(c->text, &d);
	const struct fv_diag *e = d.n ? &d.v[d.n - 1] : NULL;

	if (f.ret != -EBADMSG || d.nerrors != 1 || !e ||
	    !strstr(e->message, c->says) ||
	    (c->line && (e->line != c->line || e->column != c->column)))
		fail_msg("%s: %d, %zu errors, the last at %d:%d: %s; wanted "
			 "%d:%d: %s",
			 c->name, f.ret, d.nerrors, e ? e->line : 0,
			 e ? e->column : 0, e ? e->message : "", c->line,
			 c->column, c->says);
	fv_diags_free(&d);
}

static void scanned_broken(void **state)
{
	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(broken_cases); i++)
		check_broken(&broken_cases[i]);
}

static void many_text_lines(void **state)
{
	struct fv_diags d = { 0 };
	char buf[2048] = "";
	struct found f;

	(void) state;
	for (int i = 0; i < 20; i++)
		strcat(buf, "warning line\n");
	strcat(buf, "{}\n");
	f = scan(buf, &d);
	assert_int_equal(f.ndocs, 1);
	/* Eight quoted, then one line saying how many more. */
	assert_int_equal(d.n, 9);
	assert_non_null(strstr(d.v[8].message, "12 more lines"));
	fv_diags_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scanned_clean),
		cmocka_unit_test(scanned_broken),
		cmocka_unit_test(many_text_lines),
	};

	return cmocka_run_group_tests_name("scan", tests, NULL, NULL);
}

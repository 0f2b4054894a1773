/* SPDX-License-Identifier: MIT */
/* Splitting an input into JSON documents and text. */
#include <errno.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/documents.h"

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

static void text_around(void **state)
{
	struct fv_diags d = { 0 };
	struct found f = scan("note: capped\n{\"jobs\": []}\nfio: bye\n", &d);

	(void) state;
	assert_int_equal(f.ret, 0);
	assert_int_equal(f.ndocs, 1);
	assert_int_equal(f.lines[0], 2);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[0].line, 1);
	assert_non_null(strstr(d.v[0].message, "note: capped"));
	assert_int_equal(d.v[1].line, 3);
	fv_diags_free(&d);
}

static void several_documents(void **state)
{
	struct fv_diags d = { 0 };
	struct found f =
		scan("{\"a\":1}\n{\n\"b\":2\n}\n  {\"c\":3} {\"d\":4}\n", &d);

	(void) state;
	assert_int_equal(f.ret, 0);
	assert_int_equal(f.ndocs, 4);
	assert_int_equal(f.lines[1], 2);
	assert_int_equal(f.lines[2], 5);
	assert_int_equal(f.lines[3], 5);
	assert_int_equal(d.n, 0);
	fv_diags_free(&d);
}

static void broken_position(void **state)
{
	struct fv_diags d = { 0 };
	struct found f = scan("text\n{\n  \"a\": 1,\n  \"b\" 2\n}\n", &d);

	(void) state;
	assert_int_equal(f.ret, -EBADMSG);
	assert_int_equal(d.nerrors, 1);
	assert_int_equal(d.v[d.n - 1].line, 4);
	assert_int_equal(d.v[d.n - 1].column, 7);
	assert_non_null(strstr(d.v[d.n - 1].message, "':' expected"));
	fv_diags_free(&d);
}

static void truncated(void **state)
{
	struct fv_diags d = { 0 };
	struct found f = scan("{\"jobs\": [ {\"a\": ", &d);

	(void) state;
	assert_int_equal(f.ret, -EBADMSG);
	assert_non_null(strstr(d.v[0].message, "end of file"));
	fv_diags_free(&d);
}

static void brace_text_and_bom(void **state)
{
	struct fv_diags d = { 0 };
	/* A brace that does not open an object is text. */
	struct found f =
		scan("\xef\xbb\xbf{ this is not json\n{\"x\":1}\n", &d);

	(void) state;
	assert_int_equal(f.ret, 0);
	assert_int_equal(f.ndocs, 1);
	assert_int_equal(f.lines[0], 2);
	assert_int_equal(d.n, 1);
	fv_diags_free(&d);
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
		cmocka_unit_test(text_around),
		cmocka_unit_test(several_documents),
		cmocka_unit_test(broken_position),
		cmocka_unit_test(truncated),
		cmocka_unit_test(brace_text_and_bom),
		cmocka_unit_test(many_text_lines),
	};

	return cmocka_run_group_tests_name("scan", tests, NULL, NULL);
}

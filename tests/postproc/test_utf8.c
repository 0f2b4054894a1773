/* SPDX-License-Identifier: MIT */
/*
 * One UTF-8 validator, as strict as jansson's, and every output valid
 * UTF-8 whatever the input's bytes: a folder named with a surrogate
 * (\xed\xa0\x80) made summary -f json exit 70 with nothing written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "fvtest.h"
#include "util/util.h"

/* What jansson says of s as a JSON string's bytes: valid or not. */
static bool jansson_takes(const char *s)
{
	json_t *j = json_string(s);

	json_decref(j);
	return j != NULL;
}

static void as_strict_as_jansson(void **state)
{
	static const char *const cases[] = {
		"plain",
		"caf\xc3\xa9",
		"\xe2\x82\xac",
		"\xf0\x9f\x98\x80",
		"\xed\xa0\x80",	    /* a surrogate */
		"\xc0\xaf",	    /* overlong '/' */
		"\xe0\x80\xaf",	    /* overlong, 3 bytes */
		"\xf0\x80\x80\xaf", /* overlong, 4 bytes */
		"\xf4\x90\x80\x80", /* past U+10FFFF */
		"\xc3",		    /* cut */
		"\x80",		    /* a continuation alone */
		"\xef\xbf\xbf",	    /* U+FFFF: valid */
		"\xf4\x8f\xbf\xbf", /* U+10FFFF: valid */
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		const unsigned char *s = (const unsigned char *) cases[i];
		size_t n = strlen(cases[i]), at = 0, len;
		bool valid = true;

		while (valid && at < n && (len = fv_utf8_len(s + at, n - at)))
			at += len;
		valid = at == n;
		if (valid != jansson_takes(cases[i]))
			fail_msg("case %zu: ours %d, jansson's %d", i, valid,
				 !valid);
	}
}

static void escaped(void **state)
{
	char *e;

	(void) state;
	e = fv_escape("dir\xed\xa0\x80x\tend caf\xc3\xa9");
	assert_string_equal(e, "dir\\xed\\xa0\\x80x\\x09end caf\xc3\xa9");
	assert_true(jansson_takes(e));
	free(e);
	e = fv_escape("plain text");
	assert_string_equal(e, "plain text");
	free(e);
}

/* A folder named with a surrogate: every format written, valid. */
static void surrogate_folder(void **state)
{
	const char *fx = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  "old/fio-2.2.10.json");
	char dir[4096], dst[4200], *out, *err;
	size_t n;
	char *data = fvt_slurp(fx, &n);
	json_error_t je;
	json_t *doc;

	(void) state;
	assert_non_null(data);
	snprintf(dir, sizeof(dir), "%s/dir\xed\xa0\x80x", fvt_tmp());
	fvt_mkdir(dir);
	snprintf(dst, sizeof(dst), "%s/r.json", dir);
	fvt_mkfile(dst, data, n);
	free(data);
	assert_int_equal(
		fvt_run(&out, &err, "summary", "-f", "json", dir, NULL), 0);
	doc = json_loads(out, 0, &je);
	assert_non_null(doc);
	fvt_has(out, "\"label\": \"dir\\\\xed\\\\xa0\\\\x80x\"");
	json_decref(doc);
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(as_strict_as_jansson),
		cmocka_unit_test(escaped),
		cmocka_unit_test_setup_teardown(surrogate_folder, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

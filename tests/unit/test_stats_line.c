/* SPDX-License-Identifier: MIT */
/*
 * The host in the stats (file names, the "host" object) and the stats
 * line fio forwards from a server to its client.
 */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "stats/stats.h"

static void test_token_name_wins(void **state)
{
	struct stats_host h = { .name = "db1",
				.hostname = "vm",
				.server_addr = "127.0.0.2",
				.server_port = 8765 };
	char tok[64];

	(void) state;
	stats_host_token(tok, sizeof(tok), &h);
	assert_string_equal(tok, "db1");
}

static void test_token_server_address_and_port(void **state)
{
	struct stats_host h = { .hostname = "vm",
				.server_addr = "127.0.0.2",
				.server_port = 8765 };
	struct stats_host local = { .hostname = "vm" };
	char tok[64];

	(void) state;
	stats_host_token(tok, sizeof(tok), &h);
	assert_string_equal(tok, "vm-127.0.0.2-8765");
	stats_host_token(tok, sizeof(tok), &local);
	assert_string_equal(tok, "vm");
}

static void test_token_is_file_name_safe(void **state)
{
	struct stats_host h = { .name = "../etc/x y:1" };
	struct stats_host v6 = { .hostname = "vm",
				 .server_addr = "::1",
				 .server_port = 9001 };
	char tok[64], small[5];

	(void) state;
	stats_host_token(tok, sizeof(tok), &h);
	assert_string_equal(tok, "..-etc-x-y-1");
	assert_null(strchr(tok, '/'));
	stats_host_token(tok, sizeof(tok), &v6);
	assert_string_equal(tok, "vm---1-9001");
	stats_host_token(small, sizeof(small), &v6);
	assert_string_equal(small, "vm--"); /* cut, still terminated */
}

static void test_template_host(void **state)
{
	char out[128];

	(void) state;
	assert_int_equal(stats_template_host("%j_durability.%h.%n.json", "h1",
					     out, sizeof(out)),
			 0);
	assert_string_equal(out, "%j_durability.h1.%n.json");
	/* %% stays for stats_path_expand: %%h is a literal "%h" there. */
	assert_int_equal(stats_template_host("a%%h%h%", "X", out, sizeof(out)),
			 0);
	assert_string_equal(out, "a%%hX%");
	assert_int_equal(stats_template_host("%h%h", "abcdef", out, 12),
			 -ENAMETOOLONG);
	assert_int_equal(stats_template_host("%h", "abcdef", out, 7), 0);
	assert_int_equal(stats_template_host("%h", "abcdef", out, 6),
			 -ENAMETOOLONG);
}

static void test_dash_writes_no_file(void **state)
{
	char out[64], err[128];
	json_t *doc = json_object();

	(void) state;
	assert_int_equal(stats_path_expand("-", "job", 3, 1, true, out,
					   sizeof(out), err, sizeof(err)),
			 0);
	assert_string_equal(out, "-"); /* no ".3" for clones */
	assert_int_equal(access("-", F_OK), -1);
	assert_int_equal(stats_write_file("-", doc), 0);
	assert_int_equal(access("-", F_OK), -1);
	json_decref(doc);
}

static void test_host_json(void **state)
{
	struct stats_host h = { .hostname = "vm",
				.server_addr = "127.0.0.3",
				.server_port = 8766 };
	struct stats_host local = { .name = "", .hostname = "vm" };
	json_t *o = stats_host_to_json(&h), *l = stats_host_to_json(&local);

	(void) state;
	assert_true(json_is_null(json_object_get(o, "name")));
	assert_string_equal(json_string_value(json_object_get(o, "hostname")),
			    "vm");
	assert_string_equal(json_string_value(json_object_get(
				    json_object_get(o, "server"), "address")),
			    "127.0.0.3");
	assert_int_equal(json_integer_value(json_object_get(
				 json_object_get(o, "server"), "port")),
			 8766);
	assert_true(json_is_null(json_object_get(l, "server")));
	assert_true(json_is_null(json_object_get(l, "name")));
	json_decref(o);
	json_decref(l);
}

static void test_line_is_one_line(void **state)
{
	json_t *doc = json_pack("{s:s, s:s, s:{s:i}}", "schema", STATS_SCHEMA,
				"error", "two\nlines", "counts", "fsyncs", 7);
	json_error_t err;
	char *line = stats_line(doc);
	const char *tag = STATS_LINE_TAG " ";
	json_t *back;

	(void) state;
	assert_non_null(line);
	assert_int_equal(strncmp(line, tag, strlen(tag)), 0);
	assert_ptr_equal(strchr(line, '\n'), line + strlen(line) - 1);
	back = json_loads(line + strlen(tag), JSON_DISABLE_EOF_CHECK, &err);
	assert_non_null(back);
	assert_true(json_equal(back, doc));
	json_decref(back);
	json_decref(doc);
	free(line);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_token_name_wins),
		cmocka_unit_test(test_token_server_address_and_port),
		cmocka_unit_test(test_token_is_file_name_safe),
		cmocka_unit_test(test_template_host),
		cmocka_unit_test(test_dash_writes_no_file),
		cmocka_unit_test(test_host_json),
		cmocka_unit_test(test_line_is_one_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

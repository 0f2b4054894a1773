/* SPDX-License-Identifier: MIT */
/*
 * run's host list (--hosts LIST or @FILE): the forms fio's client takes,
 * the errors said with the host and line, {host} in a path.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "runner/runner.h"
#include "util/util.h"

static void list_forms(void **state)
{
	struct fv_hostlist hl;
	struct fv_error e = { 0 };

	(void) state;
	assert_int_equal(fv_hosts_parse(&hl,
					"127.0.0.2, 127.0.0.3:9001,[::1]:9002,"
					"node-1.example,::1",
					&e),
			 0);
	assert_int_equal(hl.n, 5);
	assert_string_equal(hl.v[0].name, "127.0.0.2");
	assert_int_equal(hl.v[0].port, 8765);
	assert_string_equal(hl.v[0].fio_arg, "ip:127.0.0.2,8765");
	assert_string_equal(hl.v[1].name, "127.0.0.3:9001");
	assert_string_equal(hl.v[1].tag, "127.0.0.3-9001");
	assert_string_equal(hl.v[2].name, "[::1]:9002");
	assert_string_equal(hl.v[2].fio_arg, "ip6:::1,9002");
	assert_string_equal(hl.v[2].tag, "---1--9002");
	assert_string_equal(hl.v[3].fio_arg, "ip:node-1.example,8765");
	assert_true(hl.v[4].v6);
	assert_string_equal(hl.v[4].name, "::1");
	fv_hosts_free(&hl);
}

static void file_forms(void **state)
{
	const char *path = fvt_at("hosts.txt");
	const char text[] = "# the fleet\n\n127.0.0.2\n"
			    "ip:127.0.0.3,9001   # fio's spelling\n"
			    "  127.0.0.4,9002 FV_CAP=100 FV_SIZE=1g\n"
			    "ip6:::1,9003\n";
	struct fv_hostlist hl;
	struct fv_error e = { 0 };
	char arg[PATH_MAX + 2];

	(void) state;

	fvt_mkfile(path, text, sizeof(text) - 1);
	snprintf(arg, sizeof(arg), "@%s", path);
	assert_int_equal(fv_hosts_parse(&hl, arg, &e), 0);
	assert_int_equal(hl.n, 4);
	assert_string_equal(hl.v[1].name, "127.0.0.3:9001");
	assert_string_equal(hl.v[2].name, "127.0.0.4:9002");
	assert_int_equal(hl.v[2].nvars, 2);
	assert_string_equal(hl.v[2].vars[0].name, "FV_CAP");
	assert_string_equal(hl.v[2].vars[0].value, "100");
	assert_string_equal(hl.v[2].vars[1].value, "1g");
	assert_string_equal(hl.v[3].name, "[::1]:9003");
	fv_hosts_free(&hl);
}

/* --hosts arg is refused with want in its error, and no host kept. */
static void refused(const char *arg, const char *want)
{
	struct fv_hostlist hl;
	struct fv_error e = { 0 }; /* the first error set is kept */

	assert_int_equal(fv_hosts_parse(&hl, arg, &e), -EINVAL);
	if (!strstr(e.text, want))
		fail_msg("'%s': got '%s', want '%s'", arg, e.text, want);
	assert_int_equal(hl.n, 0);
}

static void list_errors(void **state)
{
	static const struct {
		const char *arg, *want;
	} bad[] = {
		{ "", "empty list" },
		{ "127.0.0.2,127.0.0.2:8765",
		  "entry 2: '127.0.0.2:8765' is "
		  "the same server as '127.0.0.2'" },
		{ "a,,b", "entry 2: an empty entry" },
		{ "127.0.0.300", "entry 1: '127.0.0.300' is not" },
		{ "bad host", "is not a host name" },
		{ "-a.example", "is not a host name" },
		{ "h:0", "the port must be a number from 1 to 65535" },
		{ "h:65536", "the port must be" },
		{ "h:12x", "the port must be" },
		{ "[::1", "an IPv6 address goes in brackets" },
		{ "[::1]9", "an IPv6 address goes in brackets" },
		{ "[zz::1]:9", "is not a host name" },
		{ "sock:/tmp/s", "unix socket" },
		{ "ip:127.0.0.2,8765", "fio's spelling ip:HOST,PORT is for" },
		{ "@/nonexistent/hosts", "cannot read @/nonexistent/hosts" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(bad); i++)
		refused(bad[i].arg, bad[i].want);
}

static void file_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "", "lists no host" },
		{ "# nothing\n\n", "lists no host" },
		{ "127.0.0.2\n127.0.0.2:8765\n", "line 2: '127.0.0.2:8765' is "
						 "the same server" },
		{ "127.0.0.2 cap=1 =3\n", "line 1: '=3': after the host, only "
					  "NAME=VALUE" },
		{ "127.0.0.2 1X=3\n", "only NAME=VALUE" },
		{ "127.0.0.2 word\n", "only NAME=VALUE" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(bad); i++) {
		FVT_HELD(path, "bad%zu.hosts", i);
		char arg[PATH_MAX + 2];

		fvt_mkfile(path, bad[i].text, strlen(bad[i].text));
		snprintf(arg, sizeof(arg), "@%s", path);
		refused(arg, bad[i].want);
	}
}

static void host_substitution(void **state)
{
	struct fv_hostlist hl;
	struct fv_error e = { 0 };
	char out[64];

	(void) state;
	assert_int_equal(fv_hosts_parse(&hl, "127.0.0.1:9001", &e), 0);
	assert_int_equal(
		fv_host_subst(&hl.v[0], "/d/fv-{host}.dat", out, sizeof(out)),
		0);
	assert_string_equal(out, "/d/fv-127.0.0.1-9001.dat");
	/* 24 characters: room for them and the NUL, not one byte less */
	assert_int_equal(fv_host_subst(&hl.v[0], "/d/fv-{host}.dat", out, 25),
			 0);
	assert_int_equal(fv_host_subst(&hl.v[0], "/d/fv-{host}.dat", out, 24),
			 -ENAMETOOLONG);
	assert_int_equal(fv_host_subst(&hl.v[0], "plain", out, 6), 0);
	assert_string_equal(out, "plain");
	assert_int_equal(
		fv_host_subst(&hl.v[0], "{host}{host}{host}{host}", out, 40),
		-ENAMETOOLONG);
	fv_hosts_free(&hl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(list_forms),
		cmocka_unit_test_setup_teardown(file_forms, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test(list_errors),
		cmocka_unit_test_setup_teardown(file_errors, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test(host_substitution),
	};

	return cmocka_run_group_tests_name("host list", tests, NULL, NULL);
}

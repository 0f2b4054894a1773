/* SPDX-License-Identifier: MIT */
/*
 * The text view in a real terminal: fioverdict under script(1), whose
 * pty is set to 80 and 100 columns (stty), and with COLUMNS. Every line
 * fits; nothing of the table is lost (each verdict and label the pipe
 * output has is there); the table that cannot fit at 80 becomes blocks.
 * To a pipe, one row per line as before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fvtest.h"
#include "util/exit_status.h"
#include "util/util.h"

static const char *bin(void)
{
	return fvt_env("FV_BIN", "build/postproc/fioverdict");
}

static const char *plan(void)
{
	return fvt_path("FV_FIXTURES", "tests/postproc/fixtures", "plan");
}

/*
 * The exit status of a command system(3) or pclose(3) waited for; -1 when
 * it did not run or did not exit (a signal), so that a run that failed is
 * never taken for its output.
 */
static int exit_status(int status)
{
	if (status == -1 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * Output of `fioverdict ARGS` on a pty of cols columns, without \r;
 * script -e exits with fioverdict's status, which must be @want.
 */
static char *in_terminal(int cols, const char *env, const char *args, int want)
{
	char cmd[4096], *buf = NULL;
	size_t len = 0, cap = 0;
	FILE *p;
	int c;

	snprintf(cmd, sizeof(cmd),
		 "script -qec 'stty cols %d rows 50; %s %s %s' /dev/null "
		 "</dev/null",
		 cols, env ? env : "", bin(), args);
	p = popen(cmd, "r");
	assert_non_null(p);
	while ((c = fgetc(p)) != EOF) {
		if (c == '\r')
			continue;
		if (len + 2 > cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		buf[len++] = (char) c;
	}
	assert_int_equal(exit_status(pclose(p)), want);
	if (!buf)
		buf = calloc(1, 1);
	buf[len] = '\0';
	return buf;
}

/* The widest line of s, in columns (UTF-8 characters). */
static size_t widest(const char *s)
{
	size_t best = 0, cur = 0;

	for (; *s; s++) {
		if (*s == '\n') {
			cur = 0;
			continue;
		}
		if (((unsigned char) *s & 0xc0) != 0x80 && ++cur > best)
			best = cur;
	}
	return best;
}

static bool have_script(void)
{
	return !system("command -v script >/dev/null 2>&1");
}

/* The verdicts, labels and jobs of want (all of them) are in got. */
static void same_words(const char *want, const char *got)
{
	const char *words[] = { "flush-unverified",
				"methodology",
				"Cache-D32ds_v4",
				"NVMe-D32ads_v7",
				"PremiumSSD",
				"sync_rw",
				"ran on" };

	/* each is in the pipe's output, so that none is checked in vain */
	for (size_t i = 0; i < FV_ARRAY_SIZE(words); i++) {
		if (!strstr(want, words[i]))
			fail_msg("%s not in the pipe's output\n%s", words[i],
				 want);
		if (!strstr(got, words[i]))
			fail_msg("%s lost in\n%s", words[i], got);
	}
}

static char *piped(const char *args, int want)
{
	char cmd[4096], *out;

	snprintf(cmd, sizeof(cmd), "%s %s > %s", bin(), args,
		 fvt_at("piped.txt"));
	assert_int_equal(exit_status(system(cmd)), want);
	out = fvt_slurp(fvt_at("piped.txt"), NULL);
	assert_non_null(out);
	return out;
}

static void test_fits_80_and_100(void **state)
{
	char args[2048], *pipe_out, *at80, *at100, *cols;

	(void) state;
	if (!have_script()) {
		fprintf(stderr, "SKIP: no script(1) (util-linux)\n");
		skip();
	}
	snprintf(args, sizeof(args), "verdict --mem 64g %s", plan());
	/* no --fail-on: the findings are shown, the status is 0 */
	pipe_out = piped(args, FV_EXIT_OK);
	at80 = in_terminal(80, NULL, args, FV_EXIT_OK);
	at100 = in_terminal(100, NULL, args, FV_EXIT_OK);
	cols = in_terminal(200, "COLUMNS=80", args, FV_EXIT_OK);
	/* the pipe keeps a row per line: wider than either terminal */
	assert_true(widest(pipe_out) > 100);
	assert_true(widest(at80) <= 80);
	assert_true(widest(at100) <= 100);
	assert_true(widest(cols) <= 80);
	same_words(pipe_out, at80);
	same_words(pipe_out, at100);
	/* at 80 the findings cannot fit as columns: a block each */
	fvt_has(at80, "\nVerdict: flush-unverified\n", "\nEvidence: ");
	/* at 100 they can, wrapped inside their columns */
	fvt_lacks(at100, "\nVerdict: ");
	fvt_has(at100, "\nLabel  ", "Evidence\n");
	free(pipe_out);
	free(at80);
	free(at100);
	free(cols);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			test_fits_80_and_100, fvt_tmp_setup, fvt_tmp_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

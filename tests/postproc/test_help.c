/* SPDX-License-Identifier: MIT */
/*
 * Each subcommand's options, from its own table: its --help lists every
 * one, fioverdict(1) documents every one, and an option that only another
 * subcommand takes is refused (64) with the name of the one that takes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd_int.h"
#include "fvtest.h"

/* "--fail-on" as troff writes it: "\-\-fail\-on". */
static void troff_name(char *buf, size_t len, const char *name)
{
	size_t n = (size_t) snprintf(buf, len, "\\-\\-");

	for (; *name && n + 3 < len; name++) {
		if (*name == '-')
			buf[n++] = '\\';
		buf[n++] = *name;
	}
	buf[n] = '\0';
}

/*
 * Does cmd take --name? GNU getopt also takes an unambiguous beginning
 * of a long option (--out for --output): those count too.
 */
static bool takes(const struct fv_command *cmd, const char *name)
{
	for (size_t t = 0; cmd->options[t]; t++)
		for (const struct fv_option *o = cmd->options[t]; o->name; o++)
			if (!strncmp(o->name, name, strlen(name)))
				return true;
	return false;
}

static void help_lists_every_option(void **state)
{
	(void) state;
	for (size_t i = 0; fv_commands[i]; i++) {
		const struct fv_command *cmd = fv_commands[i];
		char *out, *err, want[96];

		assert_int_equal(fvt_run(&out, &err, cmd->name, "--help", NULL),
				 0);
		for (size_t t = 0; cmd->options[t]; t++)
			for (const struct fv_option *o = cmd->options[t];
			     o->name; o++) {
				snprintf(want, sizeof(want), "--%s", o->name);
				if (!strstr(out, want))
					fail_msg("%s --help: no %s", cmd->name,
						 want);
			}
		free(out);
		free(err);
	}
}

/* Its widest line in columns (UTF-8: a character a column), or 0. */
static size_t widest(const char *text, size_t *line)
{
	size_t most = 0, cols = 0, n = 1;

	*line = 0;
	for (const char *p = text; *p; p++) {
		if (*p == '\n') {
			cols = 0;
			n++;
			continue;
		}
		if (((unsigned char) *p & 0xc0) != 0x80 && ++cols > most) {
			most = cols;
			*line = n;
		}
	}
	return most;
}

/* Every --help fits a terminal of 80 columns, fioverdict's own too. */
static void help_fits_80_columns(void **state)
{
	char *out, *err;
	size_t w, line;

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "--help", NULL), 0);
	if ((w = widest(out, &line)) > 79)
		fail_msg("fioverdict --help: line %zu is %zu columns", line, w);
	free(out);
	free(err);
	for (size_t i = 0; fv_commands[i]; i++) {
		assert_int_equal(fvt_run(&out, &err, fv_commands[i]->name,
					 "--help", NULL),
				 0);
		if ((w = widest(out, &line)) > 79)
			fail_msg("%s --help: line %zu is %zu columns",
				 fv_commands[i]->name, line, w);
		free(out);
		free(err);
	}
}

static void man_page_documents_every_option(void **state)
{
	const char *path = fvt_env("FV_MAN", "postproc/fioverdict.1");
	char *man = fvt_slurp(path, NULL), want[128];

	(void) state;
	assert_non_null(man);
	for (size_t i = 0; fv_commands[i]; i++) {
		const struct fv_command *cmd = fv_commands[i];

		for (size_t t = 0; cmd->options[t]; t++)
			for (const struct fv_option *o = cmd->options[t];
			     o->name; o++) {
				troff_name(want, sizeof(want), o->name);
				if (!strstr(man, want))
					fail_msg("%s: %s's option --%s is not "
						 "documented",
						 path, cmd->name, o->name);
			}
	}
	free(man);
}

/* Every option some subcommand takes, tried on every one that does not. */
static void foreign_options_refused(void **state)
{
	size_t tried = 0;

	(void) state;
	for (size_t i = 0; fv_commands[i]; i++)
		for (size_t k = 0; fv_commands[k]; k++) {
			const struct fv_command *a = fv_commands[i],
						*b = fv_commands[k];

			for (size_t t = 0; b->options[t]; t++)
				for (const struct fv_option *o = b->options[t];
				     o->name; o++) {
					char *out, *err, opt[96], hint[128];

					if (takes(a, o->name))
						continue;
					snprintf(opt, sizeof(opt), "--%s%s",
						 o->name, o->arg ? "=x" : "");
					assert_int_equal(
						fvt_run(&out, &err, a->name,
							opt, "x.json", NULL),
						64);
					snprintf(hint, sizeof(hint),
						 "unknown option '--%s'",
						 o->name);
					if (!strstr(err, hint))
						fail_msg("%s %s: %s", a->name,
							 opt, err);
					free(out);
					free(err);
					tried++;
				}
		}
	assert_true(tried > 50);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_lists_every_option),
		cmocka_unit_test(help_fits_80_columns),
		cmocka_unit_test(man_page_documents_every_option),
		cmocka_unit_test(foreign_options_refused),
	};

	return cmocka_run_group_tests_name("help", tests, NULL, NULL);
}

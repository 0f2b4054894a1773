/* SPDX-License-Identifier: MIT */
/* fioverdict SUBCOMMAND ...: the subcommands, and what comes before one. */
#include <string.h>

#include "cmd.h"
#include "cmd_int.h"

/* one a line */
/* clang-format off */
const struct fv_command *const fv_commands[] = {
	&fv_cmd_summary,
	&fv_cmd_compare,
	&fv_cmd_latency,
	&fv_cmd_scaling,
	&fv_cmd_sweep,
	&fv_cmd_verdict,
	&fv_cmd_hosts,
	&fv_cmd_timeline,
	&fv_cmd_diff,
	&fv_cmd_history,
	&fv_cmd_run,
	&fv_cmd_report,
	&fv_cmd_matrix,
	&fv_cmd_catalog,
	&fv_cmd_recommend,
	&fv_cmd_capture,
	&fv_cmd_replay,
	NULL,
};
/* clang-format on */

static void usage(FILE *out)
{
	fputs("Usage: fioverdict SUBCOMMAND [OPTION]... INPUT...\n", out);
	fv_help_wrap(
		out,
		"Compare disks, placements and VM sizes from their "
		"benchmark results: fio's JSON, json+ and normal text "
		"(client/server output too), DiskSpd's XML and text, "
		"CrystalDiskMark's text exports (INPUT: files, directories, "
		"- for stdin); print tables and verdicts.",
		0, 0);
	fputs("\nSubcommands:\n", out);
	for (size_t i = 0; fv_commands[i]; i++) {
		fprintf(out, "  %-9s ", fv_commands[i]->name);
		fv_help_wrap(out, fv_commands[i]->help, 12, 12);
	}
	fputs("\nOptions of the table subcommands, summary to diff (report "
	      "takes all but -f):\n",
	      out);
	for (const struct fv_option *o = fv_opts_format; o->name; o++)
		fv_option_help(out, o);
	for (const struct fv_option *o = fv_opts_common; o->name; o++)
		fv_option_help(out, o);
	fputs("  -V, --version          version\n"
	      "\n'fioverdict SUBCOMMAND --help' lists all the options of a "
	      "subcommand.\n\n",
	      out);
	fv_help_wrap(out,
		     "Exit status: 0 ok, 1 a --fail-on verdict occurred, 2 an "
		     "input could not be read or holds no result, 64 usage "
		     "error, 70 internal error, 73/74 output error. See "
		     "fioverdict(1).",
		     0, 0);
}

static int usage_error(FILE *err, const char *what, const char *arg)
{
	fprintf(err, "fioverdict: %s%s%s%s\nTry 'fioverdict --help'.\n", what,
		arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
	return FV_EXIT_USAGE;
}

int fv_main(int argc, char **argv, FILE *out, FILE *err)
{
	const char *name = argc > 1 ? argv[1] : NULL;

	if (!name)
		return usage_error(err, "missing subcommand", NULL);
	if (!strcmp(name, "--help") || !strcmp(name, "-h")) {
		usage(out);
		return FV_EXIT_OK;
	}
	if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
		fprintf(out, "fioverdict %s (report schema %s)\n", FV_VERSION,
			FV_REPORT_SCHEMA);
		return FV_EXIT_OK;
	}
	for (size_t i = 0; fv_commands[i]; i++)
		if (!strcmp(fv_commands[i]->name, name)) {
			struct fv_invocation inv = { .cmd = fv_commands[i],
						     .all = fv_commands,
						     .out = out,
						     .err = err };

			return inv.cmd->main(&inv, argc - 1, argv + 1);
		}
	return usage_error(err, "unknown subcommand", name);
}

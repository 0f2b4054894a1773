/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "run.h"
#include "run_int.h"
#include "suite.h"

enum { OPT_QUICK = 256, OPT_SIZE, OPT_CHECK, OPT_TABLES };

static const struct option run_opts[] = {
	{ "label", required_argument, NULL, 'l' },
	{ "target", required_argument, NULL, 't' },
	{ "out", required_argument, NULL, 'o' },
	{ "quick", no_argument, NULL, OPT_QUICK },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "engine-opt", required_argument, NULL, 'e' },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "tables", required_argument, NULL, OPT_TABLES },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void run_usage(FILE *out)
{
	fputs("Usage: fioverdict run JOBFILE --label NAME --target PATH "
	      "[OPTION]...\n"
	      "Run fio on JOBFILE against PATH and keep json+, logs and stats "
	      "files\nunder DIR/NAME/<timestamp>/; then print the tables and "
	      "verdicts.\n\n"
	      "  -l, --label NAME        the disk, placement or VM (letters, "
	      "digits, . + -)\n"
	      "  -t, --target PATH       file or device fio tests (FV_TARGET)\n"
	      "  -o, --out DIR           results directory (default results)\n"
	      "      --quick             the job file's quick values (also "
	      "FV_QUICK=1)\n"
	      "      --size SIZE         test size (FV_SIZE), e.g. 1g\n"
	      "  -e, --engine-opt K=V    engine option added to [global] "
	      "(repeatable)\n"
	      "      --check             check fio, engine, target and job "
	      "file; run nothing\n"
	      "      --tables LIST       tables printed at the end (default "
	      "summary,compare,\n"
	      "                          latency,sweep,verdict)\n"
	      "  -q, --quiet             errors only\n"
	      "  -h, --help              this help\n\n"
	      "The engine is uring_durable, found in $FV_ENGINE_DIR, the "
	      "build tree\nbeside this program, or <prefix>/lib/fioverdict; "
	      "FV_ENGINE overrides it.\n"
	      "Exit status: 0 ok, 1 reserved for verdicts, 2 results "
	      "unreadable,\n3 fio failed, 64 usage, 65 job file rejected by "
	      "fio, 66 job file or\ntarget unusable, 69 fio or engine not "
	      "found, 70 internal error, 73 the\nrun directory cannot be "
	      "created, 130 interrupted (what finished is kept).\n",
	      out);
}

static int usage(FILE *err, const char *msg, const char *arg)
{
	fprintf(err, "fioverdict run: %s%s%s\n", msg, arg ? ": " : "",
		arg ? arg : "");
	fputs("Try 'fioverdict run --help'.\n", err);
	return FV_EXIT_USAGE;
}

/*
 * The label becomes a directory and the first field of the json file
 * name (<label>_<jobfile>_<timestamp>.json), which the file-name label
 * rule splits at '_': keep it to characters that survive both.
 */
static bool label_ok(const char *s)
{
	if (!*s || *s == '.' || *s == '-' || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+-",
			    *s))
			return false;
	return true;
}

static int parse_tables(struct fv_run *r, const char *arg, FILE *err)
{
	char *save = NULL;
	size_t n = 0;

	if (strlen(arg) >= sizeof(r->tables_buf))
		return usage(err, "--tables: list too long", arg);
	memcpy(r->tables_buf, arg, strlen(arg) + 1);
	for (char *t = strtok_r(r->tables_buf, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (n + 1 == sizeof(r->tables) / sizeof(*r->tables) ||
		    !fv_analysis_find(t))
			return usage(err, "--tables: unknown table or too many",
				     t);
		r->tables[n++] = t;
	}
	r->tables[n] = NULL;
	return 0;
}

static int one(struct fv_run *r, int opt, char *arg, FILE *out, FILE *err,
	       bool *done)
{
	switch (opt) {
	case 'l':
		r->label = arg;
		return label_ok(arg) ? 0
				     : usage(err,
					     "--label: use letters, digits, "
					     "'.', '+' and '-' (no '_', "
					     "which splits file names)",
					     arg);
	case 't':
		r->target = arg;
		return 0;
	case 'o':
		r->outdir = arg;
		return 0;
	case OPT_QUICK:
		r->quick = true;
		return 0;
	case OPT_SIZE:
		r->size = arg;
		return 0;
	case 'e':
		if (r->neopts == FV_RUN_MAX_EOPTS || !strchr(arg, '=') ||
		    strchr(arg, '\n'))
			return usage(err,
				     "--engine-opt: expected KEY=VALUE "
				     "(at most 16)",
				     arg);
		r->eopts[r->neopts++] = arg;
		return 0;
	case OPT_TABLES:
		return parse_tables(r, arg, err);
	case OPT_CHECK:
		r->dry = true;
		return 0;
	case 'q':
		r->verbosity = -1;
		return 0;
	case 'v':
		r->verbosity = 1;
		return 0;
	case 'h':
		run_usage(out);
		*done = true;
		return 0;
	default:
		fputs("Try 'fioverdict run --help'.\n", err);
		return FV_EXIT_USAGE;
	}
}

int fv_run_parse(struct fv_run *r, int argc, char **argv, FILE *out, FILE *err,
		 bool *done)
{
	const char *q = getenv("FV_QUICK");
	int opt, ret;

	memset(r, 0, sizeof(*r));
	r->outdir = "results";
	for (size_t i = 0; fv_suite_tables[i]; i++)
		r->tables[i] = fv_suite_tables[i];
	r->quick = q && *q && strcmp(q, "0");
	*done = false;
	optind = 0;
	opterr = 1;
	while ((opt = getopt_long(argc, argv, "l:t:o:e:qvh", run_opts, NULL)) !=
	       -1) {
		ret = one(r, opt, optarg, out, err, done);
		if (ret || *done)
			return ret;
	}
	if (optind != argc - 1)
		return usage(err,
			     optind < argc ? "one JOBFILE expected"
					   : "missing JOBFILE",
			     NULL);
	r->jobfile = argv[optind];
	if (!r->label)
		return usage(err, "--label NAME is required", NULL);
	if (!r->target)
		return usage(err, "--target PATH is required", NULL);
	return 0;
}

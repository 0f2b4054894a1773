/* SPDX-License-Identifier: MIT */
/*
 * fioverdict run JOBFILE --label NAME --target PATH: check, run fio (the
 * steps are runner/'s), keep the results, print the tables.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_int.h"
#include "runner/runner.h"
#include "util/util.h"

struct run_opts {
	struct fv_run r;
	const char *hosts;     /* --hosts LIST */
	const char *tables[8]; /* --tables: shown at the end, NULL-ended */
	char tables_buf[256];
	bool list;  /* --list: the job files found by name, nothing runs */
	int repeat; /* --repeat N: runs, one directory each */
	/* A second --label and --target: its runs interleaved (A B A B). */
	struct fv_run r2;
	const char *label2, *target2;
};

/*
 * The label becomes a directory and the first field of the json file
 * name (<label>_<jobfile>_<timestamp>.json), which the file-name label
 * rule splits at '_': keep it to characters that survive both.
 */
bool fv_run_label_ok(const char *s)
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

static int set_label(struct fv_cmdline *c, const struct fv_option *o,
		     const char *arg)
{
	struct run_opts *ro = c->own;

	(void) o;
	if (ro->label2)
		return fv_usage_error(c, "%s", "--label: two at most");
	if (ro->r.label)
		ro->label2 = arg;
	else
		ro->r.label = arg;
	if (fv_run_label_ok(arg))
		return 0;
	return fv_usage_error(c,
			      "--label: use letters, digits, '.', '+' and '-' "
			      "(no '_', which splits file names): %s",
			      arg);
}

/* The first --target is the first label's, a second the second's. */
static int set_target(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	struct run_opts *ro = c->own;

	(void) o;
	if (ro->target2 || (ro->r.target && !ro->label2))
		return fv_usage_error(c, "%s",
				      "--target: one per --label, given after "
				      "it");
	if (ro->r.target)
		ro->target2 = arg;
	else
		ro->r.target = arg;
	return 0;
}

static int set_engine_opt(struct fv_cmdline *c, const struct fv_option *o,
			  const char *arg)
{
	struct run_opts *ro = c->own;

	(void) o;
	if (ro->r.neopts == FV_RUN_MAX_EOPTS || !strchr(arg, '=') ||
	    strchr(arg, '\n'))
		return fv_usage_error(c,
				      "--engine-opt: expected KEY=VALUE (at "
				      "most 16): %s",
				      arg);
	ro->r.eopts[ro->r.neopts++] = arg;
	return 0;
}

static int set_tables(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	struct run_opts *ro = c->own;
	char *save = NULL;
	size_t n = 0;

	(void) o;
	if (strlen(arg) >= sizeof(ro->tables_buf))
		return fv_usage_error(c, "--tables: list too long: %s", arg);
	memcpy(ro->tables_buf, arg, strlen(arg) + 1);
	for (char *t = strtok_r(ro->tables_buf, ",", &save); t;
	     t = strtok_r(NULL, ",", &save)) {
		if (n + 1 == FV_ARRAY_SIZE(ro->tables) || !fv_suite_has(t))
			return fv_usage_error(c,
					      "--tables: unknown table or too "
					      "many: %s",
					      t);
		ro->tables[n++] = t;
	}
	ro->tables[n] = NULL;
	return 0;
}

static int set_hosts(struct fv_cmdline *c, const struct fv_option *o,
		     const char *arg)
{
	struct run_opts *ro = c->own;
	struct fv_error e = { 0 };
	int ret;

	(void) o;
	fv_hosts_free(&ro->r.hosts);
	ro->hosts = arg;
	ret = fv_hosts_parse(&ro->r.hosts, arg, &e);
	if (ret == -ENOMEM)
		return FV_EXIT_SOFTWARE;
	return ret ? fv_usage_error(c, "%s", e.text) : 0;
}

static int set_verbosity(struct fv_cmdline *c, const struct fv_option *o,
			 const char *arg)
{
	(void) arg;
	c->verbosity = o->short_name == 'q' ? -1 : 1;
	return 0;
}

FV_OPT_FIELD(at_r_outdir, const char *, struct run_opts, r.outdir)
FV_OPT_FIELD(at_r_quick, bool, struct run_opts, r.quick)
FV_OPT_FIELD(at_r_size, const char *, struct run_opts, r.size)
FV_OPT_FIELD(at_r_dry, bool, struct run_opts, r.dry)
FV_OPT_FIELD(at_repeat, int, struct run_opts, repeat)
FV_OPT_FIELD(at_list, bool, struct run_opts, list)

static const struct fv_option run_opts[] = {
	FV_OPT("label", 'l', "NAME",
	       "the disk, placement or VM (letters, digits, . + -)", set_label),
	FV_OPT("target", 't', "PATH",
	       "file or device fio tests (FV_TARGET); a\nsecond --label and "
	       "--target: its runs interleaved",
	       set_target),
	FV_OPT_STRING("out", 'o', "DIR", "results directory (default results)",
		      at_r_outdir),
	FV_OPT_BOOL("quick", 0, "the job file's quick values (also FV_QUICK=1)",
		    at_r_quick),
	FV_OPT_STRING("size", 0, "SIZE", "test size (FV_SIZE), e.g. 1g",
		      at_r_size),
	FV_OPT("engine-opt", 'e', "K=V",
	       "engine option added to [global] "
	       "(repeatable)",
	       set_engine_opt),
	FV_OPT_BOOL("check", 0,
		    "check fio, engine, target and job file; run\nnothing",
		    at_r_dry),
	FV_OPT_INT("repeat", 0, "N",
		   "run it N times, one directory each, the tables\nafter the "
		   "last [1]",
		   at_repeat, 1),
	FV_OPT("hosts", 0, "LIST",
	       "run on these fio servers at once (fio --client):\n"
	       "host[:port],... or @FILE; see SECURITY",
	       set_hosts),
	FV_OPT("tables", 0, "LIST",
	       "tables printed at the end (default summary,\ncompare,latency,"
	       "sweep,verdict)",
	       set_tables),
	FV_OPT_BOOL("list", 0,
		    "list the job files found by name, and where;\nrun nothing",
		    at_list),
	FV_OPT("quiet", 'q', NULL, "errors only", set_verbosity),
	FV_OPT("verbose", 'v', NULL, "also notes", set_verbosity),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static int parse(struct fv_cmdline *c, int argc, char **argv)
{
	struct run_opts *ro = c->own;
	const char *q = getenv("FV_QUICK");
	int ret;

	ro->r.outdir = "results";
	ro->repeat = 1;
	for (size_t i = 0; fv_suite_tables[i]; i++)
		ro->tables[i] = fv_suite_tables[i];
	ro->r.quick = q && *q && strcmp(q, "0");
	ret = fv_cmdline_parse(c, argc, argv);
	if (ret || c->done)
		return ret;
	if (ro->list)
		return c->ninputs ? fv_usage_error(c, "%s",
						   "--list takes no JOBFILE")
				  : 0;
	if (c->ninputs != 1)
		return fv_usage_error(c, "%s",
				      c->ninputs ? "one JOBFILE expected"
						 : "missing JOBFILE");
	ro->r.jobfile = c->inputs[0];
	if (!ro->r.label)
		return fv_usage_error(c, "%s", "--label NAME is required");
	if (!ro->r.target)
		return fv_usage_error(c, "%s", "--target PATH is required");
	ro->r.skus = c->sku_specs.v;
	ro->r.nskus = c->sku_specs.n;
	ro->r.paths = c->path_specs.v;
	ro->r.npaths = c->path_specs.n;
	if (ro->label2 && (!strcmp(ro->label2, ro->r.label) || ro->r.hosts.n))
		return fv_usage_error(c, "%s",
				      "a second --label: another name, and "
				      "no --hosts");
	if (ro->label2) {
		/* The same run but for its label and target. */
		ro->r2 = ro->r;
		ro->r2.label = ro->label2;
		ro->r2.target = ro->target2 ? ro->target2 : ro->r.target;
	}
	return fv_skus_resolve(c);
}

/* The tables and verdicts of this run, as text. */
static int print_tables(const struct fv_cmdline *c, const struct run_opts *ro,
			const struct fv_run *r)
{
	struct fv_suite_dir dir = { .label = r->label, .dir = r->dir };
	struct fv_pctlist show, compute;

	fv_pctlist_default(&show);
	compute = show;
	fv_pctlist_add(&compute, 99.9);
	return fv_suite_print(c, "run", &dir, 1, ro->tables, &show, &compute);
}

/* Run i (from 0) of --repeat's; the tables after the last. */
static int execute(const struct fv_cmdline *c, struct run_opts *ro,
		   struct fv_run *r, int i)
{
	struct fv_error e = { 0 };
	int ret, status = FV_EXIT_OK;

	if (r->hosts.n && fv_hosts_write_jobfiles(r, &e))
		return fv_run_say(c->err, -1, NULL, &e);
	fprintf(c->out, "fioverdict run: %s on %s as '%s'%s", r->jobfile,
		r->target, r->label, r->quick ? " (quick)" : "");
	if (r->hosts.n)
		fprintf(c->out, " on %zu hosts", r->hosts.n);
	if (ro->repeat > 1)
		fprintf(c->out, " (run %d of %d)", i + 1, ro->repeat);
	fprintf(c->out, " -> %s\n", r->dir);
	ret = fv_run_execute(r, "fioverdict run", c->out, c->err);
	if (ret == FV_EXIT_INTERRUPTED)
		fprintf(c->err,
			"fioverdict run: interrupted; the jobs that "
			"finished are kept in %s\n",
			r->dir);
	if (i + 1 == ro->repeat)
		status = print_tables(c, ro, r);
	fprintf(c->out, "results: %s\n", r->dir);
	return ret ? ret : status;
}

static int run_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct fv_error e = { 0 }; /* a step that failed ends the run */
	struct fv_diags d = { 0 };
	struct fv_cmdline c;
	int ret = fv_cmdline_start(&c, inv, sizeof(struct run_opts), parse,
				   argc, argv);
	struct run_opts *ro = c.own;

	if (!ret && !c.done && ro->list) {
		ret = fv_run_say(c.err, fv_run_list_jobfiles(c.out, &e), NULL,
				 &e);
		c.done = true;
	}
	if (!ret && !c.done)
		ret = fv_run_say(c.err, fv_run_preflight(&ro->r, &d, &e), &d,
				 &e);
	if (!ret && !c.done && ro->label2)
		ret = fv_run_say(c.err, fv_run_preflight(&ro->r2, &d, &e), &d,
				 &e);
	if (!ret && !c.done)
		ret = fv_run_say(c.err, fv_run_prepare(&ro->r, &e), NULL, &e);
	if (!ret && !c.done && ro->r.dry) {
		fprintf(c.out,
			"fioverdict run: checks passed (job file %s, fio %s, "
			"engine %s, target %s",
			ro->r.jobfile, ro->r.fio, ro->r.engine, ro->r.target);
		if (ro->r.hosts.n)
			fprintf(c.out, ", %zu hosts, each with fio %s",
				ro->r.hosts.n, ro->r.hosts.v[0].server_fio);
		fputs(")\n", c.out);
		fv_run_discard_dir(&ro->r);
		c.done = true;
	}
	/*
	 * Each run in a directory of its own, made as it starts; two labels
	 * take turns (A B A B), so that the machine's drift hits both alike.
	 * Whole runs, not job by job: a suite's jobs build on those before
	 * them (the fill before the steady write, stonewalls), which fio
	 * runs of one section each would lose.
	 */
	for (int i = 0; !ret && !c.done && i < ro->repeat; i++) {
		if (i)
			ret = fv_run_say(c.err, fv_run_prepare(&ro->r, &e),
					 NULL, &e);
		if (!ret)
			ret = execute(&c, ro, &ro->r, i);
		if (!ret && ro->label2)
			ret = fv_run_say(c.err, fv_run_prepare(&ro->r2, &e),
					 NULL, &e);
		if (!ret && ro->label2)
			ret = execute(&c, ro, &ro->r2, i);
	}
	if (ro)
		fv_hosts_free(&ro->r.hosts);
	fv_cmdline_free(&c);
	return ret;
}

const struct fv_command fv_cmd_run = {
	.name = "run",
	.help = "run fio on a job file, keep the results, print tables",
	.synopsis = "run JOBFILE --label NAME --target PATH [OPTION]...",
	.after =
		"Keeps the job file as run, fio's json+, logs and the engines' "
		"stats files under\nDIR/NAME/<timestamp>/, then prints the "
		"tables and verdicts; with --repeat N,\nN runs one after "
		"another, each in its own directory: diff takes them\nas a "
		"sample (--baseline DIR/NAME). A second --label and --target: "
		"the two\ntake turns, run by run (A B A B).\nJOBFILE is a "
		"path, or a name "
		"(placement) found as NAME.fio in $FV_JOBFILE_DIR,\nthe build "
		"tree's jobfiles beside this program, or\n"
		"<prefix>/share/fioverdict/jobfiles; --list shows them.\n"
		"The engine is uring_durable, found in $FV_ENGINE_DIR, the "
		"build tree beside\nthis program, or <prefix>/lib/fioverdict; "
		"FV_ENGINE overrides it.\nWith --hosts, every host at once "
		"through fio --client, after checking\neach (fioverdict(1), "
		"SEVERAL HOSTS).\n"
		"Exit status: 0 ok, 1 reserved for verdicts, 2 results "
		"unreadable,\n3 fio failed, 64 usage, 65 job file rejected by "
		"fio, 66 job file or\ntarget unusable, 69 fio or engine not "
		"found, 70 internal error, 73 the\nrun directory cannot be "
		"created, 130 interrupted (what finished is kept).\n",
	.options = (const struct fv_option *const[]){ run_opts, fv_opts_sku,
						      fv_opts_catalog, NULL },
	.main = run_main,
};

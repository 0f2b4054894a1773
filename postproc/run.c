/* SPDX-License-Identifier: MIT */
/* fioverdict run: check, run fio, keep the results, print the tables. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "render.h"
#include "run.h"
#include "run_int.h"
#include "suite.h"
#include "verdict.h"

/* Everything that can be checked before a run directory exists. */
static int preflight(struct fv_run *r, FILE *err)
{
	int ret = fv_run_find_fio(r, err);

	if (!ret)
		ret = fv_run_find_engine(r, err);
	if (!ret)
		ret = fv_run_check_target(r, err);
	if (!ret)
		ret = fv_run_read_vars(r, err);
	return ret;
}

/* A run whose job file fio rejects leaves no directory behind. */
static void discard_dir(const struct fv_run *r)
{
	unlink(r->jobcopy);
	rmdir(r->dir);
}

static int prepare(struct fv_run *r, FILE *err)
{
	int ret = fv_run_make_dir(r, err);

	if (!ret)
		ret = fv_run_write_jobfile(r, err);
	if (!ret)
		ret = fv_run_parse_only(r, err);
	if (ret && r->dir[0])
		discard_dir(r);
	return ret;
}

/* The tables and verdicts of this run, as text. */
static int print_tables(const struct fv_run *r, FILE *out, FILE *err)
{
	struct fv_label_rule rule = { 0 };
	char spec[4400], *paths[] = { (char *) r->dir };
	struct fv_pctlist pl;
	struct fv_set set;
	struct fv_report rep = { .command = "run" };
	struct fv_aopts ao = { .lat = FV_CLAT,
			       .of_role = FV_ROLE_STEADY,
			       .of_dir = FV_DIR_WRITE };
	struct fv_vopts vo;
	int ret;

	snprintf(spec, sizeof(spec), "%s=%s", r->label, r->dir);
	if (fv_label_rule_parse(&rule, spec))
		return FV_EXIT_SOFTWARE;
	fv_pctlist_default(&pl);
	ao.show = &pl;
	fv_set_init(&set, &pl);
	fv_pctlist_add(&set.pcts, 99.9);
	ret = fv_suite_load(&set, &(struct fv_suite_in){ .paths = paths,
							 .npaths = 1,
							 .labels = &rule,
							 .nlabels = 1 });
	fv_vopts_init(&vo);
	ao.verdict = &vo;
	if (!ret)
		ret = fv_suite_logs(&vo.ts, &set);
	rep.diags = &set.diags;
	rep.pcts = &pl;
	rep.ninputs = set.ninputs;
	if (!ret)
		ret = fv_suite_analyse(&set, &ao, r->tables, &rep);
	fv_diag_print(&set.diags, err,
		      r->verbosity < 0 ? FV_ERROR : FV_WARNING);
	if (!ret)
		ret = fv_render_text.render(out, &rep);
	ret = ret		  ? FV_EXIT_SOFTWARE
	      : set.diags.nerrors ? FV_EXIT_INPUT
				  : FV_EXIT_OK;
	fv_report_free(&rep);
	fv_vopts_free(&vo);
	fv_set_free(&set);
	fv_label_rule_free(&rule);
	return ret;
}

static int execute(struct fv_run *r, FILE *out, FILE *err)
{
	bool interrupted = false;
	int fio_status, status;

	fprintf(out, "fioverdict run: %s on %s as '%s'%s -> %s\n", r->jobfile,
		r->target, r->label, r->quick ? " (quick)" : "", r->dir);
	fv_run_manifest(r, "running", err);
	fio_status = fv_run_fio(r, &interrupted, err);
	fputc('\n', out);
	if (interrupted)
		fprintf(err,
			"fioverdict run: interrupted; the jobs that "
			"finished are kept in %s\n",
			r->dir);
	else if (fio_status)
		fprintf(err, "fioverdict run: fio exited with status %d\n",
			fio_status);
	fv_run_manifest(r,
			interrupted  ? "interrupted"
			: fio_status ? "fio failed"
				     : "done",
			err);
	status = print_tables(r, out, err);
	fprintf(out, "results: %s\n", r->dir);
	if (interrupted)
		return FV_RUN_INTERRUPTED;
	if (fio_status)
		return FV_RUN_FIO_FAILED;
	return status;
}

int fv_run_main(int argc, char **argv, FILE *out, FILE *err)
{
	struct fv_run *r = calloc(1, sizeof(*r));
	bool done;
	int ret;

	if (!r)
		return FV_EXIT_SOFTWARE;
	ret = fv_run_parse(r, argc, argv, out, err, &done);
	if (!ret && !done)
		ret = preflight(r, err);
	if (!ret && !done)
		ret = prepare(r, err);
	if (!ret && !done && r->dry) {
		fprintf(out,
			"fioverdict run: checks passed (fio %s, engine "
			"%s, target %s)\n",
			r->fio, r->engine, r->target);
		discard_dir(r);
		done = true;
	}
	if (!ret && !done)
		ret = execute(r, out, err);
	free(r);
	return ret;
}

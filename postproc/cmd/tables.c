/* SPDX-License-Identifier: MIT */
/*
 * A table subcommand from its parsed command line to its exit status:
 * load and annotate, the logs and the baseline when it reads them,
 * analyse, render.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/* Bins are gone after ingest: compute now all that any table shows. */
void fv_compute_pcts(struct fv_pctlist *pl, const struct fv_cmdline *c)
{
	*pl = c->show;
	fv_pctlist_add(pl, 99); /* sync P99, sweep P99 */
	for (size_t i = 0; i < c->ao.nmetrics; i++) {
		struct fv_metric m;

		/* checked when the option was given */
		if (!fv_metric_parse(&m, c->ao.metrics[i]) &&
		    m.what == FV_M_PCT)
			fv_pctlist_add(pl, m.p);
	}
	if (!c->ao.nmetrics)
		fv_pctlist_add(pl, 99.9); /* scaling's default metrics */
	for (size_t i = 0; i < c->ao.nmmetrics; i++) {
		struct fv_mmetric m;

		if (!fv_matrix_metric_parse(&m, c->ao.mmetrics[i]) &&
		    m.what == FV_MM_PCT)
			fv_pctlist_add(pl, m.p);
	}
	fv_pctlist_add(pl, 50); /* verdicts: flush, tail */
	fv_pctlist_add(pl, 99.9);
}

int fv_split_logs(struct fv_tables *x)
{
	struct fv_cmdline *c = x->c;
	size_t keep = 0, nlogs = 0;
	char **logs = calloc(c->ninputs + 1, sizeof(*logs));

	if (!logs)
		return FV_EXIT_SOFTWARE;
	for (size_t i = 0; i < c->ninputs; i++) {
		if (fv_log_named(c->inputs[i]))
			logs[nlogs++] = c->inputs[i];
		else
			c->inputs[keep++] = c->inputs[i];
	}
	/* argv keeps them all: the logs after the results. */
	memcpy(c->inputs + keep, logs, nlogs * sizeof(*logs));
	free(logs);
	x->srcs.files = c->inputs + keep;
	x->srcs.nfiles = nlogs;
	c->ninputs = keep;
	if (nlogs && !keep)
		return fv_usage_error(c, "%s",
				      "logs need the fio results they belong "
				      "to (the JSON files)");
	return 0;
}

/* diff --baseline PATH...: loaded and annotated as the results are. */
static int load_baseline(struct fv_tables *x, const struct fv_load_opts *lo)
{
	struct fv_set *set = x->set;
	struct fv_load_opts blo = *lo;
	int ret;

	x->base = calloc(1, sizeof(*x->base));
	if (!x->base)
		return -ENOMEM;
	fv_set_init(x->base, &set->pcts);
	blo.paths = x->baselines;
	blo.npaths = x->nbaselines;
	ret = fv_ingest_paths(x->base, x->baselines, x->nbaselines);
	if (!ret)
		ret = fv_annotate(x->base, &blo);
	/* Their noise is read from the logs beside them. */
	if (!ret && x->want_logs)
		ret = fv_logs_load(&x->base_logs, x->base, NULL);
	/* The baseline's problems are the user's too. */
	for (size_t i = 0; !ret && i < x->base->diags.n; i++) {
		const struct fv_diag *d = &x->base->diags.v[i];

		ret = fv_diag_add(&set->diags, d->severity, d->file, d->line,
				  d->column, "%s", d->message);
	}
	if (!ret && !x->base->njobs)
		ret = fv_diag_add(&set->diags, FV_WARNING, x->baselines[0], 0,
				  0, "no results in the baseline");
	return ret;
}

static int load(struct fv_tables *x)
{
	struct fv_cmdline *c = x->c;
	struct fv_load_opts lo = fv_load_opts_of(c);
	enum fv_runs rule = x->every_run ? FV_RUNS_KEEP : c->runs;
	int ret = fv_ingest_paths(x->set, c->inputs, c->ninputs);

	lo.runs_labels_aside = x->runs_labels_aside;
	if (!ret)
		ret = fv_annotate(x->set, &lo);
	if (!ret && x->want_logs)
		ret = fv_logs_load(&x->logs, x->set, &x->srcs);
	if (!ret && x->nbaselines)
		ret = load_baseline(x, &lo);
	if (!ret && x->set->ninputs)
		ret = fv_label_rules_check(x->set, x->base, c->labels,
					   c->nlabels, &x->set->diags);
	if (!ret)
		ret = fv_select_runs(x->set, rule);
	if (!ret && x->base)
		ret = fv_select_runs(x->base, rule);
	if (!ret)
		ret = fv_no_results(x->set);
	return ret;
}

static int render(const struct fv_cmdline *c, const struct fv_report *rep)
{
	struct fv_output o;
	int ret = fv_output_open(&o, c->output, c->out, c->err);

	if (ret)
		return ret;
	return fv_output_close(&o, c->format->render(o.f, rep), c->err);
}

static int status_of(int ret, const struct fv_tables *x, struct fv_report *rep)
{
	if (ret == -EINVAL)
		return FV_EXIT_USAGE;
	if (ret) {
		fputs("fioverdict: out of memory\n", x->c->err);
		return FV_EXIT_SOFTWARE;
	}
	/*
	 * No result read: no table (the errors say why; an empty one would
	 * not); json and junit still write their document, without one.
	 */
	if (!x->set->ninputs && !x->c->format->document)
		return FV_EXIT_INPUT;
	if (!x->set->ninputs)
		fv_report_free(rep);
	ret = render(x->c, rep);
	if (ret == FV_EXIT_OK && x->set->diags.nerrors)
		return FV_EXIT_INPUT;
	if (ret == FV_EXIT_OK && x->failed)
		return FV_EXIT_VERDICT; /* --fail-on */
	return ret;
}

int fv_tables_main(struct fv_tables *x)
{
	struct fv_cmdline *c = x->c;
	struct fv_pctlist compute;
	struct fv_set set;
	struct fv_report rep = { .command = c->command, .pcts = &c->show };
	int ret, status;

	fv_compute_pcts(&compute, c);
	fv_set_init(&set, &compute);
	x->set = &set;
	ret = load(x);
	rep.diags = &set.diags;
	rep.ninputs = set.ninputs;
	if (!ret)
		ret = x->analyse(x, &rep);
	if (!ret)
		ret = fv_select_notes(&set, &rep);
	if (!ret)
		ret = fv_provenance_notes(&set, NULL, &rep);
	if (!ret && x->base)
		ret = fv_provenance_notes(x->base, "baseline ran", &rep);
	fv_print_diags(&set.diags, c->verbosity, c->err);
	status = status_of(ret, x, &rep);
	fv_report_free(&rep);
	fv_logset_free(&x->logs);
	fv_logset_free(&x->base_logs);
	if (x->base) {
		fv_set_free(x->base);
		free(x->base);
	}
	fv_set_free(&set);
	return status;
}

int fv_tables_parse(struct fv_tables *x, int argc, char **argv)
{
	struct fv_cmdline *c = x->c;
	int ret = fv_cmdline_parse(c, argc, argv);

	if (ret || c->done)
		return ret;
	if (x->want_logs && (ret = fv_split_logs(x)))
		return ret;
	if (!c->ninputs)
		return fv_usage_error(c, "%s",
				      "no input given (a file, a "
				      "directory, or - for stdin)");
	if (x->needs_baseline && !x->nbaselines)
		return fv_usage_error(c, "%s",
				      "--baseline PATH is required: the "
				      "results NEW is compared against");
	return fv_skus_resolve(c);
}

int fv_tables_run(const struct fv_invocation *inv, struct fv_tables *x,
		  int argc, char **argv)
{
	struct fv_cmdline c;
	int status;

	fv_cmdline_init(&c, inv);
	fv_vopts_init(&x->vo);
	x->c = &c;
	c.own = x;
	status = fv_tables_parse(x, argc, argv);
	x->vo.skus = c.ao.skus;
	if (!status && !c.done)
		status = fv_tables_main(x);
	fv_vopts_free(&x->vo);
	free(x->log_dirs);
	free(x->baselines);
	fv_cmdline_free(&c);
	return status;
}

int fv_analyse_table(struct fv_tables *x, struct fv_report *rep)
{
	const struct fv_analysis *a = x->ctx;

	return a->run(x->set, &x->c->ao, rep, &x->set->diags);
}

int fv_tables_cmd_main(const struct fv_invocation *inv, int argc, char **argv)
{
	const struct fv_command *cmd = inv->cmd;
	struct fv_tables x = { .analyse = fv_analyse_table,
			       .ctx = cmd->analysis };

	if (cmd->tables)
		x = *cmd->tables;
	return fv_tables_run(inv, &x, argc, argv);
}

int fv_set_logs(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg)
{
	struct fv_tables *x = c->own;
	int ret = fv_push_path(&x->log_dirs, &x->nlog_dirs, &x->alloc_log_dirs,
			       arg);

	(void) o;
	x->srcs.dirs = x->log_dirs;
	x->srcs.ndirs = x->nlog_dirs;
	return ret;
}

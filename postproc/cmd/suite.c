/* SPDX-License-Identifier: MIT */
/*
 * The tables of a suite of runs, shared by `fioverdict run` (text at the
 * end of a run) and `fioverdict report` (HTML): the inputs loaded and
 * annotated as the table subcommands do, their logs, then several tables
 * into one report, the verdicts with their default thresholds.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/* sku: a table only with --sku. */
const char *const fv_suite_tables[] = {
	"summary", "compare", "sku",	 "latency", "sweep",
	"replay",  "hosts",   "verdict", NULL,
};

const char *const fv_report_tables[] = {
	"summary", "compare", "sku",   "latency", "sweep",
	"replay",  "matrix",  "hosts", "verdict", NULL,
};

static const struct fv_analysis *const analyses[] = {
	&fv_an_summary, &fv_an_compare, &fv_an_latency,
	&fv_an_scaling, &fv_an_sweep,	&fv_an_sku,
	&fv_an_matrix,	&fv_an_replay,	NULL,
};

static const struct fv_analysis *analysis_of(const char *name)
{
	for (size_t i = 0; analyses[i]; i++)
		if (!strcmp(analyses[i]->name, name))
			return analyses[i];
	return NULL;
}

bool fv_suite_has(const char *name)
{
	return analysis_of(name) || !strcmp(name, "verdict") ||
	       !strcmp(name, "hosts");
}

void fv_suite_init(struct fv_suite *s, const struct fv_pctlist *show,
		   const struct fv_pctlist *compute)
{
	memset(s, 0, sizeof(*s));
	fv_set_init(&s->set, compute);
	fv_aopts_init(&s->ao, show);
	fv_vopts_init(&s->vo);
}

void fv_suite_free(struct fv_suite *s)
{
	fv_logset_free(&s->logs);
	fv_vopts_free(&s->vo);
	fv_set_free(&s->set);
}

static bool has_role(const struct fv_set *set, enum fv_role role)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i]->role == role)
			return true;
	return false;
}

/* Client output: results of fio's servers, host by host. */
static bool has_hosts(const struct fv_set *set)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i]->host)
			return true;
	return false;
}

/*
 * One table by name; "sweep" only when some job is part of a sweep,
 * "replay" when some replayed a trace, "hosts" when some came from fio's
 * servers.
 */
static int add_table(struct fv_suite *s, const char *name,
		     struct fv_report *rep)
{
	const struct fv_analysis *a = analysis_of(name);
	struct fv_verdict_in in = { .set = &s->set,
				    .logs = &s->logs,
				    .ao = &s->ao,
				    .o = &s->vo,
				    .diags = &s->set.diags };

	if (!strcmp(name, "sweep") && !has_role(&s->set, FV_ROLE_SCALING))
		return 0;
	if (!strcmp(name, "replay") && !fv_set_has_replay(&s->set))
		return 0;
	if (!strcmp(name, "hosts"))
		return has_hosts(&s->set) ? fv_hosts_table(&in, rep, &s->failed)
					  : 0;
	if (a)
		return a->run(&s->set, &s->ao, rep, &s->set.diags);
	return fv_verdicts(&in, rep, &s->failed);
}

int fv_suite_run(struct fv_suite *s, const struct fv_load_opts *in,
		 const char *const *names, struct fv_report *rep)
{
	int ret = fv_load_annotated(&s->set, in);

	if (!ret)
		ret = fv_logs_load(&s->logs, &s->set, NULL);
	if (!ret && s->set.ninputs)
		ret = fv_label_rules_check(&s->set, NULL, in->labels,
					   in->nlabels, &s->set.diags);
	if (!ret)
		ret = fv_select_runs(&s->set, s->runs);
	rep->diags = &s->set.diags;
	rep->ninputs = s->set.ninputs;
	for (size_t i = 0; names[i] && !ret; i++)
		ret = add_table(s, names[i], rep);
	if (!ret)
		ret = fv_select_notes(&s->set, rep);
	if (!ret)
		ret = fv_provenance_notes(&s->set, NULL, rep);
	return ret;
}

/* Each run directory its label, as "LABEL=DIR" on the command line says. */
static int dir_rules(struct fv_label_rule *rules, char **paths,
		     const struct fv_suite_dir *dirs, size_t n)
{
	char spec[4400];

	for (size_t i = 0; i < n; i++) {
		snprintf(spec, sizeof(spec), "%s=%s", dirs[i].label,
			 dirs[i].dir);
		paths[i] = (char *) dirs[i].dir;
		if (fv_label_rule_parse(&rules[i], spec))
			return -ENOMEM;
	}
	return 0;
}

int fv_suite_print(const struct fv_cmdline *c, const char *command,
		   const struct fv_suite_dir *dirs, size_t n,
		   const char *const *tables, const struct fv_pctlist *show,
		   const struct fv_pctlist *compute)
{
	struct fv_label_rule *rules = calloc(n ? n : 1, sizeof(*rules));
	char **paths = calloc(n ? n : 1, sizeof(*paths));
	struct fv_report rep = { .command = command, .pcts = show };
	struct fv_suite s;
	int ret = FV_EXIT_SOFTWARE;

	if (!rules || !paths || dir_rules(rules, paths, dirs, n))
		goto out;
	fv_suite_init(&s, show, compute);
	s.ao.skus = c->ao.skus;
	s.vo.skus = c->ao.skus;
	ret = fv_suite_run(&s,
			   &(struct fv_load_opts){ .paths = paths,
						   .npaths = n,
						   .labels = rules,
						   .nlabels = n },
			   tables, &rep);
	fv_print_diags(&s.set.diags, c->verbosity < 0 ? -1 : 0, c->err);
	if (!ret)
		ret = fv_render_text.render(c->out, &rep);
	if (ret)
		ret = FV_EXIT_SOFTWARE;
	else if (s.set.diags.nerrors)
		ret = FV_EXIT_INPUT;
	fv_report_free(&rep);
	fv_suite_free(&s);
out:
	for (size_t i = 0; rules && i < n; i++)
		fv_label_rule_free(&rules[i]);
	free(rules);
	free(paths);
	return ret;
}

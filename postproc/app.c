/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cli.h"
#include "ingest.h"
#include "inputs.h"
#include "join.h"
#include "label.h"
#include "report.h"
#include "role.h"
#include "run.h"
#include "verdict_cli.h"

static int load_one(struct fv_set *set, const struct fv_input *in)
{
	struct fv_ingest_opts io = { .named = in->named };
	char *buf = NULL;
	size_t len = 0;
	int ret = fv_input_read(in, &buf, &len);

	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return fv_diag_add(&set->diags, FV_ERROR, in->path, 0, 0,
				   "cannot read: %s", strerror(-ret));
	ret = fv_ingest_buffer(set, in->path, in->dir, buf, len, &io);
	free(buf); /* one input in memory at a time */
	return ret == -ENOMEM ? ret : 0;
}

int fv_load(struct fv_set *set, char *const *paths, size_t npaths)
{
	struct fv_inputs in = { 0 };
	int ret = 0;

	for (size_t i = 0; i < npaths && ret != -ENOMEM; i++)
		ret = fv_inputs_add(&in, paths[i], &set->diags);
	ret = ret == -ENOMEM ? ret : 0;
	for (size_t i = 0; i < in.n && !ret; i++)
		ret = load_one(set, &in.v[i]);
	fv_inputs_free(&in);
	return ret;
}

static int annotate(struct fv_set *set, const struct fv_cli *c)
{
	int ret = fv_label_assign(set, c->labels, c->nlabels);

	if (ret)
		return ret;
	fv_role_assign(set, c->roles, c->nroles);
	return fv_join_durability(set);
}

static FILE *open_output(const struct fv_cli *c, FILE *out, FILE *err)
{
	FILE *f;

	if (!c->output || !strcmp(c->output, "-"))
		return out;
	f = fopen(c->output, "w");
	if (!f)
		fprintf(err, "fioverdict: %s: %s\n", c->output,
			strerror(errno));
	return f;
}

static int render(const struct fv_cli *c, const struct fv_report *rep,
		  FILE *out, FILE *err)
{
	FILE *f = open_output(c, out, err);
	int ret;

	if (!f)
		return FV_EXIT_CANTCREAT;
	ret = c->format->render(f, rep);
	if (f != out && fclose(f) && !ret)
		ret = -EIO;
	if (f == out && fflush(f) && !ret)
		ret = -EIO;
	if (ret == -ENOMEM)
		return FV_EXIT_SOFTWARE;
	if (ret) {
		fprintf(err, "fioverdict: cannot write the report: %s\n",
			strerror(-ret));
		return FV_EXIT_IOERR;
	}
	return FV_EXIT_OK;
}

static void print_diags(const struct fv_set *set, const struct fv_cli *c,
			FILE *err)
{
	enum fv_severity min = c->verbosity < 0	   ? FV_ERROR
			       : c->verbosity == 0 ? FV_WARNING
						   : FV_NOTE;

	fv_diag_print(&set->diags, err, min);
}

static int run(const struct fv_cli *c, struct fv_set *set, FILE *out, FILE *err)
{
	struct fv_report rep = { .command = c->analysis->name,
				 .diags = &set->diags,
				 .pcts = &c->show };
	int ret = fv_load(set, c->inputs, c->ninputs), status;

	ret = ret ? ret : annotate(set, c);
	/* verdict, diff: logs beside the results, the baseline. */
	if (!ret &&
	    (c->analysis == &fv_an_verdict || c->analysis == &fv_an_diff))
		ret = fv_vopt_prepare(c->aopts.verdict, set, c, annotate);
	if (!ret && !set->ninputs && !set->diags.nerrors)
		fv_diag_add(&set->diags, FV_ERROR, NULL, 0, 0,
			    "no fio results found in the inputs");
	rep.ninputs = set->ninputs;
	ret = ret ? ret : c->analysis->run(set, &c->aopts, &rep, &set->diags);
	print_diags(set, c, err);
	if (ret == -EINVAL)
		status = FV_EXIT_USAGE;
	else if (ret)
		status = FV_EXIT_SOFTWARE;
	else
		status = render(c, &rep, out, err);
	fv_report_free(&rep);
	if (status == FV_EXIT_SOFTWARE)
		fputs("fioverdict: out of memory\n", err);
	if (status == FV_EXIT_OK && set->diags.nerrors)
		status = FV_EXIT_INPUT;
	if (status == FV_EXIT_OK && c->vopts.failed)
		status = FV_EXIT_VERDICT; /* --fail-on */
	return status;
}

int fv_main(int argc, char **argv, FILE *out, FILE *err)
{
	struct fv_cli c;
	struct fv_set set;
	int status;

	/* run and report are programs of their own, not table analyses. */
	if (argc > 1 && !strcmp(argv[1], "run"))
		return fv_run_main(argc - 1, argv + 1, out, err);
	if (argc > 1 && !strcmp(argv[1], "report"))
		return fv_report_main(argc - 1, argv + 1, out, err);
	status = fv_cli_parse(&c, argc, argv, out, err);
	if (status || c.done) {
		fv_cli_free(&c);
		return status;
	}
	fv_set_init(&set, &c.compute);
	status = run(&c, &set, out, err);
	fv_set_free(&set);
	fv_cli_free(&c);
	return status;
}

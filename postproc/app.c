/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <malloc.h>
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
	struct fv_text text;
	struct fv_ingest_opts io = { .named = in->named, .text = &text };
	int ret = fv_input_text(in, &text);

	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return fv_diag_add(&set->diags, FV_ERROR, in->path, 0, 0,
				   "cannot read: %s", strerror(-ret));
	ret = fv_ingest_buffer(set, in->path, in->dir, text.buf, text.len, &io);
	fv_text_free(&text); /* one input in memory at a time */
	return ret == -ENOMEM ? ret : 0;
}

int fv_load(struct fv_set *set, char *const *paths, size_t npaths)
{
	struct fv_inputs in = { 0 };
	int ret = 0;

	for (size_t i = 0; i < npaths && ret != -ENOMEM; i++)
		ret = fv_inputs_add(&in, paths[i], &set->diags);
	ret = ret == -ENOMEM ? ret : 0;
	fv_inputs_done(&in);
	for (size_t i = 0; i < fv_inputs_count(&in) && !ret; i++) {
		struct fv_input x;

		ret = fv_inputs_get(&in, i, &x);
		ret = ret ? ret : load_one(set, &x);
		fv_input_release(&x);
	}
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

/* ---- summary --stream: one file at a time ---- */

/*
 * What outlives each file: the diagnostics, the stats files (small, and
 * needed by the fio files of their directory), the counts, what the notes
 * under the table depend on. Everything else is freed before the next file.
 */
struct stream {
	const struct fv_cli *c;
	FILE *out;
	struct fv_set *all;
	struct fv_summary_seen seen;
	struct fv_table *reasons; /* distinct n/a reasons, as notes */
	size_t nrows;
};

static void keep_reason(void *ctx, const char *reason)
{
	struct stream *st = ctx;

	/* Out of memory here only loses a line of explanation. */
	(void) fv_table_note(st->reasons, "%s", reason);
}

/* The stats files of one's directory not joined yet: join them to one. */
static int stream_join(struct stream *st, struct fv_set *one, const char *dir)
{
	size_t ndiags = one->diags.n, n = 0;
	struct fv_durability **v;
	int ret;

	if (!dir || !st->all->ndur)
		return 0;
	v = calloc(st->all->ndur, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < st->all->ndur; i++) {
		struct fv_durability *d = st->all->dur[i];

		if (!d->joined && d->dir && !strcmp(d->dir, dir))
			v[n++] = d;
	}
	one->dur = v;
	one->ndur = n;
	ret = fv_join_durability(one);
	/* A stats file may belong to a later file: warned about at the end. */
	fv_diags_truncate(&one->diags, ndiags);
	one->dur = NULL;
	one->ndur = 0;
	free(v);
	return ret;
}

/* Stats files read from this input go to the whole run. */
static int stream_keep_stats(struct stream *st, struct fv_set *one)
{
	int ret = 0;

	for (size_t i = 0; i < one->ndur; i++) {
		if (!ret)
			ret = fv_set_add_durability(st->all, one->dur[i]);
		if (ret) /* not taken */
			fv_durability_free(one->dur[i]);
	}
	free(one->dur);
	one->dur = NULL;
	one->ndur = one->dur_cap = 0;
	return ret;
}

/* The rows of one annotated file, written and freed. */
static int stream_rows(struct stream *st, const struct fv_set *one)
{
	struct fv_table *t = fv_summary_table(&st->c->aopts);
	int ret = t ? fv_summary_rows(t, one, &st->c->aopts) : -ENOMEM;

	if (!ret) {
		fv_summary_seen(one, &st->seen);
		fv_table_na_reasons(t, st->c->format->machine, keep_reason, st);
		ret = st->c->stream->rows(st->out, t, st->nrows);
		st->nrows += t->nrows;
	}
	fv_table_free(t);
	return ret;
}

static int stream_one(struct stream *st, const struct fv_input *in)
{
	const struct fv_cli *c = st->c;
	struct fv_set one;
	int ret;

	fv_set_init(&one, &c->compute);
	one.diags = st->all->diags; /* one list, in input order */
	ret = load_one(&one, in);
	st->all->ninputs += one.ninputs;
	ret = ret ? ret : stream_keep_stats(st, &one);
	ret = ret ? ret : fv_label_assign(&one, c->labels, c->nlabels);
	if (!ret)
		fv_role_assign(&one, c->roles, c->nroles);
	ret = ret ? ret : stream_join(st, &one, in->dir);
	ret = ret ? ret : stream_rows(st, &one);
	st->all->diags = one.diags;
	memset(&one.diags, 0, sizeof(one.diags));
	fv_set_free(&one);
	/*
	 * The file's memory is free now: its pages go back to the system, so
	 * that the next file's text is read into memory that was given back,
	 * not on top of the last file's free heap.
	 */
	malloc_trim(0);
	return ret;
}

/*
 * Stats files are read first, so that the fio files of their directory,
 * whatever their order, find them.
 */
static int stream_inputs(struct stream *st, const struct fv_inputs *in)
{
	int ret = 0;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < fv_inputs_count(in) && !ret; i++) {
			struct fv_input x;

			if (fv_inputs_is_stats(in, i) != !pass)
				continue;
			ret = fv_inputs_get(in, i, &x);
			ret = ret ? ret : stream_one(st, &x);
			fv_input_release(&x);
		}
	return ret;
}

/* Like fv_join_durability's warning, once every file has had its chance. */
static int stream_unjoined(struct fv_set *all)
{
	int ret = 0;

	for (size_t i = 0; i < all->ndur && !ret; i++)
		if (!all->dur[i]->joined)
			ret = fv_diag_add(&all->diags, FV_WARNING,
					  all->dur[i]->source, 0, 0,
					  "stats file: no fio job named \"%s\" "
					  "to join it to",
					  all->dur[i]->job_name);
	return ret;
}

static int stream_end(struct stream *st)
{
	struct fv_report rep = { .command = st->c->analysis->name,
				 .diags = &st->all->diags,
				 .pcts = &st->c->show,
				 .ninputs = st->all->ninputs };
	struct fv_table *tail = fv_summary_table(&st->c->aopts);
	int ret = tail ? fv_summary_notes(tail, &st->c->aopts, &st->seen)
		       : -ENOMEM;

	ret = ret ? ret
		  : st->c->stream->end(st->out, tail, st->reasons, st->nrows,
				       &rep);
	fv_table_free(tail);
	return ret;
}

/* Reads, annotates, writes: the body of a --stream run. */
static int stream_body(struct stream *st)
{
	struct fv_inputs in = { 0 };
	struct fv_table *cols = fv_summary_table(&st->c->aopts);
	int ret = cols ? st->c->stream->begin(st->out, cols) : -ENOMEM;

	fv_table_free(cols);
	for (size_t i = 0; i < st->c->ninputs && !ret; i++) {
		ret = fv_inputs_add(&in, st->c->inputs[i], &st->all->diags);
		ret = ret == -ENOMEM ? ret : 0;
	}
	fv_inputs_done(&in);
	ret = ret ? ret : stream_inputs(st, &in);
	fv_inputs_free(&in);
	ret = ret ? ret : stream_unjoined(st->all);
	if (!ret && !st->all->ninputs && !st->all->diags.nerrors)
		ret = fv_diag_add(&st->all->diags, FV_ERROR, NULL, 0, 0,
				  "no fio results found in the inputs");
	return ret ? ret : stream_end(st);
}

static int close_output(FILE *f, FILE *out, int ret, FILE *err)
{
	if (f != out && fclose(f) && !ret)
		ret = -EIO;
	if (f == out && fflush(f) && !ret)
		ret = -EIO;
	if (ret == -ENOMEM) {
		fputs("fioverdict: out of memory\n", err);
		return FV_EXIT_SOFTWARE;
	}
	if (ret) {
		fprintf(err, "fioverdict: cannot write the report: %s\n",
			strerror(-ret));
		return FV_EXIT_IOERR;
	}
	return FV_EXIT_OK;
}

static int run_stream(const struct fv_cli *c, struct fv_set *set, FILE *out,
		      FILE *err)
{
	struct stream st = { .c = c, .all = set };
	int ret, status;

	st.out = open_output(c, out, err);
	if (!st.out)
		return FV_EXIT_CANTCREAT;
	st.reasons = fv_table_new("reasons", "");
	ret = st.reasons ? stream_body(&st) : -ENOMEM;
	fv_table_free(st.reasons);
	print_diags(set, c, err);
	status = close_output(st.out, out, ret, err);
	if (status == FV_EXIT_OK && set->diags.nerrors)
		status = FV_EXIT_INPUT;
	return status;
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
	if (c.stream)
		status = run_stream(&c, &set, out, err);
	else
		status = run(&c, &set, out, err);
	fv_set_free(&set);
	fv_cli_free(&c);
	return status;
}

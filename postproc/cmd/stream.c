/* SPDX-License-Identifier: MIT */
/*
 * summary --stream: one file at a time, its rows written before the next
 * is read, so that memory is that of the largest file, not of the corpus.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/*
 * What outlives each file: the diagnostics, the stats files (small, and
 * needed by the fio files of their directory), the counts, what the notes
 * under the table depend on. Everything else is freed before the next file.
 */
struct stream {
	const struct fv_cmdline *c;
	const struct fv_stream_renderer *sr;
	FILE *out;
	struct fv_set *all;
	struct fv_summary_seen seen;
	struct fv_table *reasons; /* distinct n/a reasons, as notes */
	struct fv_table *notes;	  /* the rows' own notes (lower bounds) */
	bool *label_used;	  /* --label rules that labelled a job */
	struct fv_ran_list ran;	  /* what the runs were on */
	size_t nrows;
	bool begun; /* the table's head written: once a file held results */
};

/*
 * The table's head, before the first file's rows: when no file holds a
 * result, no table at all (the errors say why; an empty table would not).
 */
static int stream_begin(struct stream *st)
{
	struct fv_table *cols;
	int ret;

	if (st->begun)
		return 0;
	cols = fv_summary_table(&st->c->ao);
	ret = cols ? st->sr->begin(st->out, cols) : -ENOMEM;
	fv_table_free(cols);
	st->begun = !ret;
	return ret;
}

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
	struct fv_table *t = fv_summary_table(&st->c->ao);
	int ret = t ? fv_summary_rows(t, one, &st->c->ao) : -ENOMEM;

	if (!ret) {
		fv_summary_seen(one, &st->seen);
		fv_table_na_reasons(t, st->c->format->machine, keep_reason, st);
		for (size_t i = 0; i < t->nnotes && !ret; i++)
			ret = fv_table_note(st->notes, "%s", t->notes[i]);
		if (!ret)
			ret = st->sr->rows(st->out, t, st->nrows);
		st->nrows += t->nrows;
	}
	fv_table_free(t);
	return ret;
}

static int stream_one(struct stream *st, const struct fv_input *in)
{
	const struct fv_cmdline *c = st->c;
	struct fv_set one;
	int ret;

	fv_set_init(&one, &st->all->pcts);
	one.diags = st->all->diags; /* one list, in input order */
	ret = fv_ingest_input(&one, in);
	st->all->ninputs += one.ninputs;
	if (!ret)
		ret = stream_keep_stats(st, &one);
	if (!ret)
		ret = fv_label_assign(&one, c->labels, c->nlabels, c->label_by);
	/* a file's own copies (appended twice): nothing kept past it */
	if (!ret)
		ret = fv_copies_drop(&one, false);
	for (size_t i = 0; i < one.nnotes && !ret; i++)
		ret = fv_table_note(st->notes, "%s", one.notes[i]);
	fv_label_rules_mark(&one, c->labels, c->nlabels, st->label_used);
	if (ret)
		goto out;
	fv_role_assign(&one, c->roles, c->nroles);
	ret = stream_join(st, &one, in->dir);
	if (ret)
		goto out;
	/* its runs: of this file alone (the others are not read yet) */
	ret = fv_select_runs(&one, FV_RUNS_KEEP);
	if (ret)
		goto out;
	ret = fv_provenance_attach(&one);
	if (!ret && one.ninputs)
		ret = stream_begin(st);
	if (!ret)
		ret = fv_ran_add(&st->ran, &one);
	if (!ret)
		ret = stream_rows(st, &one);
out:
	st->all->diags = one.diags;
	memset(&one.diags, 0, sizeof(one.diags));
	fv_set_free(&one);
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
			if (!ret)
				ret = stream_one(st, &x);
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
	struct fv_report rep = { .command = st->c->command,
				 .diags = &st->all->diags,
				 .pcts = &st->c->show,
				 .ninputs = st->all->ninputs };
	struct fv_table *tail = fv_summary_table(&st->c->ao);
	int ret = tail ? 0 : -ENOMEM;

	/* in the order a whole run gives them: the rows', then the table's */
	for (size_t i = 0; !ret && i < st->notes->nnotes; i++)
		ret = fv_table_note(tail, "%s", st->notes->notes[i]);
	if (!ret)
		ret = fv_summary_notes(tail, &st->c->ao, &st->seen);
	if (!ret)
		ret = fv_ran_notes(&st->ran, NULL, tail);
	if (!ret)
		ret = st->sr->end(st->out, tail, st->reasons, st->nrows, &rep);
	fv_table_free(tail);
	return ret;
}

/* Reads, annotates, writes: the body of a --stream run. */
static int stream_body(struct stream *st)
{
	struct fv_inputs in = { 0 };
	int ret = 0;

	for (size_t i = 0; i < st->c->ninputs && !ret; i++) {
		ret = fv_inputs_add(&in, st->c->inputs[i], &st->all->diags);
		ret = ret == -ENOMEM ? ret : 0;
	}
	fv_inputs_done(&in);
	if (!ret)
		ret = stream_inputs(st, &in);
	fv_inputs_free(&in);
	if (!ret)
		ret = stream_unjoined(st->all);
	if (!ret && st->all->ninputs)
		ret = fv_label_rules_unused(st->c->labels, st->c->nlabels,
					    st->label_used, &st->all->diags);
	if (!ret)
		ret = fv_no_results(st->all);
	return ret || !st->all->ninputs ? ret : stream_end(st);
}

int fv_summary_stream(struct fv_cmdline *c, const struct fv_stream_renderer *sr)
{
	struct fv_pctlist compute;
	struct fv_set set;
	struct stream st = { .c = c, .sr = sr, .all = &set };
	struct fv_output output;
	int ret, status;

	fv_compute_pcts(&compute, c);
	fv_set_init(&set, &compute);
	status = fv_output_open(&output, c->output, c->out, c->err);
	if (status) {
		fv_set_free(&set);
		return status;
	}
	st.out = output.f;
	st.reasons = fv_table_new("reasons", "");
	st.notes = fv_table_new("notes", "");
	st.label_used = calloc(c->nlabels + 1, sizeof(*st.label_used));
	ret = st.reasons && st.notes && st.label_used ? stream_body(&st)
						      : -ENOMEM;
	fv_table_free(st.reasons);
	fv_table_free(st.notes);
	free(st.label_used);
	fv_ran_free(&st.ran);
	fv_print_diags(&set.diags, c->verbosity, c->err);
	/* a --label that named no input: said, the rows written are kept */
	status = fv_output_close(&output, ret == -EINVAL ? 0 : ret, c->err);
	if (status == FV_EXIT_OK && ret == -EINVAL)
		status = FV_EXIT_USAGE;
	else if (status == FV_EXIT_OK && set.diags.nerrors)
		status = FV_EXIT_INPUT;
	fv_set_free(&set);
	return status;
}

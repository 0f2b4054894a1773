/* SPDX-License-Identifier: MIT */
/* What the selection did, said under every table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select_int.h"

/* Is a and b's directory one ("d/x.json", "d/y.json")? */
static bool same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t) (sa - a) : 0, lb = sb ? (size_t) (sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

/*
 * Where the label's shown runs of repeated tests came from: their file,
 * or their folder and how many files ("d64/: 10 files"), or the first
 * few files. A file's jobs are next to each other in the set, in the
 * order it was read.
 */
static void shown_files(const struct fv_set *set, const char *label, char *buf,
			size_t len)
{
	const char *first = NULL, *last = NULL, *seen[3];
	size_t nseen = 0, files = 0, n = 0;
	bool one_dir = true;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (strcmp(j->label, label) || j->nruns < 2 ||
		    (last && !strcmp(last, j->source)))
			continue;
		last = j->source;
		files++;
		first = first ? first : j->source;
		one_dir = one_dir && same_dir(first, j->source);
		if (nseen < 3)
			seen[nseen++] = j->source;
	}
	buf[0] = '\0';
	if (files > 1 && one_dir) {
		const char *slash = strrchr(first, '/');

		snprintf(buf, len, "%.*s/: %zu files",
			 slash ? (int) (slash - first) : 1, slash ? first : ".",
			 files);
		return;
	}
	for (size_t k = 0; k < nseen && n < len; k++) {
		int w = snprintf(buf + n, len - n, "%s%s", k ? ", " : "",
				 seen[k]);

		n += w > 0 ? (size_t) w : 0;
	}
	if (files > nseen && n < len)
		snprintf(buf + n, len - n, " and %zu more", files - nseen);
}

static int note_label(struct fv_set *set, const char *label, int most,
		      bool uneven, enum fv_runs rule)
{
	char files[600];
	const char *upto = uneven ? "up to " : "";

	switch (rule) {
	case FV_RUNS_NEWEST:
		shown_files(set, label, files, sizeof(files));
		return fv_set_note(
			set,
			"runs: '%s': the newest of %s%d runs of each "
			"test shown (%s); --runs all shows each, "
			"--runs median the middle one",
			label, upto, most, files);
	case FV_RUNS_MEDIAN:
		return fv_set_note(set,
				   "runs: '%s': of %s%d runs of each test, the "
				   "one of median IOPS (bandwidth for "
				   "throughput jobs; of two, the lower) shown; "
				   "--runs all shows each",
				   label, upto, most);
	case FV_RUNS_ALL:
		return fv_set_note(
			set,
			"runs: '%s': each of its %s%d runs a label of "
			"its own, '%s run 1' the oldest",
			label, upto, most, label);
	case FV_RUNS_KEEP:
		break;
	}
	return 0;
}

int fv_select_note(struct fv_set *set, enum fv_runs rule)
{
	const char **labels;
	size_t nl;
	int ret = fv_labels(set, true, &labels, &nl);

	if (ret)
		return ret;
	for (size_t l = 0; l < nl && !ret; l++) {
		int most = 0, least = 0;

		for (size_t i = 0; i < set->njobs; i++) {
			const struct fv_job *j = set->jobs[i];

			if (strcmp(j->label, labels[l]))
				continue;
			most = j->nruns > most ? j->nruns : most;
			least = !least || j->nruns < least ? j->nruns : least;
		}
		if (most > 1)
			ret = note_label(set, labels[l], most, least != most,
					 rule);
	}
	free(labels);
	return ret;
}

int fv_select_notes(const struct fv_set *set, struct fv_report *rep)
{
	int ret = 0;

	for (size_t t = 0; t < rep->ntables && !ret; t++)
		for (size_t i = 0; i < set->nnotes && !ret; i++)
			ret = fv_table_note(rep->tables[t], "%s",
					    set->notes[i]);
	return ret;
}

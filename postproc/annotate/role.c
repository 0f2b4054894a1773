/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/util.h"
#include "role.h"

int fv_role_override_parse(struct fv_role_override *o, const char *arg)
{
	const char *eq = strrchr(arg, '=');
	int role;

	memset(o, 0, sizeof(*o));
	if (!eq || eq == arg)
		return -EINVAL;
	role = fv_role_parse(eq + 1);
	if (role < 0)
		return -EINVAL;
	o->role = role;
	o->job = strndup(arg, (size_t) (eq - arg));
	return o->job ? 0 : -ENOMEM;
}

struct word_rule {
	const char *word;
	enum fv_role role;
	bool prefix; /* also matches tokens that start with the word */
};

/* First rule of the lowest role rank wins: "peak_rr_qd32" is peak. */
static const struct word_rule word_rules[] = {
	{ "warmup", FV_ROLE_WARMUP, true }, /* "warm-up" too: next_token() */
	{ "precondition", FV_ROLE_WARMUP, true },
	{ "prefill", FV_ROLE_WARMUP, false },
	{ "fill", FV_ROLE_WARMUP, false },
	{ "sync", FV_ROLE_SYNC, true },
	{ "fsync", FV_ROLE_SYNC, true },
	{ "fdatasync", FV_ROLE_SYNC, true },
	{ "dsync", FV_ROLE_SYNC, false },
	{ "durability", FV_ROLE_SYNC, false },
	{ "durable", FV_ROLE_SYNC, false },
	{ "flush", FV_ROLE_SYNC, false },
	{ "steady", FV_ROLE_STEADY, true },
	{ "ss", FV_ROLE_STEADY, false },
	{ "sustained", FV_ROLE_STEADY, false },
	{ "peak", FV_ROLE_PEAK, true },
	{ "max", FV_ROLE_PEAK, false },
	{ "scaling", FV_ROLE_SCALING, false },
	{ "scale", FV_ROLE_SCALING, false },
	{ "sweep", FV_ROLE_SCALING, false },
	{ "qdsweep", FV_ROLE_SCALING, false },
	{ "throughput", FV_ROLE_THROUGHPUT, false },
	{ "tput", FV_ROLE_THROUGHPUT, false },
	{ "seq", FV_ROLE_THROUGHPUT, true },
	{ "sequential", FV_ROLE_THROUGHPUT, false },
	{ "sr", FV_ROLE_THROUGHPUT, false },
	{ "sw", FV_ROLE_THROUGHPUT, false },
};

static const int role_rank[FV_ROLE_NR] = {
	[FV_ROLE_UNKNOWN] = 99,	  [FV_ROLE_WARMUP] = 0, [FV_ROLE_SYNC] = 1,
	[FV_ROLE_STEADY] = 2,	  [FV_ROLE_PEAK] = 3,	[FV_ROLE_SCALING] = 4,
	[FV_ROLE_THROUGHPUT] = 5,
};

static enum fv_role token_role(const char *tok, size_t len)
{
	for (size_t i = 0; i < FV_ARRAY_SIZE(word_rules); i++) {
		const struct word_rule *r = &word_rules[i];
		size_t wl = strlen(r->word);

		if (len == wl && !strncmp(tok, r->word, len))
			return r->role;
		if (r->prefix && len > wl && !strncmp(tok, r->word, wl))
			return r->role;
	}
	return FV_ROLE_UNKNOWN;
}

/* "qd16" gives 16; anything else 0. */
static int token_depth(const char *tok, size_t len)
{
	int d = 0;

	if (len < 3 || tok[0] != 'q' || tok[1] != 'd')
		return 0;
	for (size_t i = 2; i < len; i++) {
		if (!isdigit((unsigned char) tok[i]) || d > 100000)
			return 0;
		d = d * 10 + (tok[i] - '0');
	}
	return d;
}

/* p follows a "warm": "-up", "_up" or " Up" and the word ends there. */
static bool up_follows(const char *p)
{
	return p[0] && strchr("-_ ", p[0]) && !strncasecmp(p + 1, "up", 2) &&
	       !isalnum((unsigned char) p[3]);
}

/*
 * The next lowercase alphanumeric word of *name into tok, its length (0 at
 * the end). "warm-up", "warm_up" and "Warm Up" are one word, "warmup": a
 * "warm" alone is a cache's state as often ("read-cold", "read-warm", a
 * second pass measured), no role.
 */
static size_t next_token(const char **name, char *tok, size_t size)
{
	const char *p = *name;
	size_t len = 0;

	while (*p && !isalnum((unsigned char) *p))
		p++;
	while (isalnum((unsigned char) *p)) {
		if (len < size - 1)
			tok[len++] = (char) tolower((unsigned char) *p);
		p++;
		if (len == 4 && !memcmp(tok, "warm", 4) && up_follows(p))
			p++; /* the separator: "warm-up" reads "warmup" */
	}
	*name = p;
	return len;
}

enum fv_role fv_role_from_name(const char *name, int *depth)
{
	enum fv_role best = FV_ROLE_UNKNOWN;
	char tok[64];

	*depth = 0;
	while (*name) {
		size_t len = next_token(&name, tok, sizeof(tok));

		if (!len)
			break;
		enum fv_role r = token_role(tok, len);

		if (!*depth)
			*depth = token_depth(tok, len);
		if (role_rank[r] < role_rank[best])
			best = r;
	}
	/* "rr_qd8": a depth alone marks a point of a QD sweep. */
	if (best == FV_ROLE_UNKNOWN && *depth)
		best = FV_ROLE_SCALING;
	return best;
}

static bool is_random(const char *rw)
{
	return rw && !strncmp(rw, "rand", 4);
}

/*
 * A job of another tool's output (CrystalDiskMark) has no fio options,
 * only the workload its reader took from the test's name. A random test
 * at one I/O in flight is a latency test, not a peak.
 */
static enum fv_role role_from_workload(const struct fv_workload *w)
{
	if (w->sync_every > 0)
		return FV_ROLE_SYNC;
	if (w->pattern == FV_PAT_SEQ && w->block >= 64 * 1024)
		return FV_ROLE_THROUGHPUT;
	if (w->pattern == FV_PAT_RAND && w->block && w->block <= 16 * 1024 &&
	    w->depth * (w->threads ? w->threads : 1) > 1)
		return FV_ROLE_PEAK;
	return FV_ROLE_UNKNOWN;
}

enum fv_role fv_role_from_opts(const struct fv_job *job)
{
	const char *rw = fv_job_opt(job, "rw");
	uint64_t bs = 4096;

	if (!rw)
		rw = fv_job_opt(job, "readwrite");
	if (!rw && !job->nopts && job->wl.pattern != FV_PAT_UNKNOWN)
		return role_from_workload(&job->wl);
	fv_opt_size(fv_job_opt(job, "bs"), &bs);
	if (fv_opt_true(fv_job_opt(job, "fsync")) ||
	    fv_opt_true(fv_job_opt(job, "fdatasync")) ||
	    fv_opt_true(fv_job_opt(job, "sync")) ||
	    fv_opt_true(fv_job_opt(job, "write_barrier")) ||
	    job->dir[FV_DIR_SYNC].total_ios)
		return FV_ROLE_SYNC;
	if (!is_random(rw) && bs >= 64 * 1024)
		return FV_ROLE_THROUGHPUT;
	if (fv_job_opt(job, "steadystate") || fv_job_opt(job, "ss") ||
	    job->ss.present)
		return FV_ROLE_STEADY;
	if (is_random(rw) && bs <= 16 * 1024)
		return FV_ROLE_PEAK;
	return FV_ROLE_UNKNOWN;
}

static const struct fv_role_override *
find_override(const struct fv_job *job, const struct fv_role_override *ov,
	      size_t nov)
{
	for (size_t i = nov; i-- > 0;)
		if (!strcmp(ov[i].job, job->name) ||
		    !strcmp(ov[i].job, job->display))
			return &ov[i];
	return NULL;
}

/*
 * DiskSpd names no test: its job's name is its profile ("SEQ 1MiB Q8 T1
 * W100%"), which tells a workload, not what the run was for (a warm-up's
 * sequential writes are no throughput test). The file's name, when a
 * script named it LABEL_TEST_TIME, says that first.
 */
static bool named_by_profile(const struct fv_job *job)
{
	return job->format && !strcmp(job->format, "DiskSpd");
}

static void classify(struct fv_job *job, const struct fv_role_override *ov,
		     size_t nov)
{
	const struct fv_role_override *o = find_override(job, ov, nov);
	const char *first = job->name, *then = job->file_test;
	int depth = 0;

	if (named_by_profile(job) && job->file_test) {
		first = job->file_test;
		then = job->name;
	}
	job->role = fv_role_from_name(first, &depth);
	job->role_why = first == job->name ? "job name" : "file name";
	if (job->role == FV_ROLE_UNKNOWN && then) {
		job->role = fv_role_from_name(then, &depth);
		job->role_why = then == job->name ? "job name" : "file name";
	}
	if (job->role == FV_ROLE_UNKNOWN) {
		job->role = fv_role_from_opts(job);
		job->role_why = "options";
	}
	if (o) {
		job->role = o->role;
		job->role_why = "--role";
	}
	if (job->role == FV_ROLE_UNKNOWN)
		job->role_why = "no rule matched";
	job->name_depth = depth;
	job->role_dir = fv_job_main_dir(job);
}

/* One workload but its depth. */
static bool same_io(const struct fv_job *a, const struct fv_job *b)
{
	return fv_workload_same_io(&a->wl, &b->wl) &&
	       a->wl.threads == b->wl.threads;
}

/* Is depth among the first n of v? */
static bool seen_depth(const int *v, size_t n, int depth)
{
	for (size_t i = 0; i < n; i++)
		if (v[i] == depth)
			return true;
	return false;
}

/*
 * Jobs that only their options classified as peak, and that share a label
 * and a workload at three depths or more, are the points of a QD sweep.
 */
static void find_sweeps(struct fv_set *set)
{
	bool *sweep = calloc(set->njobs + 1, sizeof(*sweep));
	int *depths = calloc(set->njobs + 1, sizeof(*depths));

	if (!sweep || !depths) {
		free(sweep);
		free(depths);
		return; /* only a refinement: the roles stay as they are */
	}
	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *a = set->jobs[i];
		size_t n = 0;

		if (a->role != FV_ROLE_PEAK || strcmp(a->role_why, "options"))
			continue;
		depths[n++] = fv_job_depth(a);
		for (size_t j = 0; j < set->njobs; j++) {
			struct fv_job *b = set->jobs[j];

			if (b->role == FV_ROLE_PEAK &&
			    !strcmp(b->role_why, "options") &&
			    !strcmp(a->label, b->label) && same_io(a, b) &&
			    b->kind == a->kind &&
			    !seen_depth(depths, n, fv_job_depth(b)))
				depths[n++] = fv_job_depth(b);
		}
		sweep[i] = n >= 3;
	}
	free(depths);
	for (size_t i = 0; i < set->njobs; i++) {
		if (!sweep[i])
			continue;
		set->jobs[i]->role = FV_ROLE_SCALING;
		set->jobs[i]->role_why = "options (QD series)";
	}
	free(sweep);
}

void fv_role_assign(struct fv_set *set, const struct fv_role_override *ov,
		    size_t nov)
{
	for (size_t i = 0; i < set->njobs; i++)
		classify(set->jobs[i], ov, nov);
	find_sweeps(set);
}

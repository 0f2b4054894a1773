/* SPDX-License-Identifier: MIT */
/*
 * load: was fio itself the limit? fio counts each job thread's CPU
 * (getrusage of the thread, usr_cpu + sys_cpu of its runtime; a group's
 * figure is its threads' mean, a clone sum keeps its busiest clone's):
 *   - saturated: a thread busy cpu_busy of a CPU or more never waited
 *     for the storage; what it measured is how fast fio submits and
 *     reaps, not what the device serves;
 *   - starved: the CPUs the job could run on (cpus_allowed, else all)
 *     were idle less than cpu_idle_max (fio's --idle-prof=percpu says
 *     how idle each CPU was) and its thread hardly ever slept: fio's
 *     "ctx" counts its context switches, and a thread that waits for the
 *     device sleeps at least once per iodepth completions when the device
 *     is slower than it; one that completed more than ten times iodepth
 *     I/Os per switch was not waiting for the device but for a CPU,
 *     which other work held (no "ctx", no such inference). A thread that waits
 * for the device on a busy machine is not load-bound. Either is load-bound; a
 * plateau of a sweep at a load-bound depth is not a cap (cap.c asks
 * fv_vjob_load_bound). A CPU time counted in whole seconds (fio on
 * Windows: fv_job_cpu_slack) decides only when the figure is that far
 * from the line either way: 0% of a CPU over a 1 s run is no headroom.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"

/* I/Os per context switch, in iodepths, of a thread that never waited. */
#define LOAD_NO_WAIT 10.0

static double ios_per_switch(const struct fv_job *j)
{
	uint64_t ios = 0;

	for (int d = 0; d < FV_DIR_NR; d++)
		if (j->dir[d].present && d != FV_DIR_MIXED)
			ios += j->dir[d].total_ios;
	return j->ctx ? (double) ios / (double) j->ctx : NAN;
}

/*
 * The depth the thread kept in flight, as the inference and its message
 * both use it: the one the job asked for, else fio's default of 1.
 */
static int depth_of(const struct fv_job *j)
{
	int depth = fv_vjob_depth_asked(j);

	return depth > 0 ? depth : 1;
}

enum load {
	LOAD_FREE,
	LOAD_SATURATED,
	LOAD_STARVED,
	LOAD_UNSURE, /* whole seconds of CPU, too few to tell */
};

static enum load load_of(const struct fv_vopts *o, const struct fv_job *j)
{
	double slack = fv_job_cpu_slack(j);

	if (isnan(j->usr_cpu))
		return LOAD_FREE;
	if (j->cpu_busiest - slack >= 100 * o->cpu_busy)
		return LOAD_SATURATED;
	if (j->cpu_busiest + slack >= 100 * o->cpu_busy)
		return LOAD_UNSURE;
	if (!isnan(j->cpu_idle) && j->cpu_idle < 100 * o->cpu_idle_max &&
	    ios_per_switch(j) >= LOAD_NO_WAIT * depth_of(j))
		return LOAD_STARVED;
	return LOAD_FREE;
}

bool fv_vjob_load_bound(const struct fv_vopts *o, const struct fv_job *j)
{
	enum load l = load_of(o, j);

	if (fv_vjob_held_to_rate(j, NULL, 0))
		return false;
	return l == LOAD_STARVED || (l == LOAD_SATURATED && !fv_vjob_polls(j));
}

/* Whose CPU figure it is: one thread's, a group's mean, a clone's. */
static const char *whose(const struct fv_job *j)
{
	if (j->kind == FV_JOB_CLONE_SUM)
		return "its busiest thread";
	if (j->wl.threads > 1)
		return "each of its threads (the group's mean)";
	return "its thread";
}

static void evidence(const struct fv_job *j, char *buf, size_t len)
{
	double s = (double) j->job_runtime_ms / 1000;
	int n = snprintf(buf, len,
			 "usr %.1f%% + sys %.1f%% of a CPU: %s %.0f%%",
			 j->usr_cpu, j->sys_cpu, whose(j), j->cpu_busiest);

	if (j->cpu_whole_seconds && n > 0 && (size_t) n < len)
		n += snprintf(buf + n, len - (size_t) n,
			      " (whole seconds of CPU over %.1f s: "
			      "± %.0f%%)",
			      fv_job_runtime_s(j), fv_job_cpu_slack(j));

	if (s > 0 && j->ctx && n > 0 && (size_t) n < len)
		n += snprintf(buf + n, len - (size_t) n,
			      "; %.0f context switches/s, %.0f I/Os each",
			      (double) j->ctx / s, ios_per_switch(j));
	if (!isnan(j->cpu_idle) && n > 0 && (size_t) n < len)
		snprintf(buf + n, len - (size_t) n, "; %s %.1f%% idle (%s)",
			 j->cpu_idle_of, j->cpu_idle,
			 j->cpu_idle_run ? "the run's CPU record"
					 : "idle-prof");
}

/* Held to its rate, or polling: no CPU figure tells fio's limit. */
static int not_cpu(struct fv_vctx *vc, const struct fv_job *j, const char *ev)
{
	char why[600];
	const char *polls = fv_vjob_polls(j);

	if (fv_vjob_held_to_rate(j, why, sizeof(why)))
		return fv_vrow(vc, j->label, j->display, "load",
			       FV_V_HELD_TO_RATE, why,
			       "fio held the job to the rate it was asked for, "
			       "and the job reached it: the figures are that "
			       "rate, not a limit of fio or the storage");
	snprintf(why, sizeof(why),
		 "%s; its thread polls for completions (%s): busy by design",
		 ev, polls);
	return fv_vrow(vc, j->label, j->display, "load", FV_V_CANNOT_TELL, why,
		       "a polling thread's CPU says nothing of fio's own "
		       "limit: no finding");
}

int fv_vcheck_load(struct fv_vctx *vc, const struct fv_job *j)
{
	enum load l = load_of(vc->o, j);
	char ev[384];
	int ret;

	if (isnan(j->usr_cpu))
		return 0;
	evidence(j, ev, sizeof(ev));
	if (fv_vjob_held_to_rate(j, NULL, 0) ||
	    (l == LOAD_SATURATED && fv_vjob_polls(j)))
		return not_cpu(vc, j, ev);
	if (l == LOAD_UNSURE)
		return fv_vrow(vc, j->label, j->display, "load",
			       FV_V_CANNOT_TELL, ev,
			       "fio counted its CPU in whole seconds (no "
			       "context switch and no page fault counted, as "
			       "fio on Windows does): too coarse over this "
			       "run to tell whether fio was its own limit; "
			       "run it longer");
	if (l == LOAD_FREE)
		return fv_vrow(vc, j->label, j->display, "load",
			       FV_V_CPU_HEADROOM, ev,
			       "fio had CPU to spare: the figures are not "
			       "its own limit");
	if (l == LOAD_SATURATED)
		ret = fv_vrow(vc, j->label, j->display, "load", FV_V_LOAD_BOUND,
			      ev,
			      "fio's CPU was the limit (%s busy %.0f%% of a "
			      "CPU): the figures are how fast fio submits, not "
			      "what the storage serves; add jobs (numjobs), "
			      "batch submissions (iodepth_batch_submit, "
			      "iodepth_batch_complete_min) or use a lighter "
			      "engine",
			      whose(j), j->cpu_busiest);
	else
		ret = fv_vrow(
			vc, j->label, j->display, "load", FV_V_LOAD_BOUND, ev,
			"fio was starved of CPU (%s %.1f%% idle, the job "
			"%.0f%% of a CPU and %.0f I/Os per context switch "
			"at QD %d: it waited for a CPU, not the device): "
			"other work held it; run with fewer cores busy or "
			"allow it more CPUs (cpus_allowed)",
			j->cpu_idle_of, j->cpu_idle, j->cpu_busiest,
			ios_per_switch(j), depth_of(j));
	return ret ? ret
		   : fv_vrow_cause(vc,
				   l == LOAD_SATURATED
					   ? "fio's thread saturated its CPU"
					   : "fio starved of CPU by other "
					     "work");
}

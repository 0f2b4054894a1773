/* SPDX-License-Identifier: MIT */
/*
 * The thresholds of verdict and diff, their --fail-on, and where verdict
 * reads fio's logs. The command's own options are its struct fv_tables
 * (c->own); the defaults are fv_vopts_init()'s, the rules fioverdict(1)'s.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#include "cmd_int.h"

#define VO(field) offsetof(struct fv_tables, vo.field)

int fv_set_fail_on(struct fv_cmdline *c, const struct fv_option *o,
		   const char *arg)
{
	uint64_t *mask = (uint64_t *) ((char *) c->own + o->off);
	const char *bad = arg;

	char names[1024];
	size_t n = 0;

	if (!fv_fail_on_parse(arg, mask, &bad))
		return 0;
	for (int v = 0; v < FV_V_NR && n < sizeof(names); v++)
		n += (size_t) snprintf(names + n, sizeof(names) - n, "%s%s",
				       v ? ", " : "", fv_verdict_name(v));
	return fv_usage_error(
		c, "--fail-on: unknown verdict in '%s'; one of %s", bad, names);
}

static int set_ceiling(struct fv_cmdline *c, const struct fv_option *o,
		       const char *arg)
{
	struct fv_tables *x = c->own;
	int ret = fv_ceiling_parse(&x->vo, arg);

	if (ret == -ENOMEM)
		return FV_EXIT_SOFTWARE;
	return ret ? fv_option_invalid(c, o, arg,
				       "[LABEL:]iops=N,bw=SIZE (iops=50000, "
				       "bw=2g)")
		   : 0;
}

static int set_log_us(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	struct fv_tables *x = c->own;

	(void) o;
	(void) arg;
	x->logs.lat_us = true;
	return 0;
}

const struct fv_option fv_opts_fail_on[] = {
	FV_OPT_AT("fail-on", 0, "LIST",
		  "exit 1 when one of these verdicts occurs\n(comma-separated)",
		  fv_set_fail_on, VO(fail_on), 0, 0),
	FV_OPT_END,
};

const struct fv_option fv_opts_verdict[] = {
	FV_OPT("logs", 0, "DIR", "fio logs (also read beside the results)",
	       fv_set_logs),
	FV_OPT_AT("ts-bin", 0, "TIME",
		  "per-I/O log samples into windows of TIME [100ms]",
		  fv_set_period, offsetof(struct fv_tables, logs.bin_ms), 1e-3,
		  1e-3),
	FV_OPT("log-us", 0, NULL, "latency logs in µs (fio 2.x)", set_log_us),
	FV_OPT_AT("sigma", 0, "N",
		  "a fall, a trend or a spread counts when it is N\nstandard "
		  "errors wide [5]",
		  fv_set_number, VO(sigma), 1, 0),
	FV_OPT_AT(
		"collapse-ratio", 0, "R",
		"burst: a level below R x the one before is\na collapse [85%]",
		fv_set_ratio, VO(collapse_ratio), 0, 0),
	FV_OPT_AT("ss-rounds", 0, "N", "steady state: rounds in the window [5]",
		  fv_set_int, VO(ss_rounds), 2, 0),
	FV_OPT_AT("ss-round", 0, "TIME", "steady state: one round [1s]",
		  fv_set_period, VO(ss_round_ms), 1, 1e-3),
	FV_OPT_AT("ss-range", 0, "R",
		  "steady state: max - min within R of the mean "
		  "[20%]",
		  fv_set_ratio, VO(ss_range), 0, 0),
	FV_OPT_AT("ss-slope", 0, "R",
		  "steady state: the fitted line's excursion\nwithin R of the "
		  "mean "
		  "[10%]",
		  fv_set_ratio, VO(ss_excursion), 0, 0),
	FV_OPT_AT("cap-gain", 0, "R",
		  "cap: a doubled depth adds less than R IOPS [10%]",
		  fv_set_ratio, VO(cap_gain), 0, 0),
	FV_OPT_AT("cap-little", 0, "R",
		  "cap: latency within R of Little's law [15%]", fv_set_ratio,
		  VO(cap_little), 0, 0),
	FV_OPT_AT("cpu-busy", 0, "R",
		  "load: a fio thread busy R of a CPU or more is\nsaturated "
		  "[85%]",
		  fv_set_ratio, VO(cpu_busy), 0, 0),
	FV_OPT_AT("cpu-idle", 0, "R",
		  "load: a job's CPUs idle less than R starve it\n(idle-prof) "
		  "[5%]",
		  fv_set_ratio, VO(cpu_idle_max), 0, 0),
	FV_OPT_AT("min-runtime", 0, "TIME",
		  "methodology: shorter runs are flagged [60s]", fv_set_time,
		  VO(min_runtime_s), 1, 1),
	FV_OPT_AT("min-lat", 0, "TIME",
		  "cache: a mean total latency below TIME [5us]", fv_set_time,
		  VO(min_lat_ns), 1e-6, 1e-9),
	FV_OPT_AT("mem", 0, "SIZE",
		  "methodology: the tested machine's memory\n[what `run` "
		  "recorded; else unknown]",
		  fv_set_size, VO(mem_bytes), 0, 0),
	FV_OPT("ceiling", 0, "[LABEL:]iops=N,bw=SIZE",
	       "cache: figures above these are not the\nmedium's (repeatable)",
	       set_ceiling),
	FV_OPT_AT("tail-ratio", 0, "X", "tail: p99.9 above X x p50 [10]",
		  fv_set_number, VO(tail_ratio), 1, 0),
	FV_OPT_AT("tail-growth", 0, "X",
		  "tail: the last window's p99 above X x the\nfirst's [2]",
		  fv_set_number, VO(tail_growth), 1, 0),
	FV_OPT_AT("tail-windows", 0, "N",
		  "tail: windows of the latency log [5]", fv_set_int,
		  VO(tail_windows), 2, 0),
	FV_OPT_AT("outlier-z", 0, "Z",
		  "hosts: a modified z-score (median, MAD)\nbeyond Z [3.5]",
		  fv_set_number, VO(outlier_z), 0, 0),
	FV_OPT_AT("outlier-dev", 0, "R",
		  "hosts: and more than R from the fleet's\nmedian [25%]",
		  fv_set_ratio, VO(outlier_dev), 0, 0),
	FV_OPT_END,
};

/* A significance level: a ratio strictly between 0 and 1 (5% or 0.05). */
int fv_set_alpha(struct fv_cmdline *c, const struct fv_option *o,
		 const char *arg)
{
	int ret = fv_set_ratio(c, o, arg);
	double a = *(double *) ((char *) c->own + o->off);

	if (ret)
		return ret;
	return a > 0 && a < 1 ? 0
			      : fv_option_invalid(c, o, arg,
						  "a level between 0 and 1 "
						  "(5% or 0.05)");
}

static int set_baseline(struct fv_cmdline *c, const struct fv_option *o,
			const char *arg)
{
	struct fv_tables *x = c->own;

	(void) o;
	if (FV_ALLOC_GROW(x->baselines, x->nbaselines + 1, x->alloc_baselines))
		return FV_EXIT_SOFTWARE;
	x->baselines[x->nbaselines++] = (char *) arg;
	return 0;
}

/* Two runs compared (verdict's sweep depths, peak and steady). */
const struct fv_option fv_opts_noise[] = {
	FV_OPT_AT("noise-mult", 0, "X",
		  "two runs differ beyond X x their noise [3]", fv_set_number,
		  VO(noise_mult), 0, 0),
	FV_OPT_AT("default-noise", 0, "R",
		  "a run's noise when nothing measures it [10%]", fv_set_ratio,
		  VO(default_noise), 0, 0),
	FV_OPT_END,
};

const struct fv_option fv_opts_diff[] = {
	FV_OPT("baseline", 0, "PATH",
	       "the baseline's results: a file or folder of\nthem, or one "
	       "folder per run; again for more",
	       set_baseline),
	FV_OPT_AT("diff-tput", 0, "R", "throughput worse by more than R [10%]",
		  fv_set_ratio, VO(diff_tput), 0, 0),
	FV_OPT_AT("diff-p99", 0, "R", "p99 worse by more than R [20%]",
		  fv_set_ratio, VO(diff_p99), 0, 0),
	FV_OPT_AT(
		"alpha", 0, "P",
		"significance of a change of a job's primary\nfigure, each way "
		"[0.05]",
		fv_set_alpha, VO(alpha), 0, 0),
	FV_OPT_AT("noise", 0, "X",
		  "single runs' throughput differs by up to X\ntimes: "
		  "beyond, a change counts untested [10]",
		  fv_set_number, VO(noise_tput), 1, 0),
	FV_OPT_AT("noise-lat", 0, "X",
		  "single runs' p99 differs by up to X times [40]",
		  fv_set_number, VO(noise_lat), 1, 0),
	FV_OPT_AT("min-baseline", 0, "N",
		  "fewer baseline runs: insufficient-baseline [1]", fv_set_int,
		  VO(min_baseline), 1, 0),
	FV_OPT_AT("lat-floor", 0, "TIME",
		  "p99 changes smaller than TIME are jitter [20us]",
		  fv_set_time, VO(lat_floor_ns), 1e-6, 1e-9),
	FV_OPT_END,
};

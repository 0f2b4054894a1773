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

int fv_set_fail_on(struct fv_cmdline *c, const struct fv_option *o,
		   const char *arg)
{
	uint64_t *mask = o->u64(c);
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

FV_OPT_FIELD(at_vo_fail_on, uint64_t, struct fv_tables, vo.fail_on)

const struct fv_option fv_opts_fail_on[] = {
	FV_OPT_U64(
		"fail-on", 0, "LIST",
		"exit 1 when one of these verdicts occurs\n(comma-separated)",
		fv_set_fail_on, at_vo_fail_on),
	FV_OPT_END,
};

FV_OPT_FIELD(at_logs_bin_ms, double, struct fv_tables, logs.bin_ms)
FV_OPT_FIELD(at_logs_lat_us, bool, struct fv_tables, logs.lat_us)
FV_OPT_FIELD(at_vo_sigma, double, struct fv_tables, vo.sigma)
FV_OPT_FIELD(at_vo_collapse_ratio, double, struct fv_tables, vo.collapse_ratio)
FV_OPT_FIELD(at_vo_ss_rounds, int, struct fv_tables, vo.ss_rounds)
FV_OPT_FIELD(at_vo_ss_round_ms, double, struct fv_tables, vo.ss_round_ms)
FV_OPT_FIELD(at_vo_ss_range, double, struct fv_tables, vo.ss_range)
FV_OPT_FIELD(at_vo_ss_excursion, double, struct fv_tables, vo.ss_excursion)
FV_OPT_FIELD(at_vo_cap_gain, double, struct fv_tables, vo.cap_gain)
FV_OPT_FIELD(at_vo_cap_little, double, struct fv_tables, vo.cap_little)
FV_OPT_FIELD(at_vo_cpu_busy, double, struct fv_tables, vo.cpu_busy)
FV_OPT_FIELD(at_vo_cpu_idle_max, double, struct fv_tables, vo.cpu_idle_max)
FV_OPT_FIELD(at_vo_min_runtime_s, double, struct fv_tables, vo.min_runtime_s)
FV_OPT_FIELD(at_vo_min_lat_ns, double, struct fv_tables, vo.min_lat_ns)
FV_OPT_FIELD(at_vo_mem_bytes, double, struct fv_tables, vo.mem_bytes)
FV_OPT_FIELD(at_vo_tail_ratio, double, struct fv_tables, vo.tail_ratio)
FV_OPT_FIELD(at_vo_tail_growth, double, struct fv_tables, vo.tail_growth)
FV_OPT_FIELD(at_vo_tail_windows, int, struct fv_tables, vo.tail_windows)
FV_OPT_FIELD(at_vo_outlier_z, double, struct fv_tables, vo.outlier_z)
FV_OPT_FIELD(at_vo_outlier_dev, double, struct fv_tables, vo.outlier_dev)

const struct fv_option fv_opts_verdict[] = {
	FV_OPT("logs", 0, "DIR", "fio logs (also read beside the results)",
	       fv_set_logs),
	FV_OPT_DOUBLE("ts-bin", 0, "TIME",
		      "per-I/O log samples into windows of TIME [100ms]",
		      fv_set_period, at_logs_bin_ms, 1e-3, 1e-3),
	FV_OPT_BOOL("log-us", 0, "latency logs in µs (fio 2.x)",
		    at_logs_lat_us),
	FV_OPT_DOUBLE(
		"sigma", 0, "N",
		"a fall, a trend or a spread counts when it is N\nstandard "
		"errors wide [5]",
		fv_set_number, at_vo_sigma, 1, 0),
	FV_OPT_DOUBLE(
		"collapse-ratio", 0, "R",
		"burst: a level below R x the one before is\na collapse [85%]",
		fv_set_ratio, at_vo_collapse_ratio, 0, 0),
	FV_OPT_INT("ss-rounds", 0, "N",
		   "steady state: rounds in the window [5]", at_vo_ss_rounds,
		   2),
	FV_OPT_DOUBLE("ss-round", 0, "TIME", "steady state: one round [1s]",
		      fv_set_period, at_vo_ss_round_ms, 1, 1e-3),
	FV_OPT_DOUBLE("ss-range", 0, "R",
		      "steady state: max - min within R of the mean "
		      "[20%]",
		      fv_set_ratio, at_vo_ss_range, 0, 0),
	FV_OPT_DOUBLE(
		"ss-slope", 0, "R",
		"steady state: the fitted line's excursion\nwithin R of the "
		"mean "
		"[10%]",
		fv_set_ratio, at_vo_ss_excursion, 0, 0),
	FV_OPT_DOUBLE("cap-gain", 0, "R",
		      "cap: a doubled depth adds less than R IOPS [10%]",
		      fv_set_ratio, at_vo_cap_gain, 0, 0),
	FV_OPT_DOUBLE("cap-little", 0, "R",
		      "cap: latency within R of Little's law [15%]",
		      fv_set_ratio, at_vo_cap_little, 0, 0),
	FV_OPT_DOUBLE(
		"cpu-busy", 0, "R",
		"load: a fio thread busy R of a CPU or more is\nsaturated "
		"[85%]",
		fv_set_ratio, at_vo_cpu_busy, 0, 0),
	FV_OPT_DOUBLE(
		"cpu-idle", 0, "R",
		"load: a job's CPUs idle less than R starve it\n(idle-prof) "
		"[5%]",
		fv_set_ratio, at_vo_cpu_idle_max, 0, 0),
	FV_OPT_DOUBLE("min-runtime", 0, "TIME",
		      "methodology: shorter runs are flagged [60s]",
		      fv_set_time, at_vo_min_runtime_s, 1, 1),
	FV_OPT_DOUBLE("min-lat", 0, "TIME",
		      "cache: a mean total latency below TIME [5us]",
		      fv_set_time, at_vo_min_lat_ns, 1e-6, 1e-9),
	FV_OPT_DOUBLE("mem", 0, "SIZE",
		      "methodology: the tested machine's memory\n[what `run` "
		      "recorded; else unknown]",
		      fv_set_size, at_vo_mem_bytes, 0, 0),
	FV_OPT("ceiling", 0, "[LABEL:]iops=N,bw=SIZE",
	       "cache: figures above these are not the\nmedium's (repeatable)",
	       set_ceiling),
	FV_OPT_DOUBLE("tail-ratio", 0, "X", "tail: p99.9 above X x p50 [10]",
		      fv_set_number, at_vo_tail_ratio, 1, 0),
	FV_OPT_DOUBLE("tail-growth", 0, "X",
		      "tail: the last window's p99 above X x the\nfirst's [2]",
		      fv_set_number, at_vo_tail_growth, 1, 0),
	FV_OPT_INT("tail-windows", 0, "N",
		   "tail: windows of the latency log [5]", at_vo_tail_windows,
		   2),
	FV_OPT_DOUBLE("outlier-z", 0, "Z",
		      "hosts: a modified z-score (median, MAD)\nbeyond Z [3.5]",
		      fv_set_number, at_vo_outlier_z, 0, 0),
	FV_OPT_DOUBLE("outlier-dev", 0, "R",
		      "hosts: and more than R from the fleet's\nmedian [25%]",
		      fv_set_ratio, at_vo_outlier_dev, 0, 0),
	FV_OPT_END,
};

/* A significance level: a ratio strictly between 0 and 1 (5% or 0.05). */
int fv_set_alpha(struct fv_cmdline *c, const struct fv_option *o,
		 const char *arg)
{
	int ret = fv_set_ratio(c, o, arg);
	double a = *o->dbl(c);

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
	return fv_push_path(&x->baselines, &x->nbaselines, &x->alloc_baselines,
			    arg);
}

/* Two runs compared (verdict's sweep depths, peak and steady). */
FV_OPT_FIELD(at_vo_noise_mult, double, struct fv_tables, vo.noise_mult)
FV_OPT_FIELD(at_vo_default_noise, double, struct fv_tables, vo.default_noise)

const struct fv_option fv_opts_noise[] = {
	FV_OPT_DOUBLE("noise-mult", 0, "X",
		      "two runs differ beyond X x their noise [3]",
		      fv_set_number, at_vo_noise_mult, 0, 0),
	FV_OPT_DOUBLE("default-noise", 0, "R",
		      "a run's noise when nothing measures it [10%]",
		      fv_set_ratio, at_vo_default_noise, 0, 0),
	FV_OPT_END,
};

FV_OPT_FIELD(at_vo_diff_tput, double, struct fv_tables, vo.diff_tput)
FV_OPT_FIELD(at_vo_diff_p99, double, struct fv_tables, vo.diff_p99)
FV_OPT_ACCESSOR(fv_at_vo_alpha, double, struct fv_tables, vo.alpha)
FV_OPT_FIELD(at_vo_noise_tput, double, struct fv_tables, vo.noise_tput)
FV_OPT_FIELD(at_vo_noise_lat, double, struct fv_tables, vo.noise_lat)
FV_OPT_FIELD(at_vo_min_baseline, int, struct fv_tables, vo.min_baseline)
FV_OPT_FIELD(at_vo_lat_floor_ns, double, struct fv_tables, vo.lat_floor_ns)

const struct fv_option fv_opts_diff[] = {
	FV_OPT("baseline", 0, "PATH",
	       "the baseline's results: a file or folder of\nthem, or one "
	       "folder per run; again for more",
	       set_baseline),
	FV_OPT_DOUBLE("diff-tput", 0, "R",
		      "throughput worse by more than R [10%]", fv_set_ratio,
		      at_vo_diff_tput, 0, 0),
	FV_OPT_DOUBLE("diff-p99", 0, "R", "p99 worse by more than R [20%]",
		      fv_set_ratio, at_vo_diff_p99, 0, 0),
	FV_OPT_DOUBLE(
		"alpha", 0, "P",
		"significance of a change of a job's primary\nfigure, each way "
		"[0.05]",
		fv_set_alpha, fv_at_vo_alpha, 0, 0),
	FV_OPT_DOUBLE("noise", 0, "X",
		      "single runs' throughput differs by up to X\ntimes: "
		      "beyond, a change counts untested [10]",
		      fv_set_number, at_vo_noise_tput, 1, 0),
	FV_OPT_DOUBLE("noise-lat", 0, "X",
		      "single runs' p99 differs by up to X times [40]",
		      fv_set_number, at_vo_noise_lat, 1, 0),
	FV_OPT_INT("min-baseline", 0, "N",
		   "fewer baseline runs: insufficient-baseline [1]",
		   at_vo_min_baseline, 1),
	FV_OPT_DOUBLE("lat-floor", 0, "TIME",
		      "p99 changes smaller than TIME are jitter [20us]",
		      fv_set_time, at_vo_lat_floor_ns, 1e-6, 1e-9),
	FV_OPT_END,
};

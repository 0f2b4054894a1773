/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "fioopt.h"
#include "verdict_cli.h"

enum {
	V_COLLAPSE = FV_VOPT_BASE,
	V_CP_GAIN,
	V_SS_ROUNDS,
	V_SS_ROUND,
	V_SS_RANGE,
	V_SS_SLOPE,
	V_CAP_GAIN,
	V_CAP_LITTLE,
	V_MIN_RUNTIME,
	V_MIN_LAT,
	V_MEM,
	V_CEILING,
	V_FLUSH_P50,
	V_TAIL_RATIO,
	V_TAIL_GROWTH,
	V_TAIL_WINDOWS,
	V_DIFF_TPUT,
	V_DIFF_P99,
	V_NOISE_MULT,
	V_MIN_BASELINE,
	V_FAIL_ON,
	V_BASELINE,
	V_LOGS,
	V_TS_BIN,
	V_LOG_US,
	V_LAT_FLOOR,
};

const struct option fv_vopt_long[] = {
	{ "collapse-ratio", required_argument, NULL, V_COLLAPSE },
	{ "cp-gain", required_argument, NULL, V_CP_GAIN },
	{ "ss-rounds", required_argument, NULL, V_SS_ROUNDS },
	{ "ss-round", required_argument, NULL, V_SS_ROUND },
	{ "ss-range", required_argument, NULL, V_SS_RANGE },
	{ "ss-slope", required_argument, NULL, V_SS_SLOPE },
	{ "cap-gain", required_argument, NULL, V_CAP_GAIN },
	{ "cap-little", required_argument, NULL, V_CAP_LITTLE },
	{ "min-runtime", required_argument, NULL, V_MIN_RUNTIME },
	{ "min-lat", required_argument, NULL, V_MIN_LAT },
	{ "mem", required_argument, NULL, V_MEM },
	{ "ceiling", required_argument, NULL, V_CEILING },
	{ "flush-p50", required_argument, NULL, V_FLUSH_P50 },
	{ "tail-ratio", required_argument, NULL, V_TAIL_RATIO },
	{ "tail-growth", required_argument, NULL, V_TAIL_GROWTH },
	{ "tail-windows", required_argument, NULL, V_TAIL_WINDOWS },
	{ "diff-tput", required_argument, NULL, V_DIFF_TPUT },
	{ "diff-p99", required_argument, NULL, V_DIFF_P99 },
	{ "noise-mult", required_argument, NULL, V_NOISE_MULT },
	{ "min-baseline", required_argument, NULL, V_MIN_BASELINE },
	{ "fail-on", required_argument, NULL, V_FAIL_ON },
	{ "baseline", required_argument, NULL, V_BASELINE },
	{ "logs", required_argument, NULL, V_LOGS },
	{ "ts-bin", required_argument, NULL, V_TS_BIN },
	{ "log-us", no_argument, NULL, V_LOG_US },
	{ "lat-floor", required_argument, NULL, V_LAT_FLOOR },
};
const size_t fv_vopt_count = sizeof(fv_vopt_long) / sizeof(*fv_vopt_long);

void fv_vopt_usage(FILE *out)
{
	fputs("\nverdict and diff (defaults in brackets; see fioverdict(1)):\n"
	      "      --fail-on LIST     exit 1 when one of these verdicts "
	      "occurs\n"
	      "      --baseline DIR     diff: the baseline results\n"
	      "      --logs DIR         fio logs (also read beside the "
	      "results)\n"
	      "      --collapse-ratio R [85%]  --cp-gain R [0.5]\n"
	      "      --ss-rounds N [5]  --ss-round TIME [1s]  --ss-range R "
	      "[20%]  --ss-slope R [10%]\n"
	      "      --cap-gain R [10%]  --cap-little R [15%]\n"
	      "      --min-runtime TIME [60s]  --min-lat TIME [1us]  --mem "
	      "SIZE [MemTotal]\n"
	      "      --ceiling [LABEL:]iops=N,bw=SIZE  --flush-p50 TIME "
	      "[20us]\n"
	      "      --tail-ratio X [10]  --tail-growth X [2]  "
	      "--tail-windows N [5]\n"
	      "      --diff-tput R [10%]  --diff-p99 R [20%]  --noise-mult X "
	      "[3]  --min-baseline N [1]\n"
	      "      --lat-floor TIME [20us] (smaller p99 changes are jitter)\n"
	      "      --ts-bin TIME [100ms]  --log-us (latency logs in µs)\n",
	      out);
}

/* "85%" -> 0.85, "0.85" -> 0.85. */
static int ratio(const char *s, double *v)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || !isfinite(x) || x < 0)
		return -EINVAL;
	if (*end == '%')
		x /= 100, end++;
	if (*end)
		return -EINVAL;
	*v = x;
	return 0;
}

static int number(const char *s, double *v, double min)
{
	char *end;
	double x = strtod(s, &end);

	if (end == s || *end || !isfinite(x) || x < min)
		return -EINVAL;
	*v = x;
	return 0;
}

/* A time with a unit (ns, us, µs, ms, s, m, h) or in def_s seconds. */
static int duration_s(const char *s, double def_s, double *v)
{
	static const struct {
		const char *u;
		double s;
	} units[] = { { "ns", 1e-9 }, { "us", 1e-6 }, { "µs", 1e-6 },
		      { "ms", 1e-3 }, { "s", 1 },     { "m", 60 },
		      { "h", 3600 },  { "", 0 } };
	char *end;
	double x = strtod(s, &end);

	if (end == s || !isfinite(x) || x < 0)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(units) / sizeof(*units); i++)
		if (!strcmp(end, units[i].u)) {
			*v = x * (units[i].s ? units[i].s : def_s);
			return 0;
		}
	return -EINVAL;
}

static int add_dir(struct fv_vopts *o, const char *arg)
{
	char **v = realloc(o->log_dirs, (o->nlog_dirs + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	v[o->nlog_dirs++] = (char *) arg;
	o->log_dirs = v;
	return 0;
}

static int int_opt(const char *arg, int *v, int min)
{
	long n;

	if (fv_opt_int(arg, &n) || n < min || n > 1000000)
		return -EINVAL;
	*v = (int) n;
	return 0;
}

static int size_opt(const char *arg, double *v)
{
	uint64_t b;

	if (fv_opt_size(arg, &b))
		return -EINVAL;
	*v = (double) b;
	return 0;
}

static int fail_on(struct fv_vopts *o, const char *arg, FILE *err)
{
	const char *bad = arg;

	if (!fv_fail_on_parse(arg, &o->fail_on, &bad))
		return 0;
	fprintf(err, "fioverdict: --fail-on: unknown verdict in '%s'; one of",
		bad);
	for (int v = 0; v < FV_V_NR; v++)
		fprintf(err, " %s", fv_verdict_name(v));
	fputc('\n', err);
	return -EINVAL;
}

static int dispatch(struct fv_vopts *o, int opt, const char *a, FILE *err)
{
	double s;
	int ret;

	switch (opt) {
	case V_COLLAPSE:
		return ratio(a, &o->collapse_ratio);
	case V_CP_GAIN:
		return ratio(a, &o->cp_gain);
	case V_SS_ROUNDS:
		return int_opt(a, &o->ss_rounds, 2);
	case V_SS_ROUND:
		ret = duration_s(a, 1, &s);
		o->ss_round_ms = s * 1000;
		return ret || s <= 0 ? -EINVAL : 0;
	case V_SS_RANGE:
		return ratio(a, &o->ss_range);
	case V_SS_SLOPE:
		return ratio(a, &o->ss_excursion);
	case V_CAP_GAIN:
		return ratio(a, &o->cap_gain);
	case V_CAP_LITTLE:
		return ratio(a, &o->cap_little);
	case V_MIN_RUNTIME:
		return duration_s(a, 1, &o->min_runtime_s);
	case V_MIN_LAT:
		ret = duration_s(a, 1e-6, &s);
		o->min_lat_ns = s * 1e9;
		return ret;
	case V_MEM:
		return size_opt(a, &o->mem_bytes);
	case V_CEILING:
		return fv_ceiling_parse(o, a);
	case V_FLUSH_P50:
		ret = duration_s(a, 1e-6, &s);
		o->flush_p50_ns = s * 1e9;
		return ret;
	case V_TAIL_RATIO:
		return number(a, &o->tail_ratio, 1);
	case V_TAIL_GROWTH:
		return number(a, &o->tail_growth, 1);
	case V_TAIL_WINDOWS:
		return int_opt(a, &o->tail_windows, 2);
	case V_DIFF_TPUT:
		return ratio(a, &o->diff_tput);
	case V_DIFF_P99:
		return ratio(a, &o->diff_p99);
	case V_NOISE_MULT:
		return number(a, &o->noise_mult, 0);
	case V_MIN_BASELINE:
		return int_opt(a, &o->min_baseline, 1);
	case V_FAIL_ON:
		return fail_on(o, a, err);
	case V_BASELINE:
		o->baseline = a;
		return 0;
	case V_LOGS:
		return add_dir(o, a);
	case V_TS_BIN:
		ret = duration_s(a, 1e-3, &s);
		o->ts.bin_ms = s * 1000;
		return ret || s <= 0 ? -EINVAL : 0;
	case V_LOG_US:
		o->ts.lat_us = true;
		return 0;
	case V_LAT_FLOOR:
		ret = duration_s(a, 1e-6, &s);
		o->lat_floor_ns = s * 1e9;
		return ret;
	}
	return -EINVAL;
}

int fv_vopt_parse(struct fv_vopts *o, int opt, const char *arg, FILE *err)
{
	int ret = dispatch(o, opt, arg, err);
	const char *name = "?";

	if (ret != -EINVAL || opt == V_FAIL_ON)
		return ret;
	for (size_t i = 0; i < fv_vopt_count; i++)
		if (fv_vopt_long[i].val == opt)
			name = fv_vopt_long[i].name;
	fprintf(err,
		"fioverdict: --%s: invalid value '%s' (see "
		"fioverdict(1))\n",
		name, arg ? arg : "");
	return ret;
}

void fv_vopt_split_inputs(struct fv_vopts *o, char **inputs, size_t *n)
{
	size_t keep = 0, nlogs = 0;
	char **logs = calloc(*n + 1, sizeof(*logs));

	if (!logs)
		return; /* the logs then stay inputs: errors, not a crash */
	for (size_t i = 0; i < *n; i++) {
		if (fv_ts_is_log(inputs[i]))
			logs[nlogs++] = inputs[i];
		else
			inputs[keep++] = inputs[i];
	}
	memcpy(inputs + keep, logs, nlogs * sizeof(*logs));
	free(logs);
	o->named_logs = inputs + keep;
	o->nnamed_logs = nlogs;
	*n = keep;
}

static int load_dir_once(struct fv_vopts *o, const char *dir,
			 struct fv_diags *d, char ***seen, size_t *nseen)
{
	char **v;

	for (size_t i = 0; i < *nseen; i++)
		if (!strcmp((*seen)[i], dir))
			return 0;
	v = realloc(*seen, (*nseen + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	*seen = v;
	v[(*nseen)++] = (char *) dir;
	return fv_ts_load_dir(&o->ts, dir, d);
}

static int load_logs(struct fv_vopts *o, struct fv_set *set)
{
	char **seen = NULL;
	size_t nseen = 0;
	int ret = 0;

	for (size_t i = 0; i < o->nnamed_logs && ret != -ENOMEM; i++)
		ret = fv_ts_load_file(&o->ts, o->named_logs[i], &set->diags);
	for (size_t i = 0; i < o->nlog_dirs && ret != -ENOMEM; i++)
		ret = load_dir_once(o, o->log_dirs[i], &set->diags, &seen,
				    &nseen);
	/* Logs beside the results (not for stdin). */
	for (size_t i = 0; i < set->njobs && ret != -ENOMEM; i++)
		if (set->jobs[i]->source_dir)
			ret = load_dir_once(o, set->jobs[i]->source_dir,
					    &set->diags, &seen, &nseen);
	free(seen);
	return ret == -ENOMEM ? ret : 0;
}

int fv_vopt_prepare(struct fv_vopts *o, struct fv_set *set,
		    const struct fv_cli *c,
		    int (*annotate)(struct fv_set *, const struct fv_cli *))
{
	char *base[1] = { (char *) o->baseline };
	int ret = load_logs(o, set);

	ret = ret ? ret : fv_ts_join(&o->ts, set, &set->diags);
	if (ret || !o->baseline)
		return ret;
	o->base_set = calloc(1, sizeof(*o->base_set));
	if (!o->base_set)
		return -ENOMEM;
	fv_set_init(o->base_set, &set->pcts);
	ret = fv_load(o->base_set, base, 1);
	ret = ret ? ret : annotate(o->base_set, c);
	/* The baseline's problems are the user's too. */
	for (size_t i = 0; !ret && i < o->base_set->diags.n; i++) {
		const struct fv_diag *x = &o->base_set->diags.v[i];

		ret = fv_diag_add(&set->diags, x->severity, x->file, x->line,
				  x->column, "%s", x->message);
	}
	if (!ret && !o->base_set->njobs)
		ret = fv_diag_add(&set->diags, FV_WARNING, o->baseline, 0, 0,
				  "no fio results in the baseline");
	return ret;
}

/* SPDX-License-Identifier: MIT */
/* Verdict names, default thresholds, --fail-on and --ceiling values. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verdict.h"

static const struct {
	const char *name;
	enum fv_outcome outcome;
} kinds[FV_V_NR] = {
	[FV_V_SUSTAINED] = { "sustained", FV_PASS },
	[FV_V_BURST_COLLAPSE] = { "burst-collapse", FV_FAIL },
	[FV_V_BURST_SPENT] = { "burst-spent", FV_FAIL },
	[FV_V_STEADY] = { "steady", FV_PASS },
	[FV_V_STEADY_FAIL] = { "steady-state-failure", FV_FAIL },
	[FV_V_NOT_CAPPED] = { "not-capped", FV_PASS },
	[FV_V_CAPPED] = { "capped", FV_FAIL },
	[FV_V_NO_CACHE_SIGN] = { "no-cache-sign", FV_PASS },
	[FV_V_CACHE_SUSPECT] = { "cache-suspect", FV_FAIL },
	[FV_V_CACHE_UNVERIFIED] = { "cache-unverified", FV_WARN },
	[FV_V_METHOD_OK] = { "methodology-ok", FV_PASS },
	[FV_V_METHODOLOGY] = { "methodology", FV_WARN },
	[FV_V_NO_STORAGE] = { "no-storage", FV_WARN },
	[FV_V_FLUSH_REAL] = { "flush-real", FV_PASS },
	[FV_V_FLUSH_NOOP] = { "flush-noop", FV_FAIL },
	[FV_V_FLUSH_UNVERIFIED] = { "flush-unverified", FV_WARN },
	[FV_V_TAIL_STABLE] = { "tail-stable", FV_PASS },
	[FV_V_TAIL_UNSTABLE] = { "tail-unstable", FV_FAIL },
	[FV_V_STABLE] = { "stable", FV_PASS },
	[FV_V_INCONCLUSIVE] = { "inconclusive", FV_WARN },
	[FV_V_IMPROVEMENT] = { "improvement", FV_PASS },
	[FV_V_REGRESSION] = { "regression", FV_FAIL },
	[FV_V_INSUFFICIENT] = { "insufficient-baseline", FV_WARN },
	[FV_V_HOST_IN_LINE] = { "host-in-line", FV_PASS },
	[FV_V_HOST_OUTLIER] = { "host-outlier", FV_FAIL },
	[FV_V_CPU_HEADROOM] = { "cpu-headroom", FV_PASS },
	[FV_V_LOAD_BOUND] = { "load-bound", FV_FAIL },
	[FV_V_LAT_STABLE] = { "latency-stable", FV_PASS },
	[FV_V_LAT_STEP] = { "latency-step", FV_FAIL },
	[FV_V_LAT_DRIFT] = { "latency-drift", FV_FAIL },
	[FV_V_LAT_SPIKES] = { "latency-spikes", FV_WARN },
	[FV_V_FAILED] = { "failed", FV_FAIL },
	[FV_V_CANNOT_TELL] = { "cannot-tell", FV_PASS },
	[FV_V_HELD_TO_RATE] = { "held-to-rate", FV_PASS },
};

const char *fv_verdict_name(enum fv_verdict v)
{
	return v < FV_V_NR ? kinds[v].name : "?";
}

enum fv_outcome fv_verdict_outcome(enum fv_verdict v)
{
	return v < FV_V_NR ? kinds[v].outcome : FV_FAIL;
}

const char *fv_outcome_name(enum fv_outcome o)
{
	return o == FV_PASS ? "pass" : o == FV_WARN ? "warn" : "fail";
}

bool fv_verdict_bad(enum fv_verdict v)
{
	return fv_verdict_outcome(v) == FV_FAIL;
}

void fv_vopts_init(struct fv_vopts *o)
{
	memset(o, 0, sizeof(*o));
	o->collapse_ratio = 0.85;
	o->sigma = 5;
	o->ss_rounds = 5;
	o->ss_round_ms = 1000;
	o->ss_range = 0.20;
	o->ss_excursion = 0.10;
	o->cap_gain = 0.10;
	o->cap_little = 0.15;
	o->cpu_busy = 0.85;
	o->cpu_idle_max = 0.05;
	o->min_runtime_s = 60;
	o->min_lat_ns = 5000;
	o->tail_ratio = 10;
	o->tail_growth = 2;
	o->tail_windows = 5;
	o->diff_tput = 0.10;
	o->diff_p99 = 0.20;
	o->noise_mult = 3;
	o->default_noise = 0.10;
	o->lat_floor_ns = 20000;
	o->min_baseline = 1;
	o->alpha = 0.05;
	o->noise_tput = 10;
	o->noise_lat = 40;
	o->threshold = 0.05;
	o->min_segment = 3;
	o->outlier_z = 3.5;
	o->outlier_dev = 0.25;
}

void fv_vopts_free(struct fv_vopts *o)
{
	for (size_t i = 0; i < o->nceil; i++)
		free(o->ceil[i].label);
	free(o->ceil);
	memset(o, 0, sizeof(*o));
}

int fv_fail_on_parse(const char *s, uint64_t *mask, const char **bad)
{
	char buf[512], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", s);
	*mask = 0;
	for (char *w = strtok_r(buf, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		int v = 0;

		while (v < FV_V_NR && strcmp(kinds[v].name, w))
			v++;
		if (v == FV_V_NR) {
			*bad = strstr(s, w);
			return -EINVAL;
		}
		*mask |= (uint64_t) 1 << v;
	}
	return 0;
}

/* "iops=N" or "bw=SIZE" (per second). */
static int ceiling_item(struct fv_ceiling *c, const char *item)
{
	uint64_t v;
	long n;

	if (!strncmp(item, "iops=", 5) && !fv_opt_size(item + 5, &v) &&
	    !fv_opt_int(item + 5, &n) && n > 0) {
		c->iops = (double) n;
		return 0;
	}
	if (!strncmp(item, "bw=", 3) && !fv_opt_size(item + 3, &v) && v) {
		c->bw = (double) v;
		return 0;
	}
	return -EINVAL;
}

int fv_ceiling_parse(struct fv_vopts *o, const char *s)
{
	struct fv_ceiling c = { 0 };
	const char *colon = strchr(s, ':'), *items = colon ? colon + 1 : s;
	char buf[256], *save = NULL;
	int ret = 0;

	snprintf(buf, sizeof(buf), "%s", items);
	for (char *w = strtok_r(buf, ",", &save); w && !ret;
	     w = strtok_r(NULL, ",", &save))
		ret = ceiling_item(&c, w);
	if (ret || (!c.iops && !c.bw))
		return -EINVAL;
	if (colon && !(c.label = strndup(s, (size_t) (colon - s))))
		return -ENOMEM;
	if (FV_ALLOC_GROW(o->ceil, o->nceil + 1, o->ceil_alloc)) {
		free(c.label);
		return -ENOMEM;
	}
	o->ceil[o->nceil++] = c;
	return 0;
}

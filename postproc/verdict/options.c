/* SPDX-License-Identifier: MIT */
/* Verdict names, default thresholds, --fail-on and --ceiling values. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verdict.h"

static const char *const names[FV_V_NR] = {
	"sustained",
	"burst-collapse",
	"steady",
	"steady-state-failure",
	"not-capped",
	"capped",
	"no-cache-sign",
	"cache-suspect",
	"methodology-ok",
	"methodology",
	"flush-ok",
	"flush-noop",
	"tail-stable",
	"tail-unstable",
	"stable",
	"noisy",
	"improvement",
	"regression",
	"insufficient-baseline",
	"host-in-line",
	"host-outlier",
};

const char *fv_verdict_name(enum fv_verdict v)
{
	return v < FV_V_NR ? names[v] : "?";
}

bool fv_verdict_bad(enum fv_verdict v)
{
	switch (v) {
	case FV_V_BURST_COLLAPSE:
	case FV_V_STEADY_FAIL:
	case FV_V_CAPPED:
	case FV_V_CACHE_SUSPECT:
	case FV_V_METHODOLOGY:
	case FV_V_FLUSH_NOOP:
	case FV_V_TAIL_UNSTABLE:
	case FV_V_REGRESSION:
	case FV_V_HOST_OUTLIER:
		return true;
	default:
		return false;
	}
}

static double mem_total(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	unsigned long long kib = 0;
	char line[128];

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
			break;
	fclose(f);
	return (double) kib * 1024;
}

void fv_vopts_init(struct fv_vopts *o)
{
	memset(o, 0, sizeof(*o));
	o->collapse_ratio = 0.85;
	o->cp_gain = 0.5;
	o->ss_rounds = 5;
	o->ss_round_ms = 1000;
	o->ss_range = 0.20;
	o->ss_excursion = 0.10;
	o->cap_gain = 0.10;
	o->cap_little = 0.15;
	o->min_runtime_s = 60;
	o->min_lat_ns = 1000;
	o->mem_bytes = mem_total();
	o->flush_p50_ns = 20000;
	o->tail_ratio = 10;
	o->tail_growth = 2;
	o->tail_windows = 5;
	o->diff_tput = 0.10;
	o->diff_p99 = 0.20;
	o->noise_mult = 3;
	o->lat_floor_ns = 20000;
	o->min_baseline = 1;
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

int fv_fail_on_parse(const char *s, uint32_t *mask, const char **bad)
{
	char buf[512], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", s);
	*mask = 0;
	for (char *w = strtok_r(buf, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		int v = 0;

		while (v < FV_V_NR && strcmp(names[v], w))
			v++;
		if (v == FV_V_NR) {
			*bad = strstr(s, w);
			return -EINVAL;
		}
		*mask |= 1u << v;
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
	struct fv_ceiling c = { 0 }, *v;
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
	v = realloc(o->ceil, (o->nceil + 1) * sizeof(*v));
	if (!v) {
		free(c.label);
		return -ENOMEM;
	}
	o->ceil = v;
	o->ceil[o->nceil++] = c;
	return 0;
}

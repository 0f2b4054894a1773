/* SPDX-License-Identifier: MIT */
/*
 * fio's --idle-prof=percpu: idle threads of the lowest priority on every
 * CPU measure how much of it nothing else wanted ("cpu_idleness":
 * "system", "cpu-N", percent). Of a job, what counts is the idleness of
 * the CPUs it could run on: a job held by cpus_allowed to a CPU that
 * another process keeps busy is starved even when the others are idle.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"

/* The idleness of CPU n in fio's cpu_idleness, NAN when not measured. */
static double json_idle(const void *ci, long n)
{
	char key[32];

	snprintf(key, sizeof(key), "cpu-%ld", n);
	return fv_jnum(ci, key);
}

double fv_cpus_idle(const char *list, double (*idle)(const void *, long),
		    const void *ctx)
{
	double sum = 0;
	long count = 0;
	const char *p = list;

	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a;

		if (end == p || a < 0)
			return NAN;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a || b - a > 4096)
				return NAN;
		}
		for (long n = a; n <= b; n++) {
			double v = idle(ctx, n);

			if (isnan(v))
				return NAN;
			sum += v;
			count++;
		}
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return NAN;
	}
	return count ? sum / (double) count : NAN;
}

void fv_cpu_idle_of(const json_t *root, struct fv_job *j)
{
	const json_t *ci = json_object_get(root, "cpu_idleness");
	const char *list = fv_job_opt(j, "cpus_allowed");
	double v;

	if (!json_is_object(ci))
		return;
	if (list) {
		v = fv_cpus_idle(list, json_idle, ci);
		snprintf(j->cpu_idle_of, sizeof(j->cpu_idle_of), "%s %s",
			 strpbrk(list, ",-") ? "CPUs" : "CPU", list);
	} else {
		v = fv_jnum(ci, "system");
		snprintf(j->cpu_idle_of, sizeof(j->cpu_idle_of), "all CPUs");
	}
	if (isnan(v) || v < 0 || v > 100.5)
		return;
	j->cpu_idle = v;
}

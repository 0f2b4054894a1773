/* SPDX-License-Identifier: MIT */
/* What a capture saw: requests by kind and size, the rate, queue depth. */
#include <stdlib.h>
#include <string.h>

#include "trace.h"

/* 4096 -> "4 KiB", 1536 -> "1.5 KiB", 0 -> "0 B". */
static void size_name(char *buf, size_t len, uint32_t bytes)
{
	if (bytes >= 1048576)
		snprintf(buf, len, "%g MiB", bytes / 1048576.0);
	else if (bytes >= 1024)
		snprintf(buf, len, "%g KiB", bytes / 1024.0);
	else
		snprintf(buf, len, "%u B", bytes);
}

/* The three sizes most requests of a kind had, largest share first. */
static void print_sizes(FILE *out, const struct fv_capture_stats *s, int kind)
{
	bool shown[16] = { false };
	uint64_t listed = 0;

	for (int k = 0; k < 3; k++) {
		size_t best = 16;
		char name[32];

		for (size_t i = 0; i < 16; i++)
			if (!shown[i] && s->sizes[kind][i].n &&
			    (best == 16 ||
			     s->sizes[kind][i].n > s->sizes[kind][best].n))
				best = i;
		if (best == 16)
			break;
		shown[best] = true;
		listed += s->sizes[kind][best].n;
		size_name(name, sizeof(name), s->sizes[kind][best].len);
		fprintf(out, "%s%s %.0f%%", k ? ", " : "", name,
			100.0 * (double) s->sizes[kind][best].n /
				(double) s->count[kind]);
	}
	if (listed < s->count[kind])
		fprintf(out, ", other %.0f%%",
			100.0 * (double) (s->count[kind] - listed) /
				(double) s->count[kind]);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

	return (x > y) - (x < y);
}

/* Requests per second over the capture's whole seconds. */
static void print_rate(FILE *out, const struct fv_capture_stats *s)
{
	size_t n = s->nseconds - 1, peak = 0;
	uint32_t *v;

	if (s->seconds < 1) {
		/* no whole second: the rate over what there is */
		fprintf(out, "rate: %u requests in %.3f s\n", s->per_second[0],
			s->seconds);
		return;
	}
	v = malloc(n * sizeof(*v));
	if (!v)
		return;
	/* the last second is cut short: left out */
	memcpy(v, s->per_second, n * sizeof(*v));
	for (size_t i = 0; i < n; i++)
		if (s->per_second[i] > s->per_second[peak])
			peak = i;
	qsort(v, n, sizeof(*v), cmp_u32);
	fprintf(out,
		"rate: median %u requests/s, lowest %u, highest %u (second "
		"%zu), over %zu whole second%s\n",
		v[n / 2], v[0], v[n - 1], peak + 1, n, n == 1 ? "" : "s");
	free(v);
}

void fv_capture_summary(FILE *out, const char *device,
			const struct fv_capture_stats *s)
{
	uint64_t all = 0;

	for (int k = 0; k < FV_TRACE_KINDS; k++)
		all += s->count[k];
	fprintf(out, "capture of %s: %llu requests in %.3f s", device,
		(unsigned long long) all, s->seconds);
	if (s->skipped)
		fprintf(out, " (%llu without data left out)",
			(unsigned long long) s->skipped);
	if (s->requeued)
		fprintf(out, " (%llu requeued by the driver, kept once)",
			(unsigned long long) s->requeued);
	fputs("\n\nkind   requests        MiB  sizes\n", out);
	for (int k = 0; k < FV_TRACE_KINDS; k++) {
		fprintf(out, "%-5s  %8llu  %9.1f  ",
			fv_trace_kind_name((enum fv_trace_kind) k),
			(unsigned long long) s->count[k],
			(double) s->bytes[k] / 1048576.0);
		if (s->count[k] && k != FV_TRACE_SYNC)
			print_sizes(out, s, k);
		else
			fputs("-", out);
		fputc('\n', out);
	}
	fputc('\n', out);
	if (s->nseconds)
		print_rate(out, s);
	fprintf(out,
		"queue depth: at most %u requests in flight, %.1f on "
		"average while any was\n",
		s->qd_max, s->qd_mean);
}

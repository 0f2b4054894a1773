/* SPDX-License-Identifier: MIT */
/*
 * The known IDs nearest to an unknown one, for "no such SKU; nearest:
 * azure:P30, azure:P40": edit distance, case ignored, over each row's
 * cloud:id and cloud:family. libc only (the engines use it too).
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"

#define NAME_MAX_LEN 128

void fv_cat_row_id(char *buf, size_t len, const struct fv_cat_row *r)
{
	snprintf(buf, len, "%s:%s", r->cloud, r->id);
}

/* Levenshtein distance, case ignored; names longer than the buffer are
 * compared on their first NAME_MAX_LEN characters. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strnlen(a, NAME_MAX_LEN), lb = strnlen(b, NAME_MAX_LEN);
	size_t prev[NAME_MAX_LEN + 1], cur[NAME_MAX_LEN + 1];

	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] +
				     (tolower((unsigned char) a[i - 1]) !=
				      tolower((unsigned char) b[j - 1]));
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;

			cur[j] = sub < del ? (sub < ins ? sub : ins)
					   : (del < ins ? del : ins);
		}
		memcpy(prev, cur, (lb + 1) * sizeof(*prev));
	}
	return prev[lb];
}

struct cand {
	char name[NAME_MAX_LEN];
	size_t d;
	double gap; /* between the two names' last numbers; tiers: P99, P80 */
};

/* The number a name ends with ("azure:P30" 30), or -1. */
static double last_number(const char *s)
{
	const char *end = s + strlen(s), *p = end;

	while (p > s && isdigit((unsigned char) p[-1]))
		p--;
	return p < end ? strtod(p, NULL) : -1;
}

/*
 * Of two names as far from the unknown one, the one whose number is the
 * nearest: azure:P99 is nearest azure:P80, not azure:P1.
 */
static double number_gap(const char *a, const char *b)
{
	double x = last_number(a), y = last_number(b);

	return x < 0 || y < 0 ? 1e300 : x > y ? x - y : y - x;
}

static bool before(size_t d, double gap, const struct cand *c)
{
	return d < c->d || (d == c->d && gap < c->gap);
}

#define MAX_NEAREST 8

/* Keeps the best max candidates, sorted, names once. */
static void offer(struct cand *best, size_t *nbest, size_t max,
		  const char *name, const char *key)
{
	size_t at, d = distance(key, name);
	double gap = number_gap(key, name);

	for (size_t i = 0; i < *nbest; i++)
		if (!strcasecmp(best[i].name, name))
			return;
	for (at = *nbest; at > 0 && before(d, gap, &best[at - 1]); at--)
		;
	if (at >= max)
		return;
	if (*nbest < max)
		(*nbest)++;
	memmove(&best[at + 1], &best[at], (*nbest - 1 - at) * sizeof(*best));
	snprintf(best[at].name, sizeof(best[at].name), "%s", name);
	best[at].d = d;
	best[at].gap = gap;
}

size_t fv_sku_nearest(const struct fv_cat_row *rows, size_t n, const char *id,
		      size_t max, char *buf, size_t len)
{
	struct cand best[MAX_NEAREST];
	char name[NAME_MAX_LEN], key[NAME_MAX_LEN];
	size_t nbest = 0, used = 0;
	const char *second;

	if (max > MAX_NEAREST)
		max = MAX_NEAREST;
	/* compare cloud:name, without the parameters */
	snprintf(key, sizeof(key), "%s", id);
	second = strchr(key, ':');
	if (second && strchr(second + 1, ':'))
		*strchr(second + 1, ':') = '\0';
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].used)
			continue;
		fv_cat_row_id(name, sizeof(name), &rows[i]);
		offer(best, &nbest, max, name, key);
		if (rows[i].family && rows[i].kind != FV_CAT_VM) {
			snprintf(name, sizeof(name), "%s:%s", rows[i].cloud,
				 rows[i].family);
			offer(best, &nbest, max, name, key);
		}
	}
	buf[0] = '\0';
	for (size_t i = 0; i < nbest && used < len; i++)
		used += (size_t) snprintf(buf + used, len - used, "%s%s",
					  i ? ", " : "", best[i].name);
	return nbest;
}

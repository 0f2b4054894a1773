/* SPDX-License-Identifier: MIT */
/*
 * --sku LABEL=ID[,ID]...: the SKUs a label ran on, resolved once. A label
 * is a disk, a VM, or both (the disk on that VM); a VM's local or cached
 * disk stands alone, since its limits are the VM's own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static int check_mix(const struct fv_label_sku *ls, char *err, size_t errlen)
{
	size_t disks = 0, vms = 0, parts = 0;

	for (size_t i = 0; i < ls->n; i++) {
		disks += ls->sku[i].kind == FV_CAT_DISK;
		vms += ls->sku[i].kind == FV_CAT_VM;
		parts += ls->sku[i].part != FV_SKU_WHOLE;
	}
	if (disks > 1 || vms > 1) {
		snprintf(err, errlen,
			 "%s: one disk and one VM at most (a label is one "
			 "disk, or one disk on one VM)",
			 ls->spec);
		return -EINVAL;
	}
	if (parts && ls->n > 1) {
		snprintf(err, errlen,
			 "%s: a VM's temp or cached disk stands alone: "
			 "%s=%s",
			 ls->spec, ls->label, ls->sku[0].id);
		return -EINVAL;
	}
	return 0;
}

static int resolve_all(struct fv_label_sku *ls, const struct fv_catalog *c,
		       const char *ids, char *err, size_t errlen)
{
	char *copy = strdup(ids), *save = NULL;
	int ret = copy ? 0 : -ENOMEM;

	for (char *id = copy ? strtok_r(copy, ",", &save) : NULL; id && !ret;
	     id = strtok_r(NULL, ",", &save)) {
		if (ls->n == FV_LABEL_SKUS_MAX) {
			snprintf(err, errlen, "%s: too many IDs", ls->spec);
			ret = -EINVAL;
			break;
		}
		ret = fv_sku_resolve(c->rows, c->n, id, &ls->sku[ls->n], err,
				     errlen);
		ls->n += !ret;
	}
	free(copy);
	if (!ret && !ls->n) {
		snprintf(err, errlen, "%s: no ID after '='", ls->spec);
		ret = -EINVAL;
	}
	return ret ? ret : check_mix(ls, err, errlen);
}

int fv_label_skus_add(struct fv_label_skus *s, const struct fv_catalog *c,
		      const char *spec, char *err, size_t errlen)
{
	const char *eq = strchr(spec, '=');
	struct fv_label_sku ls = { 0 };
	struct fv_label_sku *v;
	int ret;

	if (!eq || eq == spec) {
		snprintf(err, errlen,
			 "expected LABEL=ID[,ID], e.g. "
			 "premium=azure:P30,azure:Standard_D32ds_v5; got '%s'",
			 spec);
		return -EINVAL;
	}
	ls.label = strndup(spec, (size_t) (eq - spec));
	ls.spec = strdup(spec);
	if (!ls.label || !ls.spec) {
		ret = -ENOMEM;
		goto out;
	}
	if (fv_label_skus_find(s, ls.label)) {
		snprintf(err, errlen, "label '%s' is given twice", ls.label);
		ret = -EINVAL;
		goto out;
	}
	ret = resolve_all(&ls, c, eq + 1, err, errlen);
	if (ret)
		goto out;
	v = realloc(s->v, (s->n + 1) * sizeof(*v));
	if (!v) {
		ret = -ENOMEM;
		goto out;
	}
	s->v = v;
	s->v[s->n++] = ls;
	return 0;
out:
	free(ls.label);
	free(ls.spec);
	return ret;
}

const struct fv_label_sku *fv_label_skus_find(const struct fv_label_skus *s,
					      const char *label)
{
	for (size_t i = 0; s && i < s->n; i++)
		if (!strcmp(s->v[i].label, label))
			return &s->v[i];
	return NULL;
}

void fv_label_skus_free(struct fv_label_skus *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].label);
		free(s->v[i].spec);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

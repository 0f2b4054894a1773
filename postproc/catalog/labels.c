/* SPDX-License-Identifier: MIT */
/*
 * --sku LABEL=ID[+ID]...: the SKUs a label ran on, resolved once. A label
 * is disks, a VM, or both (the disks on that VM, striped when more than
 * one); a VM's local or cached disk stands alone, since its limits are
 * the VM's own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "util/util.h"

/* Premium Storage: an "s" among the size's features (D8s_v3, D8ads_v5). */
static bool takes_premium(const struct fv_cat_row *vm)
{
	const char *p = strpbrk(vm->id, "0123456789");
	const char *end;

	if (strcmp(vm->cloud, "azure") || !p)
		return true;
	p += strspn(p, "0123456789");
	end = strchr(p, '_');
	for (; *p && p != end; p++)
		if (*p == 's')
			return true;
	return false;
}

/* The smallest size of the VM's family that attaches n data disks. */
static void bigger(const struct fv_catalog *c, const struct fv_cat_row *vm,
		   size_t n, char *buf, size_t len)
{
	const struct fv_cat_row *best = NULL;

	for (size_t i = 0; i < c->n; i++) {
		const struct fv_cat_row *r = &c->rows[i];

		if (r->kind == FV_CAT_VM && r->used && r->family &&
		    vm->family && !strcmp(r->family, vm->family) &&
		    r->data_disks >= (double) n &&
		    (!best || r->data_disks < best->data_disks))
			best = r;
	}
	if (best)
		snprintf(buf, len, "%s:%s (%g)", best->cloud, best->id,
			 best->data_disks);
	else
		snprintf(buf, len, "none of its family in the catalog");
}

static int check_mix(const struct fv_label_sku *ls, const struct fv_catalog *c,
		     struct fv_error *err)
{
	const struct fv_sku *vm = NULL;
	size_t disks = 0, vms = 0, parts = 0;
	char alt[160];

	for (size_t i = 0; i < ls->n; i++) {
		disks += ls->sku[i].kind == FV_CAT_DISK;
		vms += ls->sku[i].kind == FV_CAT_VM;
		parts += ls->sku[i].part != FV_SKU_WHOLE;
		if (ls->sku[i].kind == FV_CAT_VM)
			vm = &ls->sku[i];
	}
	if (vms > 1)
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"%s: one VM at most (a label is disks, a VM, or "
			"disks on one VM)",
			ls->spec);
	if (parts && ls->n > 1)
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"%s: a VM's temp or cached disk stands alone: "
			"%s=%s",
			ls->spec, ls->label, ls->sku[0].id);
	for (size_t i = 0; vm && i < ls->n; i++) {
		const struct fv_cat_row *d = ls->sku[i].row;

		if (ls->sku[i].kind != FV_CAT_DISK)
			continue;
		if (strcmp(d->cloud, vm->row->cloud))
			return fv_error_set(
				err, EINVAL, FV_EXIT_USAGE, NULL, 0,
				"%s: %s is a disk of %s and %s a VM of %s: "
				"a VM takes disks of its own cloud",
				ls->spec, ls->sku[i].id, d->cloud, vm->id,
				vm->row->cloud);
		if (!takes_premium(vm->row) && d->family &&
		    (!strcmp(d->family, "premium-ssd") || d->vm_class))
			return fv_error_set(
				err, EINVAL, FV_EXIT_USAGE, NULL, 0,
				"%s: %s takes no Premium disks (no 's' in "
				"its size: no Premium Storage): a Standard "
				"SSD or HDD, or the size's 's' variant",
				ls->spec, vm->id);
	}
	if (vm && disks > 1 && vm->row->data_disks < (double) disks) {
		bigger(c, vm->row, disks, alt, sizeof(alt));
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"%s: %s attaches %g data disks, %zu are given: a "
			"size that attaches %zu: %s",
			ls->spec, vm->id, vm->row->data_disks, disks, disks,
			alt);
	}
	return 0;
}

static int resolve_all(struct fv_label_sku *ls, const struct fv_catalog *c,
		       const char *ids, struct fv_error *err)
{
	char *copy = strdup(ids), *save = NULL;
	int ret = copy ? 0 : -ENOMEM;

	for (char *id = copy ? strtok_r(copy, "+,", &save) : NULL; id && !ret;
	     id = strtok_r(NULL, "+,", &save)) {
		if (ls->n == FV_LABEL_SKUS_MAX) {
			ret = fv_error_set(err, EINVAL, FV_EXIT_USAGE, NULL, 0,
					   "%s: too many IDs", ls->spec);
			break;
		}
		ret = fv_sku_resolve(c->rows, c->n, id, &ls->sku[ls->n], err);
		ls->n += !ret;
	}
	free(copy);
	if (!ret && !ls->n)
		ret = fv_error_set(err, EINVAL, FV_EXIT_USAGE, NULL, 0,
				   "%s: no ID after '='", ls->spec);
	return ret ? ret : check_mix(ls, c, err);
}

int fv_label_skus_add(struct fv_label_skus *s, const struct fv_catalog *c,
		      const char *spec, struct fv_error *err)
{
	const char *eq = strchr(spec, '=');
	struct fv_label_sku ls = { 0 };
	int ret;

	if (!eq || eq == spec) {
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"expected LABEL=ID[+ID], e.g. "
			"premium=azure:P30+azure:Standard_D32ds_v5; got '%s'",
			spec);
	}
	ls.label = strndup(spec, (size_t) (eq - spec));
	ls.spec = strdup(spec);
	if (!ls.label || !ls.spec) {
		ret = -ENOMEM;
		goto out;
	}
	if (fv_label_skus_find(s, ls.label)) {
		ret = fv_error_set(err, EINVAL, FV_EXIT_USAGE, NULL, 0,
				   "label '%s' is given twice", ls.label);
		goto out;
	}
	ret = resolve_all(&ls, c, eq + 1, err);
	if (ret)
		goto out;
	if (FV_ALLOC_GROW(s->v, s->n + 1, s->alloc)) {
		ret = -ENOMEM;
		goto out;
	}
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
		free(s->v[i].path_spec);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

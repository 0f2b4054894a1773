/* SPDX-License-Identifier: MIT */
/*
 * --path LABEL=uncached|cached|temp|nvme|os: where a label's I/O went on
 * its VM, checked against what the VM has before anything runs (a temp
 * path needs a temp disk, a cached one a host cache, an ephemeral OS disk
 * a placement the VM supports), with a size that would do when it fails.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "util/util.h"

static const char *const names[] = { "",     "uncached", "cached",
				     "temp", "nvme",	 "os" };

const char *fv_io_path_name(enum fv_io_path p)
{
	return names[p];
}

static bool has(double v)
{
	return !isnan(v) && v > 0;
}

static bool has_temp(const struct fv_cat_row *r)
{
	return has(r->temp_gib);
}

static bool has_cache(const struct fv_cat_row *r)
{
	return !(r->cache_gib == 0) &&
	       (has(r->cached_iops) || has(r->cached_bw) || has(r->cache_gib));
}

static bool has_nvme(const struct fv_cat_row *r)
{
	return has(r->nvme_iops) || has(r->nvme_bw) ||
	       (fv_cat_lists(r->ephemeral, "NvmeDisk") && has(r->temp_gib));
}

/* Up to three used VM rows of the cloud that have what pred asks. */
static void suggest(const struct fv_catalog *c, const struct fv_cat_row *vm,
		    bool (*pred)(const struct fv_cat_row *), char *buf,
		    size_t len)
{
	struct fv_cat_row *ok = calloc(c->n ? c->n : 1, sizeof(*ok));
	size_t k = 0;
	char id[FV_SKU_ID_MAX];

	buf[0] = '\0';
	if (!ok)
		return;
	for (size_t i = 0; i < c->n; i++)
		if (c->rows[i].kind == FV_CAT_VM && c->rows[i].used &&
		    !strcmp(c->rows[i].cloud, vm->cloud) && pred(&c->rows[i]))
			ok[k++] = c->rows[i];
	fv_cat_row_id(id, sizeof(id), vm);
	if (!fv_sku_nearest(ok, k, id, 3, buf, len))
		snprintf(buf, len, "none in the catalog");
	free(ok);
}

static const struct fv_sku *find_vm(const struct fv_label_sku *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		if (ls->sku[i].kind == FV_CAT_VM)
			return &ls->sku[i];
	return NULL;
}

static bool any_disk(const struct fv_label_sku *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		if (ls->sku[i].kind == FV_CAT_DISK)
			return true;
	return false;
}

/* "os[:PLACEMENT]": the placement's catalog name, or "" for none. */
static int os_placement(const char *word, char *out, size_t len)
{
	static const char *const alias[][2] = {
		{ "cache", "CacheDisk" },   { "cachedisk", "CacheDisk" },
		{ "temp", "ResourceDisk" }, { "resourcedisk", "ResourceDisk" },
		{ "nvme", "NvmeDisk" },	    { "nvmedisk", "NvmeDisk" },
	};

	out[0] = '\0';
	if (!word)
		return 0;
	for (size_t i = 0; i < FV_ARRAY_SIZE(alias); i++)
		if (!strcasecmp(word, alias[i][0])) {
			snprintf(out, len, "%s", alias[i][1]);
			return 0;
		}
	return -EINVAL;
}

static bool eph_cache(const struct fv_cat_row *r)
{
	return fv_cat_lists(r->ephemeral, "CacheDisk");
}

static bool eph_temp(const struct fv_cat_row *r)
{
	return fv_cat_lists(r->ephemeral, "ResourceDisk");
}

static bool eph_nvme(const struct fv_cat_row *r)
{
	return fv_cat_lists(r->ephemeral, "NvmeDisk");
}

static bool eph_any(const struct fv_cat_row *r)
{
	return eph_cache(r) || eph_temp(r) || eph_nvme(r);
}

struct check {
	const struct fv_catalog *c;
	struct fv_label_sku *ls;
	const char *path; /* as given */
	const struct fv_cat_row *vm;
	char id[FV_SKU_ID_MAX];
	struct fv_error *err;
};

static int refuse(struct check *x, const char *why, const char *would)
{
	return fv_error_set(x->err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			    "--path %s=%s: %s; %s", x->ls->label, x->path, why,
			    would);
}

/* A path on the VM's own disk: the VM named, no managed disk with it. */
static int local_path(struct check *x, bool (*pred)(const struct fv_cat_row *),
		      const char *what)
{
	char why[256], would[384], alt[256];

	if (!x->vm)
		return refuse(x, "the label names no VM",
			      "name its VM: --sku LABEL=azure:Standard_...");
	if (any_disk(x->ls))
		return refuse(x, "the label names a managed disk too",
			      "a VM's own disk stands alone: --sku LABEL=VM");
	if (pred(x->vm))
		return 0;
	suggest(x->c, x->vm, pred, alt, sizeof(alt));
	snprintf(why, sizeof(why), "%s has no %s in the catalog", x->id, what);
	snprintf(would, sizeof(would), "sizes that have one: %s", alt);
	return refuse(x, why, would);
}

static int cached_path(struct check *x)
{
	char why[256], would[384], alt[256];

	if (!x->vm)
		return refuse(x, "the host cache is the VM's",
			      "name the VM with the disk: --sku LABEL=DISK+VM");
	if (has_cache(x->vm) || isnan(x->vm->cache_gib))
		return 0;
	suggest(x->c, x->vm, has_cache, alt, sizeof(alt));
	snprintf(why, sizeof(why), "%s has no host cache for data disks",
		 x->id);
	snprintf(would, sizeof(would),
		 "its disks run uncached (--path %s=uncached), or a size with "
		 "a cache: %s",
		 x->ls->label, alt);
	return refuse(x, why, would);
}

static int os_path(struct check *x)
{
	static bool (*const preds[])(
		const struct fv_cat_row *) = { eph_cache, eph_temp, eph_nvme };
	static const char *const pl[] = { "CacheDisk", "ResourceDisk",
					  "NvmeDisk" };
	char why[256], would[384], alt[256];
	const char *e;

	if (any_disk(x->ls)) /* a managed OS disk */
		return x->ls->placement[0]
			       ? refuse(x,
					"an ephemeral OS disk is no managed "
					"disk",
					"drop the disk from --sku, or the "
					"placement from --path")
			       : 0;
	if (!x->vm)
		return refuse(x, "the label names neither an OS disk nor a VM",
			      "name the managed OS disk, or the VM of an "
			      "ephemeral one");
	e = x->vm->ephemeral;
	if (!eph_any(x->vm)) {
		suggest(x->c, x->vm, eph_any, alt, sizeof(alt));
		snprintf(why, sizeof(why),
			 "%s: ephemeral OS disk %s, and the label names no "
			 "managed OS disk",
			 x->id,
			 e ? "not supported" : "placement not in the catalog");
		snprintf(would, sizeof(would),
			 "name the managed OS disk (--sku LABEL=DISK+VM), or a "
			 "size with an ephemeral placement: %s",
			 alt);
		return refuse(x, why, would);
	}
	if (!x->ls->placement[0]) {
		size_t k = 0;

		for (size_t i = 0; i < 3; i++)
			if (preds[i](x->vm)) {
				k++;
				snprintf(x->ls->placement,
					 sizeof(x->ls->placement), "%s", pl[i]);
			}
		if (k == 1)
			return 0;
		x->ls->placement[0] = '\0';
		snprintf(why, sizeof(why), "%s supports %s", x->id, e);
		return refuse(x, why,
			      "say which: os:cache, os:temp or os:nvme");
	}
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(x->ls->placement, pl[i]) && !preds[i](x->vm)) {
			suggest(x->c, x->vm, preds[i], alt, sizeof(alt));
			snprintf(why, sizeof(why),
				 "%s does not support the %s placement (it "
				 "supports %s)",
				 x->id, pl[i], e);
			snprintf(would, sizeof(would), "sizes that do: %s",
				 alt);
			return refuse(x, why, would);
		}
	return 0;
}

static int check_path(struct check *x)
{
	const struct fv_sku *vm = find_vm(x->ls);

	x->vm = vm ? vm->row : NULL;
	if (x->vm)
		fv_cat_row_id(x->id, sizeof(x->id), x->vm);
	for (size_t i = 0; i < x->ls->n; i++)
		if (x->ls->sku[i].part != FV_SKU_WHOLE)
			return refuse(x,
				      "the SKU names a part of the VM already",
				      "give the VM's ID alone (no :temp or "
				      ":cached) with --path");
	switch (x->ls->path) {
	case FV_PATH_CACHED:
		return cached_path(x);
	case FV_PATH_TEMP:
		return local_path(x, has_temp, "temp disk");
	case FV_PATH_NVME:
		return local_path(x, has_nvme, "local NVMe disk");
	case FV_PATH_OS:
		return os_path(x);
	default:
		return 0;
	}
}

int fv_label_path_set(struct fv_label_skus *s, const struct fv_catalog *c,
		      const char *spec, struct fv_error *err)
{
	const char *eq = strchr(spec, '=');
	char label[128], word[32];
	const char *colon;
	struct check x = { .c = c, .err = err };
	size_t k;
	int p;

	if (!eq || eq == spec || (size_t) (eq - spec) >= sizeof(label)) {
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"--path: expected LABEL=uncached|cached|temp|nvme|os, "
			"e.g. p30=cached; got '%s'",
			spec);
	}
	snprintf(label, sizeof(label), "%.*s", (int) (eq - spec), spec);
	for (size_t i = 0; i < s->n && !x.ls; i++)
		if (!strcmp(s->v[i].label, label))
			x.ls = &s->v[i];
	if (!x.ls)
		return fv_error_set(
			err, EINVAL, FV_EXIT_USAGE, NULL, 0,
			"--path %s: no --sku names the label '%s': give its "
			"SKUs first (--sku %s=VM[+DISK...])",
			spec, label, label);
	if (x.ls->path_spec)
		return fv_error_set(err, EINVAL, FV_EXIT_USAGE, NULL, 0,
				    "--path: label '%s' is given twice", label);
	x.path = eq + 1;
	colon = strchr(x.path, ':');
	k = colon ? (size_t) (colon - x.path) : strlen(x.path);
	snprintf(word, sizeof(word), "%.*s", (int) k, x.path);
	for (p = FV_PATH_UNCACHED; p <= FV_PATH_OS; p++)
		if (!strcasecmp(word, names[p]))
			break;
	if (p > FV_PATH_OS || (colon && p != FV_PATH_OS) ||
	    os_placement(colon ? colon + 1 : NULL, x.ls->placement,
			 sizeof(x.ls->placement)))
		return refuse(&x, "not a path",
			      "expected uncached, cached, temp, nvme, os or "
			      "os:cache|temp|nvme");
	x.ls->path = (enum fv_io_path) p;
	if (check_path(&x)) {
		x.ls->path = FV_PATH_ANY;
		x.ls->placement[0] = '\0';
		return -EINVAL;
	}
	x.ls->path_spec = strdup(spec);
	return x.ls->path_spec ? 0 : -ENOMEM;
}

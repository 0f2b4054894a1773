/* SPDX-License-Identifier: MIT */
/*
 * emulate=ID: the disk a catalog ID names, as the emulator's figures. The
 * rows are generated from catalog/ at build time (engines/gen) and the ID
 * is resolved by fioverdict's own resolver, so a preset is exactly what
 * `fioverdict catalog show ID` prints. The older preset names stay as
 * aliases.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catalog/catalog.h"
#include "util/error.h"
#include "emulator.h"

/* catalog/, generated (engines/gen/catalog_gen.c) */
extern const struct fv_cat_row emu_catalog_rows[];
extern const size_t emu_catalog_nrows;

const struct emu_alias emu_aliases[] = {
	{ "azure-p10", "azure:P10" },
	{ "azure-p30", "azure:P30" },
	{ "azure-pv2", "azure:PremiumV2_LRS" },
	{ "aws-gp2-100g", "aws:gp2:100GiB" },
	{ "aws-gp3", "aws:gp3" },
	{ NULL, NULL },
};

static double or0(double v)
{
	return isnan(v) ? 0 : v;
}

static void config_of(const struct fv_sku *s, struct emu_config *c)
{
	memset(c, 0, sizeof(*c));
	c->time_scale = 1;
	c->cap_iops = or0(s->iops);
	c->cap_bw = or0(s->bw);
	/* on-demand bursting is paid and enabled per disk: not modelled */
	if (s->bursting != FV_BURST_CREDIT)
		return;
	c->burst_iops = or0(s->burst_iops);
	c->burst_bw = or0(s->burst_bw);
	c->burst_seconds = or0(s->burst_s);
}

static int not_a_preset(const char *name, char *err, size_t errlen)
{
	size_t n;

	if (!err || !errlen)
		return -ENOENT;
	n = (size_t) snprintf(err, errlen,
			      "emulate=%s is not a preset; use none, a catalog "
			      "ID (azure:P10, aws:gp2:100GiB; fioverdict "
			      "catalog list) or",
			      name);
	for (const struct emu_alias *a = emu_aliases; a->name && n < errlen;
	     a++)
		n += (size_t) snprintf(err + n, errlen - n, "%s%s",
				       a == emu_aliases ? " " : ", ", a->name);
	return -ENOENT;
}

int emu_preset_resolve(const char *name, struct emu_config *out, char *err,
		       size_t errlen)
{
	const char *id = name;
	struct fv_error why = { 0 };
	struct fv_sku sku;
	int ret;

	for (const struct emu_alias *a = emu_aliases; a->name; a++)
		if (!strcmp(a->name, name))
			id = a->id;
	if (!strchr(id, ':'))
		return not_a_preset(name, err, errlen);
	ret = fv_sku_resolve(emu_catalog_rows, emu_catalog_nrows, id, &sku,
			     &why);
	if (ret) {
		if (err && errlen)
			snprintf(err, errlen, "emulate=%s", why.text);
		return ret == -ENOENT ? -ENOENT : -EINVAL;
	}
	config_of(&sku, out);
	return 0;
}

int emu_preset_find(const char *name, struct emu_config *out)
{
	return emu_preset_resolve(name, out, NULL, 0);
}

/* SPDX-License-Identifier: MIT */
/* The analyses' options as a command starts with them. */
#include <string.h>

#include "analysis.h"

void fv_aopts_init(struct fv_aopts *o, const struct fv_pctlist *show)
{
	memset(o, 0, sizeof(*o));
	o->show = show;
	o->lat = FV_CLAT;
	o->of_role = FV_ROLE_STEADY;
	o->of_dir = FV_DIR_WRITE;
}

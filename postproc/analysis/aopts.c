/* SPDX-License-Identifier: MIT */
/* The analyses' options as a command starts with them, and what they mean
 * for a job: the latency each table shows. */
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

void fv_aopts_init(struct fv_aopts *o, const struct fv_pctlist *show)
{
	memset(o, 0, sizeof(*o));
	o->show = show;
	o->lat = FV_CLAT;
	o->of_role = FV_ROLE_STEADY;
	o->of_dir = FV_DIR_WRITE;
}

enum fv_latkind fv_ao_lat(const struct fv_aopts *o, const struct fv_job *j)
{
	return o->lat_set ? o->lat : fv_lat_own(j);
}

unsigned fv_ao_lat_kinds(const struct fv_aopts *o,
			 const struct fv_job *const *v, size_t n)
{
	unsigned kinds = 0;

	if (o->lat_set)
		return FV_LAT_BIT(o->lat);
	for (size_t i = 0; i < n; i++)
		if (v[i])
			kinds |= FV_LAT_BIT(fv_lat_own(v[i]));
	return kinds;
}

unsigned fv_tool_of(const struct fv_job *j)
{
	if (j->format && !strcmp(j->format, "DiskSpd"))
		return FV_TOOL_DISKSPD;
	if (j->format && !strcmp(j->format, "CrystalDiskMark"))
		return FV_TOOL_CDM;
	return FV_TOOL_FIO;
}

unsigned fv_ao_lat_tools(const struct fv_aopts *o, unsigned tools,
			 enum fv_latkind k)
{
	if (o->lat_set)
		return o->lat == k ? tools : 0;
	return tools & (k == FV_CLAT  ? (unsigned) FV_TOOL_FIO
			: k == FV_LAT ? ~(unsigned) FV_TOOL_FIO
				      : 0);
}

void fv_tool_names(char *buf, size_t len, unsigned tools)
{
	static const struct {
		unsigned tool;
		const char *name;
	} w[] = { { FV_TOOL_FIO, "fio" },
		  { FV_TOOL_DISKSPD, "DiskSpd" },
		  { FV_TOOL_CDM, "CrystalDiskMark" } };
	size_t n = 0, m = 0, all = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < FV_ARRAY_SIZE(w); i++)
		all += !!(tools & w[i].tool);
	for (size_t i = 0; i < FV_ARRAY_SIZE(w) && n < len; i++)
		if (tools & w[i].tool)
			n += (size_t) snprintf(buf + n, len - n, "%s%s",
					       !m++	  ? ""
					       : m == all ? " and "
							  : ", ",
					       w[i].name);
}

void fv_lat_meaning(char *buf, size_t len, enum fv_latkind k, unsigned tools)
{
	char names[64];

	if (k != FV_LAT) {
		snprintf(buf, len, "%s: fio's %s", fv_lat_name(k),
			 k == FV_CLAT ? "completion latency, after submission"
				      : "submission latency");
		return;
	}
	fv_tool_names(names, sizeof(names), tools);
	snprintf(buf, len, "lat: the whole request, submission included%s%s",
		 names[0] ? ", timed by " : "", names);
}

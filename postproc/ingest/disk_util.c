/* SPDX-License-Identifier: MIT */
/* fio's disk_util section against the I/O the run's jobs issued. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ingest_int.h"

static double num0(const json_t *o, const char *k)
{
	double v = fv_jnum(o, k);

	return isnan(v) ? 0 : v;
}

/* The target of a job: its filename, else its directory ("" when none). */
static const char *target(const struct fv_job *j)
{
	const char *t = fv_job_opt(j, "filename");

	if (!t)
		t = fv_job_opt(j, "directory");
	return t ? t : "";
}

/* The I/Os of the run's own entries: no sum (clones, All clients, fleet). */
static void count_jobs(struct fv_job *const *jobs, size_t n,
		       struct fv_run_io *r)
{
	for (size_t i = 0; i < n; i++) {
		const struct fv_job *j = jobs[i];

		if (j->kind == FV_JOB_CLONE_SUM ||
		    j->kind == FV_JOB_ALL_CLIENTS || j->kind == FV_JOB_FLEET)
			continue;
		r->job_ios[0] += j->dir[FV_DIR_READ].total_ios +
				 (j->dir[FV_DIR_MIXED].present
					  ? j->dir[FV_DIR_MIXED].total_ios
					  : 0);
		r->job_ios[1] += j->dir[FV_DIR_WRITE].total_ios;
		if (strcmp(target(j), target(jobs[0])))
			r->targets = 2;
	}
}

/* Is name already in the list "vda, nvme0n1"? */
static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; (p = strstr(p, name)); p += n)
		if ((p == list || p[-1] == ' ') && (!p[n] || p[n] == ','))
			return true;
	return false;
}

void fv_run_io_of(const json_t *root, struct fv_job *const *jobs, size_t n,
		  struct fv_run_io *r)
{
	const json_t *du = json_object_get(root, "disk_util"), *d;
	size_t i, len = 0;

	memset(r, 0, sizeof(*r));
	r->targets = n ? 1 : 0;
	count_jobs(jobs, n, r);
	/*
	 * fio leaves disk_util out when no job touched a block device, but
	 * also with disk_util=0 and on systems without the counters: its
	 * absence alone proves nothing.
	 */
	r->known = json_is_array(du);
	if (!r->known)
		return;
	json_array_foreach(du, i, d)
	{
		const char *name = fv_jstr(d, "name");
		/*
		 * Requests merged into others reached the device too:
		 * count them, so that merged sequential I/O is not taken
		 * for I/O that never came.
		 */
		double rd = num0(d, "read_ios") + num0(d, "read_merges");
		double wr = num0(d, "write_ios") + num0(d, "write_merges");

		r->dev_ios[0] += fv_u64(rd);
		r->dev_ios[1] += fv_u64(wr);
		/* several hosts of one machine report its devices each */
		if (name && len < sizeof(r->devices) &&
		    !listed(r->devices, name))
			len += (size_t) snprintf(r->devices + len,
						 sizeof(r->devices) - len,
						 "%s%s", len ? ", " : "", name);
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * The steps of a run before fio starts, in order, for every command that
 * runs fio on a job file (run, replay).
 */
#include <unistd.h>

#include "runner.h"

int fv_run_preflight(struct fv_run *r, FILE *err)
{
	int ret = fv_run_find_jobfile(r, err);

	if (!ret)
		ret = fv_run_find_fio(r, err);
	if (!ret)
		ret = fv_run_find_engine(r, err);
	if (!ret)
		ret = fv_run_check_target(r, err);
	if (!ret)
		ret = fv_run_read_vars(r, err);
	if (!ret)
		ret = fv_run_check_hist_log(r, err);
	if (!ret && r->hosts.n)
		ret = fv_hosts_preflight(r, err);
	return ret;
}

void fv_run_discard_dir(const struct fv_run *r)
{
	unlink(r->jobcopy);
	rmdir(r->dir);
}

int fv_run_prepare(struct fv_run *r, FILE *err)
{
	int ret = fv_run_make_dir(r, err);

	if (!ret)
		ret = fv_run_write_jobfile(r, err);
	if (!ret)
		ret = fv_run_parse_only(r, err);
	if (ret && r->dir[0])
		fv_run_discard_dir(r);
	return ret;
}

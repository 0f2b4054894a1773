/* SPDX-License-Identifier: MIT */
/*
 * The steps of a run, in order, for every command that runs fio on a job
 * file (run, replay): the checks, the run directory, fio.
 */
#include <unistd.h>

#include "util/util.h"
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

/* fio on this machine, or fio's client on every host: fio's status. */
static int run_fio(struct fv_run *r, bool *interrupted, int *lost, FILE *err)
{
	int ret;

	*lost = 0;
	if (!r->hosts.n)
		return fv_run_fio(r, interrupted, err);
	ret = fv_hosts_run(r, interrupted, err);
	*lost = fv_hosts_missing(r, err);
	return ret;
}

int fv_run_execute(struct fv_run *r, const char *who, FILE *out, FILE *err)
{
	struct fv_prov_rec *prov;
	bool interrupted = false;
	int fio_status, lost;

	fv_run_manifest(r, "running", err);
	/* of this machine: the hosts' own is what their output says */
	prov = r->hosts.n ? NULL : fv_run_provenance_begin(r);
	fio_status = run_fio(r, &interrupted, &lost, err);
	if (prov)
		fv_run_provenance_end(prov, r, err);
	fputc('\n', out); /* after fio's progress line */
	if (!interrupted && fio_status)
		fprintf(err, "%s: fio exited with status %d\n", who,
			fio_status);
	fv_run_manifest(r,
			interrupted  ? "interrupted"
			: lost	     ? "hosts lost"
			: fio_status ? "fio failed"
				     : "done",
			err);
	if (r->hosts.n)
		fv_hosts_manifest(r, err);
	if (interrupted)
		return FV_EXIT_INTERRUPTED;
	return fio_status || lost ? FV_EXIT_FIO_FAILED : 0;
}

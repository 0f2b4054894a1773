/* SPDX-License-Identifier: MIT */
/*
 * The steps of a run, in order, for every command that runs fio on a job
 * file (run, replay): the checks, the run directory, fio.
 */
#include <string.h>
#include <unistd.h>

#include "util/util.h"
#include "runner.h"

/* The checks in order, each on what those before it found. */
static int (*const checks[])(struct fv_run *, struct fv_error *) = {
	fv_run_find_jobfile, fv_run_find_fio,  fv_run_find_engine,
	fv_run_check_target, fv_run_read_vars,
};

int fv_run_preflight(struct fv_run *r, struct fv_diags *d, struct fv_error *e)
{
	int ret;

	for (size_t i = 0; i < FV_ARRAY_SIZE(checks); i++) {
		ret = checks[i](r, e);
		if (ret)
			return ret;
	}
	ret = fv_run_check_hist_log(r, d, e);
	if (ret || !r->hosts.n)
		return ret;
	return fv_hosts_preflight(r, d, e);
}

void fv_run_discard_dir(const struct fv_run *r)
{
	unlink(r->jobcopy);
	rmdir(r->dir);
}

int fv_run_prepare(struct fv_run *r, struct fv_error *e)
{
	int ret = fv_run_make_dir(r, e);

	if (ret)
		goto out;
	ret = fv_run_write_jobfile(r, e);
	if (ret)
		goto out;
	ret = fv_run_parse_only(r, e);
out:
	if (ret && r->dir[0])
		fv_run_discard_dir(r);
	return ret;
}

/* fio on this machine, or fio's client on every host: fio's status. */
static int run_fio(struct fv_run *r, bool *interrupted, int *lost, FILE *log)
{
	int ret;

	*lost = 0;
	if (!r->hosts.n)
		return fv_run_fio(r, interrupted, log);
	ret = fv_hosts_run(r, interrupted, log);
	*lost = fv_hosts_missing(r, log);
	return ret;
}

/* A record the run goes on without: said on log, e emptied for the next. */
static void go_on(struct fv_error *e, FILE *log)
{
	if (e->status)
		fv_error_print(e, "fioverdict run", log);
	memset(e, 0, sizeof(*e));
}

int fv_run_execute(struct fv_run *r, const char *who, FILE *out, FILE *log)
{
	struct fv_error e = { 0 };
	struct fv_prov_rec *prov;
	bool interrupted = false;
	int fio_status, lost;

	fv_run_manifest(r, "running", &e);
	go_on(&e, log);
	/* of this machine: the hosts' own is what their output says */
	prov = r->hosts.n ? NULL : fv_run_provenance_begin(r);
	fio_status = run_fio(r, &interrupted, &lost, log);
	if (prov)
		fv_run_provenance_end(prov, r, &e);
	go_on(&e, log);
	fputc('\n', out); /* after fio's progress line */
	if (!interrupted && fio_status)
		fprintf(log, "%s: fio exited with status %d\n", who,
			fio_status);
	fv_run_manifest(r,
			interrupted  ? "interrupted"
			: lost	     ? "hosts lost"
			: fio_status ? "fio failed"
				     : "done",
			&e);
	go_on(&e, log);
	if (r->hosts.n)
		fv_hosts_manifest(r, &e);
	go_on(&e, log);
	if (interrupted)
		return FV_EXIT_INTERRUPTED;
	return fio_status || lost ? FV_EXIT_FIO_FAILED : 0;
}

int fv_run_say(FILE *out, int ret, struct fv_diags *d, const struct fv_error *e)
{
	for (size_t i = 0; d && i < d->n; i++)
		fprintf(out, "fioverdict run: %s%s\n",
			d->v[i].severity == FV_NOTE ? "note: " : "",
			d->v[i].message);
	if (d)
		fv_diags_free(d);
	if (!ret)
		return 0;
	if (e->text[0])
		fv_error_print(e, "fioverdict run", out);
	return e->status;
}

/* SPDX-License-Identifier: MIT */
/*
 * The end of a job: its last completions drained, the stats file written,
 * everything freed; and at unload, the emulated disks of the fio run.
 */
#include "glue_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stats/stats.h"

/*
 * fio's main process loads the engine too (to parse its options) and exits
 * last: it removes the emulated disks its jobs shared.
 */
__attribute__((destructor)) static void glue_unload(void)
{
	emu_shared_remove_owned((long) getpid());
}

/* What the stats file says besides the accounting: the job, the target. */
static void stats_meta_of(struct thread_data *td, struct glue_data *gd,
			  struct stats_meta *m)
{
	memset(m, 0, sizeof(*m));
	m->engine = gd->p->name;
	m->engine_version = FV_ENGINE_VERSION;
	m->fio_version = fio_version_string;
	m->job_name = td->o.name;
	m->thread_number = td->thread_number;
	m->clone = td->subjob_number;
	m->groupid = td->groupid;
	m->pid = (int) td->pid;
	m->target_path = gd->probed ? gd->target : NULL;
	m->facts = gd->probed ? &gd->facts : NULL;
	m->volatile_write_cache = gd->vwc;
	m->settings = &gd->s;
	m->direct = td->o.odirect;
	m->fsync_every = td->o.fsync_blocks;
	m->fdatasync_every = td->o.fdatasync_blocks;
	/* a shared disk's state is the disk's, as every job left it */
	if (gd->emu_disk)
		emu_shared_snapshot(gd->emu_disk, &gd->emu);
	m->emu = gd->emulating ? &gd->emu : NULL;
	m->emu_shared = gd->emu_disk ? emu_shared_object(gd->emu_disk) : NULL;
	m->error = gd->first_error[0] ? gd->first_error
		   : td->error	      ? td->verror
				      : NULL;
}

static void write_stats(struct thread_data *td, struct glue_data *gd)
{
	char path[PATH_MAX], err[512];
	struct stats_meta m;
	json_t *doc;
	int ret;

	ret = stats_path_expand(gd->s.stats_file, td->o.name, td->thread_number,
				(int) td->pid,
				td->o.numjobs > 1 || td->subjob_number > 0,
				path, sizeof(path), err, sizeof(err));
	if (ret) {
		log_err("%s: %s\n", gd->p->name, err);
		return;
	}
	stats_meta_of(td, gd, &m);
	doc = stats_to_json(&gd->acct, &m);
	if (!doc) {
		log_err("%s: out of memory writing %s\n", gd->p->name, path);
		return;
	}
	glue_host_stats(gd, doc);
	ret = stats_write_file(path, doc);
	json_decref(doc);
	if (ret)
		log_err("%s: cannot write the stats file %s: %s\n", gd->p->name,
			path, strerror(-ret));
}

void glue_cleanup(struct thread_data *td)
{
	struct glue_data *gd = gd_of_td(td);
	unsigned i;

	if (!gd)
		return;
	glue_drain(td, gd);
	if (gd->acct_ready) {
		write_stats(td, gd);
		dur_free(&gd->acct);
	}
	emu_shared_detach(gd->emu_disk);
	if (gd->ring_ready)
		io_uring_queue_exit(&gd->ring);
	for (i = 0; i < gd->nfds; i++)
		close(gd->fds[i]);
	free(gd->fds);
	free(gd->io_u_index);
	free(gd->ios);
	free(gd->events);
	free(gd->stamps);
	free(gd->issued);
	free(gd->links);
	free(gd->priv);
	free(gd);
	td->io_ops_data = NULL;
}

/* SPDX-License-Identifier: MIT */
/*
 * The glue's set-up: options checked against the job, the tables, the
 * emulated disk's figures, then (post_init) the ring, registered buffers
 * and files.
 */
#include "glue_int.h"
#include "util/array_size.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int glue_sqpoll_cpu_cb(void *data, unsigned long long *val)
{
	struct glue_options *o = data;

	o->sqpoll_cpu = (unsigned int) *val;
	o->sqpoll_cpu_set = 1;
	return 0;
}

static void settings_from_options(struct engine_settings *s,
				  const struct glue_options *o)
{
	memset(s, 0, sizeof(*s));
	s->registerfiles = o->registerfiles || o->sqpoll;
	s->fixedbufs = o->fixedbufs;
	s->sqpoll = o->sqpoll;
	s->sqpoll_cpu = o->sqpoll_cpu_set ? (int) o->sqpoll_cpu : -1;
	s->submit_batch = o->submit_batch;
	s->sync_mode = o->sync_mode;
	s->write_mode = o->write_mode;
	s->stats_file = o->stats_file;
	s->accounting = o->accounting;
}

/* The file system a job's file is (or will be, once fio lays it out) on. */
static bool file_fs(const char *path, dev_t *dev)
{
	char dir[PATH_MAX];
	char *slash;
	struct stat st;

	if (!stat(path, &st)) {
		*dev = st.st_dev;
		return true;
	}
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	if (stat(dir, &st))
		return false;
	*dev = st.st_dev;
	return true;
}

/* How many file systems the job's files are on (only end_syncfs asks). */
static unsigned job_file_systems(struct thread_data *td)
{
	dev_t seen[8], dev;
	unsigned n = 0, i, k;
	struct fio_file *f;

	if (!td->files)
		return 0;
	for_each_file(td, f, i)
	{
		if (!file_fs(f->file_name, &dev))
			continue;
		for (k = 0; k < n && seen[k] != dev; k++)
			;
		if (k == n && n < FV_ARRAY_SIZE(seen))
			seen[n++] = dev;
	}
	return n;
}

static void job_facts_from_td(struct job_facts *j, struct thread_data *td)
{
	memset(j, 0, sizeof(*j));
	j->iodepth = td->o.iodepth;
	j->nr_files = td->o.nr_files;
	j->open_files = td->o.open_files;
	j->fsync_every = td->o.fsync_blocks;
	j->fdatasync_every = td->o.fdatasync_blocks;
	j->numjobs = td->o.numjobs;
	j->online_cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
	j->end_syncfs = fv_end_syncfs(td) != 0;
	if (j->end_syncfs)
		j->file_systems = job_file_systems(td);
}

static int alloc_tables(struct glue_data *gd)
{
	unsigned n = gd->iodepth;

	gd->io_u_index = calloc(n, sizeof(*gd->io_u_index));
	gd->ios = calloc(n, sizeof(*gd->ios));
	gd->events = calloc(n, sizeof(*gd->events));
	/* every request may stamp itself and a linked flush */
	gd->stamps = calloc(2 * n, sizeof(*gd->stamps));
	gd->issued = calloc(n, sizeof(*gd->issued));
	if (!gd->io_u_index || !gd->ios || !gd->events || !gd->stamps ||
	    !gd->issued)
		return -ENOMEM;
	/* a linked flush may outlive its write and the next one: 2 per slot */
	return glue_links_init(gd, 2 * n);
}

/*
 * A preset (a catalog ID or an older name), then the options given one by
 * one (0 keeps the preset's).
 */
static int setup_emulator(struct glue_data *gd, const struct glue_options *o,
			  char *err, size_t errlen)
{
	struct emu_config c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.time_scale = 1;
	if (o->emulate && *o->emulate && strcmp(o->emulate, "none") &&
	    emu_preset_resolve(o->emulate, &c, err, errlen))
		return -EINVAL;
	if (o->cap_iops)
		c.cap_iops = (double) o->cap_iops;
	if (o->cap_bw)
		c.cap_bw = (double) o->cap_bw;
	if (o->burst_iops)
		c.burst_iops = (double) o->burst_iops;
	if (o->burst_bw)
		c.burst_bw = (double) o->burst_bw;
	if (o->burst_seconds)
		c.burst_seconds = o->burst_seconds;
	c.time_scale = o->time_scale ? o->time_scale : 0.5; /* 0: refused */
	if (o->added_latency_us)
		c.added_latency_ns = o->added_latency_us * 1000ULL;
	ret = emu_config_validate(&c, err, errlen);
	if (ret)
		return ret;
	emu_init(&gd->emu, &c);
	gd->emulating = emu_config_active(&c);
	return 0;
}

int glue_init(struct thread_data *td, struct glue_options *o,
	      const char *engine, const struct glue_personality *p)
{
	struct glue_data *gd;
	struct job_facts j;
	char err[512], path[PATH_MAX];
	int ret;

	gd = calloc(1, sizeof(*gd));
	if (!gd)
		return 1;
	td->io_ops_data = gd;
	gd->p = p;
	gd->vwc = TRI_UNKNOWN;
	settings_from_options(&gd->s, o);
	job_facts_from_td(&j, td);
	if (glue_host_init(gd, o, err, sizeof(err)) ||
	    settings_validate(&gd->s, &j, err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	if (gd->s.accounting &&
	    stats_path_expand(gd->s.stats_file, td->o.name, td->thread_number,
			      0, false, path, sizeof(path), err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	if (setup_emulator(gd, o, err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	/* O_DIRECT unless the job asked otherwise: caches are not disks */
	if (!fio_option_is_set(&td->o, odirect))
		td->o.odirect = 1;
	gd->iodepth = td->o.iodepth;
	if (alloc_tables(gd)) {
		glue_fail(td, ENOMEM, "init", "%s: out of memory", engine);
		return 1;
	}
	if (gd->s.accounting) {
		ret = dur_init(&gd->acct);
		if (ret) {
			glue_fail(td, -ret, "init", "%s: out of memory",
				  engine);
			return 1;
		}
		gd->acct_ready = true;
	}
	return 0;
}

int glue_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	gd_of_td(td)->io_u_index[io_u->index] = io_u;
	return 0;
}

static int setup_ring(struct thread_data *td, struct glue_data *gd)
{
	struct io_uring_params params;
	int ret;

	memset(&params, 0, sizeof(params));
	params.flags = gd->p->ring_flags;
	if (gd->s.sqpoll) {
		params.flags |= IORING_SETUP_SQPOLL;
		if (gd->s.sqpoll_cpu >= 0) {
			params.flags |= IORING_SETUP_SQ_AFF;
			params.sq_thread_cpu = (unsigned) gd->s.sqpoll_cpu;
		}
	}
	/*
	 * As fio's own io_uring engine: no IPIs for completions, one issuer,
	 * task work deferred until we reap. Kernels that predate a flag
	 * refuse it with EINVAL; drop it and retry.
	 */
	params.flags |= IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER;
	if (!gd->s.sqpoll)
		params.flags |= IORING_SETUP_DEFER_TASKRUN;
	for (;;) {
		unsigned flags = params.flags;

		/* room for every request plus a linked flush after each write
		 */
		ret = io_uring_queue_init_params(4 * gd->iodepth, &gd->ring,
						 &params);
		if (ret != -EINVAL)
			break;
		params.flags = flags;
		if (params.flags & IORING_SETUP_DEFER_TASKRUN)
			params.flags &= ~IORING_SETUP_DEFER_TASKRUN;
		else if (params.flags & IORING_SETUP_SINGLE_ISSUER)
			params.flags &= ~IORING_SETUP_SINGLE_ISSUER;
		else if (params.flags & IORING_SETUP_COOP_TASKRUN)
			params.flags &= ~IORING_SETUP_COOP_TASKRUN;
		else
			break;
	}
	if (ret) {
		glue_fail(td, -ret, "io_uring_queue_init",
			  "%s: io_uring set-up failed: %s%s", gd->p->name,
			  strerror(-ret),
			  ret == -ENOSYS  ? " (this kernel has no io_uring)"
			  : ret == -EPERM ? " (io_uring disabled by "
					    "kernel.io_uring_disabled?)"
					  : "");
		return 1;
	}
	gd->ring_ready = true;
	return 0;
}

static int register_buffers(struct thread_data *td, struct glue_data *gd)
{
	struct iovec *iov = calloc(gd->iodepth, sizeof(*iov));
	unsigned i;
	int ret;

	if (!iov)
		return 1;
	for (i = 0; i < gd->iodepth; i++) {
		iov[i].iov_base = gd->io_u_index[i]->buf;
		iov[i].iov_len = td_max_bs(td);
	}
	ret = io_uring_register_buffers(&gd->ring, iov, gd->iodepth);
	free(iov);
	if (ret) {
		glue_fail(td, -ret, "io_uring_register_buffers",
			  "%s: fixedbufs: registering %u buffers of %llu bytes "
			  "failed: %s%s",
			  gd->p->name, gd->iodepth, td_max_bs(td),
			  strerror(-ret),
			  ret == -ENOMEM ? " (raise ulimit -l)" : "");
		return 1;
	}
	return 0;
}

/* Opens every file now, as fio's io_uring engine does, and registers them. */
static int register_files(struct thread_data *td, struct glue_data *gd)
{
	struct fio_file *f;
	unsigned int i;
	int ret;

	gd->fds = calloc(td->o.nr_files, sizeof(int));
	if (!gd->fds)
		return 1;
	for_each_file(td, f, i)
	{
		if (glue_open_checked(td, f))
			return 1;
		gd->fds[i] = f->fd;
		gd->nfds = i + 1;
		f->engine_pos = i;
	}
	ret = io_uring_register_files(&gd->ring, gd->fds, gd->nfds);
	if (ret) {
		glue_fail(td, -ret, "io_uring_register_files",
			  "%s: registerfiles: registering %u files failed: %s",
			  gd->p->name, gd->nfds, strerror(-ret));
		return 1;
	}
	/* fio opens and closes files itself; the registered fds stay ours */
	for_each_file(td, f, i) f->fd = -1;
	return 0;
}

int glue_post_init(struct thread_data *td)
{
	struct glue_data *gd = gd_of_td(td);

	if (setup_ring(td, gd))
		return 1;
	if (gd->s.fixedbufs && register_buffers(td, gd))
		return 1;
	if (gd->s.registerfiles && register_files(td, gd))
		return 1;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * What the glue's own files share and the engines do not see. The calls
 * between the files go one way: setup.c -> files.c, host.c; cleanup.c ->
 * reap.c, host.c;
 * submit.c and reap.c -> links.c (neither calls the other); errors.c and
 * links.c, called by the others, call none of them.
 */
#ifndef FV_GLUE_INT_H
#define FV_GLUE_INT_H

#include <jansson.h>

#include "glue.h"

/* Engine-made flushes carry a tagged pointer: io_u pointers are aligned. */
#define LINK_TAG 1ULL

/* links.c: the pool of engine-made flushes, @n of them. 0 or -ENOMEM. */
int glue_links_init(struct glue_data *gd, unsigned n);
/* A cleared link, or NULL when all are in use. */
struct glue_link *glue_link_get(struct glue_data *gd);
void glue_link_put(struct glue_data *gd, struct glue_link *l);

/* errors.c: keeps @msg as the job's first error, if it is. */
void glue_keep_error(struct glue_data *gd, const char *msg);
/* errors.c: a sync request failed: reported and counted as fio would. */
void glue_sync_failed(struct thread_data *td, struct io_u *io_u);

/* files.c: opens @f through the personality; probes the first file. */
int glue_open_checked(struct thread_data *td, struct fio_file *f);

/* reap.c: nanoseconds on fio's clock, which fio's latencies use. */
uint64_t glue_now_ns(void);

/* reap.c: waits for what is still in flight at the end of a job. */
void glue_drain(struct thread_data *td, struct glue_data *gd);

/*
 * host.c: the host in the stats file's name: gd->s.stats_file becomes the
 * template with %h replaced (the default one under fio --server carries
 * the host). 0, or -1 with a message in @err.
 */
int glue_host_init(struct glue_data *gd, const struct glue_options *o,
		   char *err, size_t errlen);
/* Adds "host" to @doc; under fio --server, sends it as the stats line. */
void glue_host_stats(struct glue_data *gd, json_t *doc);

#endif

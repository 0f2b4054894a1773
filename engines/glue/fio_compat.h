/* SPDX-License-Identifier: MIT */
/*
 * What differs, for an external engine, between the fio trees it can be
 * built against (3.28 to 3.42), in one place: the rest of the glue and
 * the engines are written once. Keyed on what the tree defines, as
 * engines/glue/fio_features.sh found it by compiling against the tree
 * (fio_features.h); struct layouts need nothing here, since the engine is
 * compiled against the very tree of the fio that loads it.
 */
#ifndef FV_FIO_COMPAT_H
#define FV_FIO_COMPAT_H

#include "fio.h"
#include "fio_features.h"

/*
 * FIO_IOOPS_VERSION 30 is fio 3.28, the oldest tree the engines are built
 * and tested against; older trees have not been run here.
 */
#if FIO_IOOPS_VERSION < 30
#error "fio older than 3.28 (FIO_IOOPS_VERSION < 30): the engines are built and tested against fio 3.28 to 3.42 only"
#endif

/*
 * errdetails() took the io_u alone until fio 3.38, then (td, io_u). Our
 * errdetails need only the io_u: FV_ERRDETAILS_PARAMS declares either
 * form, fv_errdetails() calls the engine's as this fio does.
 */
#if FV_FIO_ERRDETAILS_TD
#define FV_ERRDETAILS_PARAMS(io_u) \
	struct thread_data *fv_td __attribute__((unused)), struct io_u *io_u
#define fv_errdetails(td, io_u) (td)->io_ops->errdetails((td), (io_u))
#else
#define FV_ERRDETAILS_PARAMS(io_u) struct io_u *io_u
#define fv_errdetails(td, io_u) (td)->io_ops->errdetails(io_u)
#endif

/*
 * From fio 3.31 an engine that stamps io_u->issue_time at submission says
 * so, and fio leaves the stamp alone. Before, fio stamps each request when
 * ->queue() returns: before our submission when fio commits (ours then
 * wins), just after it when a full batch went inside ->queue() (fio's,
 * later by the time of one submission).
 */
#if FV_FIO_SETS_ISSUE_TIME
#define FV_FLAG_SETS_ISSUE_TIME FIO_ASYNCIO_SETS_ISSUE_TIME
#else
#define FV_FLAG_SETS_ISSUE_TIME 0
#endif

/*
 * fio 3.42's end_syncfs sends a DDIR_SYNCFS request per file system of the
 * job, to engines that declare FIO_SYNCFS. Older trees have neither.
 */
#if FV_FIO_SYNCFS
#define FV_FLAG_SYNCFS FIO_SYNCFS
#define fv_is_syncfs(ddir) ((ddir) == DDIR_SYNCFS)
#define fv_end_syncfs(td) ((td)->o.end_syncfs)
#else
#define FV_FLAG_SYNCFS 0
#define fv_is_syncfs(ddir) false
#define fv_end_syncfs(td) 0u
#endif

#endif

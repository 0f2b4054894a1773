/* SPDX-License-Identifier: MIT */
/*
 * What tells one machine's or one target's results from another's when
 * they lie in one folder: the tool and the version its output records,
 * the computer it names (DiskSpd's), the place it measured (a device, a
 * drive, a directory), the block devices fio's disk_util names, and for a
 * CrystalDiskMark export without a comment, the file itself: the export
 * is a whole benchmark of one drive (five passes, the best kept), and
 * 7.0's names neither the machine nor the drive. Only what the result
 * records: a version read from a layout (DiskSpd's text prints none) is
 * no identity.
 */
#ifndef FV_IDENTITY_H
#define FV_IDENTITY_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

struct fv_identity {
	char tool[16];	     /* "fio", "DiskSpd", "CrystalDiskMark" */
	const char *version; /* NULL: unknown */
	const char *machine; /* NULL: unknown */
	char place[256];     /* "": unknown */
	const char *devices; /* "sda, sdb"; NULL: unknown */
	const char *file;    /* a file that is an identity of its own */
};

/* The parts of an identity a name may show. */
enum {
	FV_ID_MACHINE = 1,
	FV_ID_PLACE = 2,
	FV_ID_FILE = 4,
	FV_ID_DEVICES = 8,
	FV_ID_VERSION = 16,
	FV_ID_TOOL = 32,
};

void fv_identity_of(const struct fv_job *job, struct fv_identity *id);

/* The parts it knows (FV_ID_*); 0: nothing tells it apart. */
unsigned fv_identity_parts(const struct fv_identity *id);

/* The parts in which a and b differ (FV_ID_*). */
unsigned fv_identity_diff(const struct fv_identity *a,
			  const struct fv_identity *b);

/*
 * Its name from the parts asked that it knows, space separated: the
 * tool, the machine, the place, the devices ("on sda"), the version, the
 * file's name without its directory or extension ("fv-win21 D:",
 * "/mnt/ssd on rbd0", "CDM_20200309100000"). "" when none.
 */
void fv_identity_name(const struct fv_identity *id, unsigned parts, char *buf,
		      size_t len);

/*
 * The length of a file's name without its extension: "x.json" and
 * "x.json.gz" (read as the text they hold) are "x".
 */
size_t fv_name_stem_len(const char *base);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The engines' own options, as plain values, and their validation against
 * the job they belong to. fio parses the option strings; the checks that
 * involve several options or the job are here so that tests reach them
 * without fio, and so that both engines refuse the same things the same way.
 */
#ifndef FV_SETTINGS_H
#define FV_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

enum sync_mode {
	SYNC_MODE_ASKED,  /* fsync or fdatasync as fio asks, on its own */
	SYNC_MODE_LINKED, /* chained to the preceding write (IOSQE_IO_LINK) */
};

enum write_mode {
	WRITE_MODE_NORMAL,
	WRITE_MODE_DSYNC, /* RWF_DSYNC on every write: FUA on a block device */
};

struct engine_settings {
	bool registerfiles;
	bool fixedbufs;
	bool sqpoll;
	int sqpoll_cpu;	       /* -1: not pinned */
	unsigned submit_batch; /* 0: submit when fio commits */
	enum sync_mode sync_mode;
	enum write_mode write_mode;
	const char *stats_file; /* NULL or "": the default name */
	bool accounting;
};

/* The parts of a fio job that the settings are checked against. */
struct job_facts {
	unsigned iodepth;
	unsigned nr_files;
	unsigned open_files;
	unsigned fsync_every;	  /* fsync=N */
	unsigned fdatasync_every; /* fdatasync=N */
	unsigned numjobs;
	int online_cpus;
	bool end_syncfs;       /* fio 3.42's end_syncfs=1 */
	unsigned file_systems; /* the job's files lie on this many */
};

/*
 * 0 when the settings can run; otherwise -EINVAL and a message in @err that
 * names the option, the value and what would be right.
 */
int settings_validate(const struct engine_settings *s,
		      const struct job_facts *j, char *err, size_t errlen);

const char *sync_mode_name(enum sync_mode m);
const char *write_mode_name(enum write_mode m);

#define STATS_FILE_DEFAULT "%j_durability.%n.json"

/*
 * Expands a stats file template: %j job name, %n thread number, %p pid,
 * %% a percent sign ("-" stays "-": no file). When @several_clones and the
 * template has no %n, ".N" is appended so that clones never overwrite each
 * other. A job name's slashes become underscores so a name never points
 * elsewhere. %h (the host) is replaced before, by the glue.
 * 0, or -EINVAL (unknown %x, with a message) / -ENAMETOOLONG.
 */
int stats_path_expand(const char *tmpl, const char *job_name,
		      unsigned thread_number, int pid, bool several_clones,
		      char *out, size_t outlen, char *err, size_t errlen);

#endif

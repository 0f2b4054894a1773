/* SPDX-License-Identifier: MIT */
/*
 * The stats file: the accounting, the device facts and the settings of one
 * job clone, as JSON (schema in docs/stats-file.md).
 */
#ifndef FV_STATS_H
#define FV_STATS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "accounting/accounting.h"
#include "device/device.h"
#include "emulator/emulator.h"
#include "settings/settings.h"

#define STATS_SCHEMA "fioverdict-durability/1"

struct stats_meta {
	const char *engine;
	const char *engine_version;
	const char *fio_version;
	const char *job_name;
	unsigned thread_number;
	unsigned clone;
	unsigned groupid;
	int pid;
	const char *target_path;
	const struct dev_facts *facts;
	enum tri volatile_write_cache; /* nvme_pt only */
	const struct engine_settings *settings;
	bool direct;
	unsigned fsync_every;
	unsigned fdatasync_every;
	/* the first error the job met, or NULL */
	const char *error;
	/* the emulated disk, or NULL when not emulating */
	const struct emu_state *emu;
	/* the shared memory object it lived in, or NULL (a job's own) */
	const char *emu_shared;
};

/* The percentiles every distribution reports. */
extern const double stats_percentiles[];
extern const unsigned stats_npercentiles;

/* A new JSON document, or NULL when out of memory. */
json_t *stats_to_json(const struct dur_acct *a, const struct stats_meta *m);

/* One distribution: count, min, mean, max, percentiles. */
json_t *stats_hist_to_json(const struct histogram *h);

/*
 * Writes @doc to @path through a temporary file in the same directory,
 * flushed to the device, then renamed over @path: a crash at any moment
 * leaves the old file or the whole new one, never half of one. On failure
 * the temporary file is removed; "-" writes nothing (the numbers travel
 * in the stats line). 0 or a negative errno.
 */
int stats_write_file(const char *path, const json_t *doc);

/*
 * The temporary name of @path for process @pid: DIR/.NAME.PID.partial,
 * which fioverdict knows and skips. 0 or -ENAMETOOLONG.
 */
int stats_temp_name(const char *path, int pid, char *out, size_t len);

/* ---- The host, and the document as one line (stats_line.c) ---- */

/* Under fio --server the default name carries the host. */
#define STATS_FILE_DEFAULT_SERVER "%j_durability.%h.%n.json"
/* A stats line: this tag, a space, the document as compact JSON. */
#define STATS_LINE_TAG STATS_SCHEMA

struct stats_host {
	const char *name;     /* the engine option stats_host, or NULL */
	const char *hostname; /* gethostname() */
	/* Under fio --server: the address and port the client reached. */
	const char *server_addr; /* NULL when not under a server */
	int server_port;
};

/*
 * The host as it goes into file names (%h): @h->name when set; else the
 * host name, and under a server its address and port too
 * ("node1-127.0.0.2-8765"), since servers on one machine differ by those.
 * Characters other than letters, digits, '.', '-' and '_' become '-'.
 */
void stats_host_token(char *out, size_t len, const struct stats_host *h);

/*
 * Replaces %h in a stats file template by @host, leaving the other
 * sequences (%j %n %p %%) for stats_path_expand(). 0 or -ENAMETOOLONG.
 */
int stats_template_host(const char *tmpl, const char *host, char *out,
			size_t len);

/* {"name": ..., "hostname": ..., "server": {"address", "port"} or null}. */
json_t *stats_host_to_json(const struct stats_host *h);

/* "fioverdict-durability/1 {...}\n", malloc()ed; NULL when out of memory. */
char *stats_line(const json_t *doc);

#endif

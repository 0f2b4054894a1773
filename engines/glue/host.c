/* SPDX-License-Identifier: MIT */
/*
 * The host a job runs on, for its stats: the stats file's name (%h, and
 * under fio --server a default that carries the host, so that servers
 * sharing a working directory never write the same file), and the stats
 * line that fio forwards from a server to its client, so that the numbers
 * reach the client's results without anyone copying files off the server.
 */
#include "glue_int.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server.h"

#include "stats/stats.h"

/* Under fio --server (is_backend): the address the client reached. */
static void host_of(const struct glue_data *gd, const struct glue_options *o,
		    struct stats_host *h)
{
	memset(h, 0, sizeof(*h));
	h->name = o ? o->stats_host : NULL;
	h->hostname = gd->hostname;
	if (is_backend && client_sockaddr_str[0]) {
		h->server_addr = client_sockaddr_str;
		h->server_port = fio_net_port;
	}
}

int glue_host_init(struct glue_data *gd, const struct glue_options *o,
		   char *err, size_t errlen)
{
	const char *tmpl = gd->s.stats_file;
	struct stats_host h;
	char token[256];

	if (gethostname(gd->hostname, sizeof(gd->hostname) - 1))
		strcpy(gd->hostname, "localhost");
	gd->stats_host = o->stats_host && *o->stats_host ? o->stats_host : NULL;
	host_of(gd, o, &h);
	stats_host_token(token, sizeof(token), &h);
	if (!tmpl || !*tmpl)
		tmpl = h.server_addr ? STATS_FILE_DEFAULT_SERVER
				     : STATS_FILE_DEFAULT;
	if (stats_template_host(tmpl, token, gd->stats_tmpl,
				sizeof(gd->stats_tmpl))) {
		snprintf(err, errlen, "stats_file=%s: the path is too long",
			 tmpl);
		return -1;
	}
	gd->s.stats_file = gd->stats_tmpl;
	return 0;
}

void glue_host_stats(struct glue_data *gd, json_t *doc)
{
	struct glue_options o = { .stats_host = (char *) gd->stats_host };
	struct stats_host h;
	char *line;

	host_of(gd, &o, &h);
	json_object_set_new(doc, "host", stats_host_to_json(&h));
	if (!h.server_addr)
		return; /* fio's own output is not ours to add to */
	line = stats_line(doc);
	if (!line) {
		log_err("%s: out of memory sending the stats line\n",
			gd->p->name);
		return;
	}
	/* One call, one line: fio sends it to the client whole. */
	log_info("%s", line);
	free(line);
}

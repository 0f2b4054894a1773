/* SPDX-License-Identifier: MIT */
/*
 * fioverdict hosts: client output (fio --client, or run --hosts) host by
 * host: each host's IOPS, p99, p99.9, durability counts and findings, and
 * the fleet's sum, per job.
 */
#include "cmd_int.h"

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	struct fv_verdict_in in = {
		.set = x->set, .logs = &x->logs, .ao = &x->c->ao, .o = &x->vo
	};

	return fv_hosts_table(&in, rep, &x->failed);
}

const struct fv_command fv_cmd_hosts = {
	.name = "hosts",
	.help = "client/server output host by host, and the fleet",
	.synopsis = "hosts [OPTION]... INPUT... [LOG]...",
	.after = "One row per host of each fleet and job (fio --client "
		 "output, run --hosts), then\nthe fleet's sum; Findings: the "
		 "host's bad verdicts, host-outlier among them\n(median and "
		 "MAD of the hosts: fioverdict(1), VERDICTS).\n",
	.options =
		(const struct fv_option *const[]){
			fv_opts_format, fv_opts_common, fv_opts_runs,
			fv_opts_lat, fv_opts_fail_on, fv_opts_verdict, NULL },
	.tables = &(const struct fv_tables){ .want_logs = true,
					     .analyse = analyse },
	.main = fv_tables_cmd_main,
};

/* SPDX-License-Identifier: MIT */
#include "settings.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char *sync_mode_name(enum sync_mode m)
{
	return m == SYNC_MODE_LINKED ? "linked" : "asked";
}

const char *write_mode_name(enum write_mode m)
{
	return m == WRITE_MODE_DSYNC ? "dsync" : "normal";
}

static int fail(char *err, size_t errlen, const char *msg)
{
	snprintf(err, errlen, "%s", msg);
	return -EINVAL;
}

int settings_validate(const struct engine_settings *s,
		      const struct job_facts *j, char *err, size_t errlen)
{
	char msg[256];

	if (s->sqpoll_cpu >= 0 && !s->sqpoll) {
		snprintf(msg, sizeof(msg),
			 "sqthread_poll_cpu=%d needs sqthread_poll=1: the CPU "
			 "is the one the kernel's submission thread runs on",
			 s->sqpoll_cpu);
		return fail(err, errlen, msg);
	}
	if (s->sqpoll_cpu >= 0 && j->online_cpus > 0 &&
	    s->sqpoll_cpu >= j->online_cpus) {
		snprintf(msg, sizeof(msg),
			 "sqthread_poll_cpu=%d: this machine has CPUs 0 to %d",
			 s->sqpoll_cpu, j->online_cpus - 1);
		return fail(err, errlen, msg);
	}
	if (s->submit_batch > j->iodepth) {
		snprintf(msg, sizeof(msg),
			 "submit_batch=%u is larger than iodepth=%u: a batch "
			 "could never fill; use 1 to %u (0 submits at each "
			 "fio commit)",
			 s->submit_batch, j->iodepth, j->iodepth);
		return fail(err, errlen, msg);
	}
	if ((s->registerfiles || s->sqpoll) && j->nr_files != j->open_files) {
		snprintf(msg, sizeof(msg),
			 "registerfiles (implied by sqthread_poll) needs every "
			 "file open at once: nr_files=%u but openfiles=%u",
			 j->nr_files, j->open_files);
		return fail(err, errlen, msg);
	}
	if (s->sync_mode == SYNC_MODE_LINKED && !j->fsync_every &&
	    !j->fdatasync_every)
		return fail(err, errlen,
			    "sync_mode=linked chains a flush to every Nth "
			    "write, N set by fsync=N or fdatasync=N; this job "
			    "sets neither");
	if (s->sync_mode == SYNC_MODE_LINKED && j->fsync_every &&
	    j->fdatasync_every)
		return fail(err, errlen,
			    "sync_mode=linked needs one cadence: set fsync=N "
			    "or fdatasync=N, not both");
	/*
	 * Durability is accounted per job: a syncfs covers the job's writes
	 * only when they are all on the file system it syncs.
	 */
	if (j->end_syncfs && j->file_systems > 1) {
		snprintf(msg, sizeof(msg),
			 "end_syncfs=1 with the job's files on %u file "
			 "systems: a syncfs covers one of them, and the stats "
			 "file accounts durability per job; use end_fsync=1, "
			 "or one job per file system",
			 j->file_systems);
		return fail(err, errlen, msg);
	}
	return 0;
}

static int append(char *out, size_t outlen, size_t *pos, const char *s)
{
	size_t n = strlen(s);

	if (*pos + n >= outlen)
		return -ENAMETOOLONG;
	memcpy(out + *pos, s, n);
	*pos += n;
	out[*pos] = '\0';
	return 0;
}

static void safe_name(const char *in, char *out, size_t outlen)
{
	size_t i;

	snprintf(out, outlen, "%s", in && *in ? in : "job");
	for (i = 0; out[i]; i++)
		if (out[i] == '/')
			out[i] = '_';
}

int stats_path_expand(const char *tmpl, const char *job_name,
		      unsigned thread_number, int pid, bool several_clones,
		      char *out, size_t outlen, char *err, size_t errlen)
{
	char num[32], name[256];
	bool has_n = false;
	size_t pos = 0;
	const char *p;
	int ret = 0;

	if (!tmpl || !*tmpl)
		tmpl = STATS_FILE_DEFAULT;
	if (!outlen)
		return -ENAMETOOLONG;
	if (!strcmp(tmpl, "-")) /* no file: the stats line alone */
		return snprintf(out, outlen, "-") < (int) outlen
			       ? 0
			       : -ENAMETOOLONG;
	out[0] = '\0';
	for (p = tmpl; *p && !ret; p++) {
		char lit[2] = { *p, '\0' };

		if (*p != '%') {
			ret = append(out, outlen, &pos, lit);
			continue;
		}
		switch (*++p) {
		case 'j':
			safe_name(job_name, name, sizeof(name));
			ret = append(out, outlen, &pos, name);
			break;
		case 'n':
			has_n = true;
			snprintf(num, sizeof(num), "%u", thread_number);
			ret = append(out, outlen, &pos, num);
			break;
		case 'p':
			snprintf(num, sizeof(num), "%d", pid);
			ret = append(out, outlen, &pos, num);
			break;
		case '%':
			ret = append(out, outlen, &pos, "%");
			break;
		default:
			snprintf(
				err, errlen,
				"stats_file=%s: unknown '%%%.1s'; use %%j (job "
				"name), %%n (thread number), %%p (pid), %%h "
				"(host) or %%%%",
				tmpl, *p ? p : "");
			return -EINVAL;
		}
	}
	if (!ret && several_clones && !has_n) {
		snprintf(num, sizeof(num), ".%u", thread_number);
		ret = append(out, outlen, &pos, num);
	}
	if (ret)
		snprintf(err, errlen, "stats_file=%s: the path is too long",
			 tmpl);
	return ret;
}

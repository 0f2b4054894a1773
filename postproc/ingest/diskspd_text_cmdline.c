/* SPDX-License-Identifier: MIT */
/* DiskSpd text: a run's profile from its command line's flags. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd_text_int.h"
#include "util/util.h"

/* "4K", "64M", "8192": a DiskSpd flag's size (K, M, G, T; b bytes). */
static bool flag_size(const char *t, uint64_t *v)
{
	char *end;
	unsigned long long u = strtoull(t, &end, 10);
	int shift = 0;

	if (end == t)
		return false;
	switch (toupper((unsigned char) *end)) {
	case 'K':
		shift = 10;
		break;
	case 'M':
		shift = 20;
		break;
	case 'G':
		shift = 30;
		break;
	case 'T':
		shift = 40;
		break;
	case 'B':
	case '\0':
		break;
	default:
		return false;
	}
	*v = u << shift;
	return u < (1ULL << 20) || !shift;
}

/* A flag of one profile and every target, DiskSpd's defaults before. */
static void cmdline_flag(struct fv_dspd_profile *pr, struct fv_dspd_target *t,
			 const char *f)
{
	uint64_t v;
	char *end;
	long n = strtol(f + 1, &end, 10);
	bool num = end != f + 1 && !*end && n >= 0 && n < (1L << 20);

	switch (f[0]) {
	case 'b':
		if (flag_size(f + 1, &v) && v)
			t->block = v;
		break;
	case 'o':
		t->requests = num ? (int) n : t->requests;
		break;
	case 't':
		t->threads = num ? (int) n : t->threads;
		break;
	case 'F':
		pr->thread_count = num ? (int) n : pr->thread_count;
		break;
	case 'w':
		t->write_ratio = num && n <= 100 ? (int) n : t->write_ratio;
		break;
	case 'r':
		t->random = f[1] != 's';
		t->random_pct = 100;
		break;
	case 'd':
		pr->duration_s = num ? (double) n : pr->duration_s;
		break;
	case 'W':
		pr->warmup_s = num ? (double) n : pr->warmup_s;
		break;
	case 'L':
		pr->latency = !f[1];
		break;
	case 'S':
		/* -S, -Su: no OS cache; -Sh: no cache, write-through; -Sw */
		t->no_os_cache = !f[1] || strpbrk(f + 1, "uhb") != NULL;
		t->write_through = f[1] && strpbrk(f + 1, "hw") != NULL;
		break;
	default:
		break;
	}
}

/*
 * The profile of a run whose input parameters the file does not hold
 * (a script kept only its command line): DiskSpd's defaults (-b64K -o2
 * -t1 -d10 -W5 -w0, sequential), then its flags, each target the rest of
 * its words ("diskspd.exe -b4K -r -o4 C:\x.dat"), into pr, the profile the
 * caller opened (NULL: none could be).
 */
void fv_dt_cmdline_profile(struct tstate *s, struct fv_dspd_profile *pr)
{
	struct fv_dspd_target flags = { .block = 65536,
					.requests = 2,
					.threads = 1 };
	char words[sizeof(s->cmd)], *save = NULL;
	bool exe = true;

	if (!pr)
		return;
	pr->duration_s = 10;
	pr->warmup_s = 5;
	snprintf(words, sizeof(words), "%s", s->cmd);
	for (char *w = strtok_r(words, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (exe) { /* the program, however its path is spelled */
			exe = !strstr(w, "diskspd") && !strstr(w, "DiskSpd");
			continue;
		}
		if ((w[0] == '-' || w[0] == '/') && w[1]) {
			cmdline_flag(pr, &flags, w + 1);
			continue;
		}
		if (pr->ntargets < FV_DSPD_MAX_TARGETS) {
			struct fv_dspd_target *t = &pr->targets[pr->ntargets++];

			*t = flags;
			snprintf(t->path, sizeof(t->path), "%s", w);
			fv_sanitize(t->path);
		} else {
			pr->extra_targets++;
		}
	}
	/* flags after a target are its too: DiskSpd reads them all first */
	for (size_t i = 0; i < pr->ntargets; i++) {
		char path[256];

		memcpy(path, pr->targets[i].path, sizeof(path));
		pr->targets[i] = flags;
		memcpy(pr->targets[i].path, path, sizeof(path));
	}
	if (!pr->ntargets)
		fv_dt_bad(s, "%s names no target", "the command line");
}

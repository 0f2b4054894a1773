/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "identity.h"
#include "label.h"
#include "select_int.h"
#include "util/util.h"

int fv_label_rule_parse(struct fv_label_rule *r, const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t plen;

	memset(r, 0, sizeof(*r));
	if (!eq || eq == arg || !eq[1])
		return -EINVAL;
	r->name = strndup(arg, (size_t) (eq - arg));
	r->path = strdup(eq + 1);
	if (!r->name || !r->path) {
		fv_label_rule_free(r);
		return -ENOMEM;
	}
	plen = strlen(r->path);
	while (plen > 1 && r->path[plen - 1] == '/')
		r->path[--plen] = '\0';
	r->real = realpath(r->path, NULL);
	return 0;
}

void fv_label_rule_free(struct fv_label_rule *r)
{
	free(r->name);
	free(r->path);
	free(r->real);
	memset(r, 0, sizeof(*r));
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

static const struct fv_label_rule *
match_rule(const char *source, const struct fv_label_rule *rules, size_t n)
{
	char *real = NULL;
	const struct fv_label_rule *hit = NULL;

	for (size_t i = 0; i < n && !hit; i++)
		if (under(source, rules[i].path))
			hit = &rules[i];
	if (hit || !n)
		return hit;
	/* The same place spelled differently: ./runs/a, /abs/runs/a. */
	real = realpath(source, NULL);
	for (size_t i = 0; i < n && real && !hit; i++)
		if (rules[i].real && under(real, rules[i].real))
			hit = &rules[i];
	free(real);
	return hit;
}

/* A timestamp token: digits with '-' or 'T' separators, >= 8 digits. */
static bool is_timestamp(const char *s, size_t len)
{
	size_t digits = 0;

	for (size_t i = 0; i < len; i++) {
		if (isdigit((unsigned char) s[i]))
			digits++;
		else if (s[i] != '-' && s[i] != 'T')
			return false;
	}
	return digits >= 8;
}

/* Words a test name starts with in the seed's script and its kin. */
static bool is_test_word(const char *s, size_t len)
{
	static const char *const words[] = {
		"warmup", "scaling", "peak",	   "steady", "sync",
		"seq",	  "rand",    "throughput", "read",   "write",
	};

	for (size_t i = 0; i < FV_ARRAY_SIZE(words); i++) {
		size_t wl = strlen(words[i]);

		if (len >= wl && !strncasecmp(s, words[i], wl))
			return true;
	}
	return false;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int fv_filename_split(const char *path, char **label, char **test)
{
	const char *base = base_name(path);
	size_t len = fv_name_stem_len(base);
	const char *first = memchr(base, '_', len), *last, *t;

	last = first ? memrchr(base, '_', len) : NULL;
	if (!first || last == first ||
	    !is_timestamp(last + 1, (size_t) (base + len - last - 1)))
		return -ENOENT;
	/* The label may hold '_': the test starts at the first test word. */
	t = first;
	for (const char *p = first; p < last;
	     p = memchr(p + 1, '_', (size_t) (base + len - p - 1))) {
		if (is_test_word(p + 1, (size_t) (last - p - 1))) {
			t = p;
			break;
		}
	}
	if (label && !(*label = strndup(base, (size_t) (t - base))))
		return -ENOMEM;
	if (test && !(*test = strndup(t + 1, (size_t) (last - t - 1)))) {
		if (label) {
			free(*label);
			*label = NULL;
		}
		return -ENOMEM;
	}
	return 0;
}

/*
 * The name of the folder path ends in, run folders skipped ("vm/run_1"
 * is vm's: a run is not a label), cutting path as it goes up; NULL when
 * it reaches "." or ".." (the caller resolves those), "/" at the root.
 */
static const char *folder_name(char *path)
{
	for (;;) {
		char *last = strrchr(path, '/');
		const char *name = last ? last + 1 : path;

		if (last == path && !*name)
			return "/";
		if (!*name || !strcmp(name, ".") || !strcmp(name, ".."))
			return NULL;
		if (!fv_run_folder(name))
			return name;
		if (!last)
			return NULL; /* "run_1": realpath tells its parent */
		last[last == path] = '\0';
	}
}

static char *dir_label(const char *source)
{
	char *dir, *slash, *real, *out;
	const char *name;

	if (!strcmp(source, "-"))
		return strdup("stdin");
	dir = strdup(source);
	if (!dir)
		return NULL;
	slash = strrchr(dir, '/');
	if (!slash)
		strcpy(dir, ".");
	else
		slash[slash == dir] = '\0'; /* "/x.json": "/" */
	name = folder_name(dir);
	if (name) {
		out = strdup(name);
		free(dir);
		return out;
	}
	/* "file.json", "./file.json", "run_1/x": the working directory's. */
	real = realpath(dir, NULL);
	free(dir);
	name = real ? folder_name(real) : NULL;
	out = strdup(name ? name : "/");
	free(real);
	return out;
}

/* What a client's job is on its fleet: its host, the fleet's sum, fio's. */
static const char *host_part(const struct fv_job *job)
{
	if (job->kind == FV_JOB_ALL_CLIENTS)
		return "All clients";
	if (job->kind == FV_JOB_FLEET)
		return "fleet";
	return job->host;
}

/*
 * Client/server output: the label is the host, after the fleet's name
 * when --label or the file name gives one ("p30@127.0.0.2"), or the
 * folder (by_dir), so that several fleets over the same hosts stay apart.
 */
static int label_host(struct fv_job *job, const struct fv_label_rule *r,
		      bool by_dir)
{
	char *fleet = NULL;
	int ret = 0;

	if (r) {
		job->label_rule = "--label@hostname";
		fleet = strdup(r->name);
	} else if (!(ret = fv_filename_split(job->source, &fleet, NULL))) {
		job->label_rule = "file name@hostname";
	} else if (ret == -ENOENT && by_dir) {
		job->label_rule = "directory@hostname";
		fleet = dir_label(job->source);
	} else if (ret == -ENOENT) {
		job->label_rule = "hostname";
		fleet = strdup("");
	}
	if (!fleet)
		return -ENOMEM;
	free(job->fleet);
	job->fleet = fleet;
	if (!*job->fleet)
		job->label = strdup(host_part(job));
	else if (asprintf(&job->label, "%s@%s", job->fleet, host_part(job)) < 0)
		job->label = NULL;
	return job->label ? 0 : -ENOMEM;
}

/* The rules a folder's results are labelled by when not told otherwise. */
static int label_by_rules(struct fv_job *job)
{
	char *lab = NULL;

	if (job->source_label && *job->source_label) {
		job->label_rule = "input header";
		job->label = strdup(job->source_label);
	} else if (!fv_filename_split(job->source, &lab, NULL)) {
		job->label_rule = "file name";
		job->label = lab;
	} else {
		job->label_rule = "directory";
		job->label = dir_label(job->source);
	}
	return job->label ? 0 : -ENOMEM;
}

/* --label-by file, host or target: that name, else the directory's. */
static int label_by_identity(struct fv_job *job, enum fv_label_by by)
{
	struct fv_identity id;
	char name[512] = "";

	fv_identity_of(job, &id);
	if (by == FV_LABEL_BY_FILE) {
		int ret = fv_filename_split(job->source, &job->label, NULL);

		if (ret != -ENOENT) {
			job->label_rule = "file name";
			return ret;
		}
		id.file = job->source;
		fv_identity_name(&id, FV_ID_FILE, name, sizeof(name));
	} else if (by == FV_LABEL_BY_HOST) {
		if (!id.machine && job->source_label)
			id.machine = job->source_label; /* a header's VM: */
		fv_identity_name(&id, FV_ID_MACHINE, name, sizeof(name));
	} else {
		fv_identity_name(&id, FV_ID_MACHINE | FV_ID_PLACE, name,
				 sizeof(name));
	}
	if (!name[0] || !strcmp(job->source, "-")) {
		job->label_rule = "directory";
		job->label = dir_label(job->source);
	} else {
		job->label_rule = fv_label_by_name(by);
		job->label = strdup(name);
	}
	return job->label ? 0 : -ENOMEM;
}

static bool of_hosts(const struct fv_job *job)
{
	return job->host || job->kind == FV_JOB_ALL_CLIENTS ||
	       job->kind == FV_JOB_FLEET;
}

/*
 * Client outputs that name no fleet (neither --label nor their file's
 * name), from several folders: each folder is a fleet of its own, named
 * after it. Else their fleet rows ("fleet", "All clients") would be one
 * label, and the fleets merged or taken for reruns of one.
 */
static bool fleets_by_dir(const struct fv_set *set,
			  const struct fv_label_rule *rules, size_t nrules)
{
	const char *dir = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		const char *d = j->source_dir ? j->source_dir : "";

		if (!of_hosts(j) || match_rule(j->source, rules, nrules) ||
		    !fv_filename_split(j->source, NULL, NULL))
			continue;
		if (dir && strcmp(dir, d))
			return true;
		dir = d;
	}
	return false;
}

/* What every table, chart and note shows of it: valid UTF-8 (util/utf8.h). */
static int shown_escaped(struct fv_job *job)
{
	char *label = fv_escape(job->label),
	     *display = job->display ? fv_escape(job->display) : NULL;

	if (!label || (job->display && !display)) {
		free(label);
		free(display);
		return -ENOMEM;
	}
	free(job->label);
	job->label = label;
	if (display) {
		free(job->display);
		job->display = display;
	}
	return 0;
}

static int label_job(struct fv_job *job, const struct fv_label_rule *rules,
		     size_t nrules, enum fv_label_by by, bool fleet_dirs)
{
	const struct fv_label_rule *r = match_rule(job->source, rules, nrules);

	free(job->label);
	job->label = NULL;
	if (of_hosts(job))
		return label_host(job, r, fleet_dirs);
	if (r) {
		job->label_rule = "--label";
		job->label = strdup(r->name);
		return job->label ? 0 : -ENOMEM;
	}
	if (by == FV_LABEL_BY_DIR) {
		job->label_rule = "directory";
		job->label = dir_label(job->source);
		return job->label ? 0 : -ENOMEM;
	}
	if (by != FV_LABEL_BY_RULES)
		return label_by_identity(job, by);
	return label_by_rules(job);
}

int fv_label_assign(struct fv_set *set, const struct fv_label_rule *rules,
		    size_t nrules, enum fv_label_by by)
{
	bool fleet_dirs = fleets_by_dir(set, rules, nrules);

	if (fv_hosts_by_name(set))
		return -ENOMEM;
	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		int ret = 0;

		free(j->file_test);
		j->file_test = NULL;
		if (fv_filename_split(j->source, NULL, &j->file_test) ==
		    -ENOMEM)
			return -ENOMEM;
		ret = label_job(j, rules, nrules, by, fleet_dirs);
		if (ret)
			return ret;
		ret = shown_escaped(j);
		if (ret)
			return ret;
	}
	if ((by == FV_LABEL_BY_RULES || by == FV_LABEL_BY_DIR) &&
	    fv_label_folders(set))
		return -ENOMEM;
	if (fleet_dirs && fv_set_note(set, "%s",
				      "labels: client outputs of several "
				      "folders that name no fleet: each "
				      "folder a fleet (FOLDER@HOST; --label "
				      "NAME=PATH names one)"))
		return -ENOMEM;
	return by == FV_LABEL_BY_RULES ? fv_label_split(set) : 0;
}

static const char *const by_names[] = {
	[FV_LABEL_BY_RULES] = "rules",	 [FV_LABEL_BY_DIR] = "dir",
	[FV_LABEL_BY_FILE] = "file",	 [FV_LABEL_BY_HOST] = "host",
	[FV_LABEL_BY_TARGET] = "target",
};

int fv_label_by_parse(const char *s)
{
	for (size_t i = 1; i < FV_ARRAY_SIZE(by_names); i++)
		if (!strcmp(s, by_names[i]))
			return (int) i;
	return -EINVAL;
}

const char *fv_label_by_name(enum fv_label_by by)
{
	return by_names[by];
}

void fv_label_rules_mark(const struct fv_set *set,
			 const struct fv_label_rule *rules, size_t nrules,
			 bool *used)
{
	for (size_t r = 0; r < nrules; r++)
		for (size_t i = 0; i < set->njobs && !used[r]; i++)
			used[r] = match_rule(set->jobs[i]->source, &rules[r],
					     1) != NULL;
}

int fv_label_rules_unused(const struct fv_label_rule *rules, size_t nrules,
			  const bool *used, struct fv_diags *diags)
{
	int ret = 0;

	for (size_t r = 0; r < nrules && !ret; r++)
		if (!used[r])
			ret = fv_diag_add(diags, FV_ERROR, NULL, 0, 0,
					  "--label %s=%s: no input is %s or "
					  "under it (PATH names an input file "
					  "or a directory holding some)",
					  rules[r].name, rules[r].path,
					  rules[r].path)
				      ?: -EINVAL;
	return ret;
}

int fv_label_rules_check(const struct fv_set *set, const struct fv_set *also,
			 const struct fv_label_rule *rules, size_t nrules,
			 struct fv_diags *diags)
{
	bool *used = calloc(nrules + 1, sizeof(*used));
	int ret;

	if (!used)
		return -ENOMEM;
	fv_label_rules_mark(set, rules, nrules, used);
	if (also)
		fv_label_rules_mark(also, rules, nrules, used);
	ret = fv_label_rules_unused(rules, nrules, used, diags);
	free(used);
	return ret;
}

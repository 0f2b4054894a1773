/* SPDX-License-Identifier: MIT */
/*
 * Job files by name: `fioverdict run placement` runs placement.fio from
 * $FV_JOBFILE_DIR, else the build tree's jobfiles/ beside the program,
 * else the installed PREFIX/share/fioverdict/jobfiles, the first that has
 * it. A JOBFILE with a '/', or naming a file that exists, is a path: a
 * file of one's own always wins over the directories searched.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/util.h"
#include "runner.h"

#define NDIRS 3
#define SUFFIX ".fio"

/* DIR/../rel beside the program, resolved when it exists. */
static void beside(char dir[PATH_MAX], const char *rel)
{
	char real[PATH_MAX];

	fv_beside_exe(dir, PATH_MAX, rel);
	if (realpath(dir, real))
		memcpy(dir, real, PATH_MAX);
}

/* The directories searched, in order; an unset one is "". */
static void catalog_dirs(char dirs[NDIRS][PATH_MAX])
{
	const char *env = getenv("FV_JOBFILE_DIR");

	snprintf(dirs[0], PATH_MAX, "%s", env ? env : "");
	beside(dirs[1], "jobfiles");
	beside(dirs[2], "share/fioverdict/jobfiles");
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* dir/name.fio (or dir/name when it ends in .fio), resolved, into buf. */
static bool found_in(char buf[PATH_MAX], const char *dir, const char *name)
{
	char path[PATH_MAX + NAME_MAX + 8];

	if (!dir[0])
		return false;
	snprintf(path, sizeof(path), "%s/%s%s", dir, name,
		 has_suffix(name, SUFFIX) ? "" : SUFFIX);
	return is_file(path) && realpath(path, buf);
}

int fv_run_find_jobfile(struct fv_run *r, struct fv_error *e)
{
	char dirs[NDIRS][PATH_MAX];
	struct stat st;
	const char *name = r->jobfile;

	if (!*name || strchr(name, '/') ||
	    (!stat(name, &st) && !S_ISDIR(st.st_mode)))
		return 0; /* a path: fv_run_read_vars says what is wrong */
	catalog_dirs(dirs);
	for (int i = 0; i < NDIRS; i++)
		if (found_in(r->jobfile_path, dirs[i], name)) {
			r->jobfile = r->jobfile_path;
			return 0;
		}
	return fv_error_set(e, ENOENT, FV_EXIT_NOINPUT, NULL, 0,
			    "job file %s: no such file here, and no %s%s in "
			    "FV_JOBFILE_DIR (%s), %s or %s\n('fioverdict run "
			    "--list' lists the job files found by name)",
			    name, name, has_suffix(name, SUFFIX) ? "" : SUFFIX,
			    dirs[0][0] ? dirs[0] : "unset", dirs[1], dirs[2]);
}

struct entry {
	char name[NAME_MAX + 1];
	char path[PATH_MAX];
};

struct catalog {
	struct entry *e;
	size_t n, cap;
};

static bool listed(const struct catalog *c, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->e[i].name, name))
			return true;
	return false;
}

/* Adds dir's job files whose names no earlier directory had. */
static int add_dir(struct catalog *c, const char *dir)
{
	DIR *d = dir[0] ? opendir(dir) : NULL;
	struct dirent *de;
	int ret = 0;

	if (!d)
		return 0; /* an absent directory lists nothing */
	while (!ret && (de = readdir(d))) {
		char name[NAME_MAX + 1];

		if (!has_suffix(de->d_name, SUFFIX))
			continue;
		snprintf(name, sizeof(name), "%.*s",
			 (int) (strlen(de->d_name) - strlen(SUFFIX)),
			 de->d_name);
		if (listed(c, name))
			continue;
		ret = FV_ALLOC_GROW(c->e, c->n + 1, c->cap);
		if (!ret && found_in(c->e[c->n].path, dir, name))
			snprintf(c->e[c->n++].name, NAME_MAX + 1, "%s", name);
	}
	closedir(d);
	return ret;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct entry *) a)->name,
		      ((const struct entry *) b)->name);
}

int fv_run_list_jobfiles(FILE *out, struct fv_error *e)
{
	char dirs[NDIRS][PATH_MAX];
	struct catalog c = { 0 };
	int width = 0, ret = 0;

	catalog_dirs(dirs);
	for (int i = 0; i < NDIRS && !ret; i++)
		ret = add_dir(&c, dirs[i]);
	if (ret) {
		free(c.e);
		return fv_error_set(e, -ret, FV_EXIT_SOFTWARE, NULL, 0, "%s",
				    "");
	}
	if (!c.n) { /* nothing to sort: qsort must not see a NULL array */
		free(c.e);
		return fv_error_set(e, ENOENT, FV_EXIT_OK, NULL, 0,
				    "no job files in FV_JOBFILE_DIR (%s), %s "
				    "or %s",
				    dirs[0][0] ? dirs[0] : "unset", dirs[1],
				    dirs[2]);
	}
	qsort(c.e, c.n, sizeof(*c.e), by_name);
	for (size_t i = 0; i < c.n; i++)
		if ((int) strlen(c.e[i].name) > width)
			width = (int) strlen(c.e[i].name);
	for (size_t i = 0; i < c.n; i++)
		fprintf(out, "%-*s  %s\n", width, c.e[i].name, c.e[i].path);
	free(c.e);
	return 0;
}

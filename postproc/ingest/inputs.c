/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"
#include "inputs.h"
#include "gzip.h"
#include "manifest.h"
#include "ingest_int.h"

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t) (slash - path));
}

#define FV_INPUT_NAMED 1u

static int push(struct fv_inputs *in, const char *path, bool named)
{
	int ret = fv_pathlist_add(&in->list, path, named ? FV_INPUT_NAMED : 0);

	return ret < 0 ? ret : 0;
}

size_t fv_inputs_count(const struct fv_inputs *in)
{
	return in->list.n;
}

int fv_inputs_get(const struct fv_inputs *in, size_t i, struct fv_input *x)
{
	x->named = in->list.v[i].flags & FV_INPUT_NAMED;
	x->path = fv_pathlist_path(&in->list, i);
	x->dir = x->path && strcmp(x->path, "-") ? dir_of(x->path) : NULL;
	if (!x->path || (strcmp(x->path, "-") && !x->dir)) {
		fv_input_release(x);
		return -ENOMEM;
	}
	return 0;
}

void fv_input_release(struct fv_input *x)
{
	free(x->path);
	free(x->dir);
	x->path = x->dir = NULL;
}

static char *join_path(const char *dir, const char *name)
{
	size_t dl = strlen(dir);
	char *p;

	if (asprintf(&p, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/",
		     name) < 0)
		return NULL;
	return p;
}

/*
 * A directory's entry names, read into one buffer and sorted as alphasort
 * sorts (so that output does not depend on the file system's order): a
 * directory of thousands of files is one block, not thousands.
 */
struct names {
	char *buf; /* caps in bytes */
	size_t len, cap;
	size_t *off;
	size_t n, off_alloc;
};

static void names_free(struct names *nm)
{
	free(nm->buf);
	nm->cap = 0;
	free(nm->off);
	nm->off_alloc = 0;
}

static int names_add(struct names *nm, const char *name)
{
	size_t l = strlen(name) + 1;

	if (FV_ALLOC_GROW(nm->off, nm->n + 1, nm->off_alloc) ||
	    fv_grow((void **) &nm->buf, &nm->cap, nm->len + l))
		return -ENOMEM;
	memcpy(nm->buf + nm->len, name, l);
	nm->off[nm->n++] = nm->len;
	nm->len += l;
	return 0;
}

/*
 * Natural order, as ls -v: names that differ by a number sort by it
 * (rr_qd2 before rr_qd16), a folder of a sweep in its order.
 */
static int names_cmp(const void *a, const void *b, void *arg)
{
	const char *buf = arg;

	return strverscmp(buf + *(const size_t *) a, buf + *(const size_t *) b);
}

/* The names in dir but "." and "..", sorted; -errno when it cannot be read. */
static int read_names(const char *dir, struct names *nm)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return -errno;
	for (errno = 0; !ret && (e = readdir(d)); errno = 0)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			ret = names_add(nm, e->d_name);
	if (!ret && errno)
		ret = -errno;
	closedir(d);
	if (!ret)
		qsort_r(nm->off, nm->n, sizeof(*nm->off), names_cmp, nm->buf);
	return ret;
}

static int add_path(struct fv_inputs *in, const char *path, bool named,
		    struct fv_diags *diags, int depth);

/* A run that did not end (killed, or still going): its files are not read. */
static bool run_cut_short(int end)
{
	return end == FV_RUN_INCOMPLETE || end == FV_RUN_IN_PROGRESS;
}

/*
 * A name found in a directory that is not an input: a temporary file of a
 * write that never finished (util/atomic.h: ours, and the engines' stats
 * files), noted; the manifest of a run directory.
 */
static bool not_an_input(const char *dir, const char *name, int run_end,
			 struct fv_diags *diags)
{
	if (fv_is_partial_name(name)) {
		fv_diag_add(diags, FV_NOTE, dir, 0, 0,
			    "%s: not read: the temporary file of a write "
			    "that did not finish",
			    name);
		return true;
	}
	return run_end != FV_RUN_UNKNOWN && !strcmp(name, FV_MANIFEST_NAME);
}

/* Recursion without following symlinked directories: no loops. */
static int walk(struct fv_inputs *in, const char *dir, struct fv_diags *diags,
		int depth)
{
	struct names nm = { 0 };
	int ret = read_names(dir, &nm), end;

	if (ret) {
		if (ret != -ENOMEM)
			fv_diag_add(diags, FV_ERROR, dir, 0, 0,
				    "cannot list: %s", strerror(-ret));
		names_free(&nm);
		return ret;
	}
	end = fv_manifest_check(dir, diags);
	if (end < 0 || run_cut_short(end)) {
		names_free(&nm);
		return end < 0 ? end : 0;
	}
	for (size_t i = 0; i < nm.n && !ret; i++) {
		const char *name = nm.buf + nm.off[i];
		char *p;
		int r;

		if (not_an_input(dir, name, end, diags))
			continue;
		p = join_path(dir, name);
		r = p ? add_path(in, p, false, diags, depth + 1) : -ENOMEM;
		if (r == -ENOMEM)
			ret = r;
		free(p);
	}
	names_free(&nm);
	return ret;
}

/*
 * A file named on the command line in a run directory: the run's
 * manifest decides, once for a run of files from one directory.
 */
static int named_in_cut_run(struct fv_inputs *in, const char *file,
			    struct fv_diags *diags)
{
	char *dir = dir_of(file);

	if (!dir)
		return -ENOMEM;
	if (in->manifest_of && !strcmp(in->manifest_of, dir)) {
		free(dir);
		return run_cut_short(in->manifest_end);
	}
	free(in->manifest_of);
	in->manifest_of = dir;
	in->manifest_end = fv_manifest_check(dir, diags);
	if (in->manifest_end < 0)
		return in->manifest_end;
	return run_cut_short(in->manifest_end);
}

bool fv_ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && !strcmp(s + n - t, tail);
}

/* Our engines' naming (docs/stats-file.md): JOB_durability*.json. */
static bool is_stats_name(const char *name)
{
	return strstr(name, "_durability") && fv_ends_with(name, ".json");
}

bool fv_inputs_is_stats(const struct fv_inputs *in, size_t i)
{
	return is_stats_name(fv_pathlist_name(&in->list, i));
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int stats_entry(const struct dirent *e)
{
	return is_stats_name(e->d_name);
}

/*
 * Stats files our engines wrote beside a named fio output file. Only they
 * are read from the directory, once for a run of files from it: a
 * thousand files named from one directory are not a thousand listings.
 */
static int add_siblings(struct fv_inputs *in, const char *file)
{
	char *dir = dir_of(file);
	struct dirent **ents;
	int n, ret = 0;

	if (!dir)
		return -ENOMEM;
	if (in->siblings_of && !strcmp(in->siblings_of, dir)) {
		free(dir);
		return 0;
	}
	free(in->siblings_of);
	in->siblings_of = dir;
	n = scandir(dir, &ents, stats_entry, alphasort);
	for (int i = 0; i < n; i++) {
		if (!ret) {
			/* Spell it as the user did: "x.json" stays bare. */
			char *p = strchr(file, '/')
					  ? join_path(dir, ents[i]->d_name)
					  : strdup(ents[i]->d_name);
			struct stat st;

			/* Named like one is not enough: a file. */
			if (p && !stat(p, &st) && S_ISREG(st.st_mode))
				ret = push(in, p, false);
			else if (!p)
				ret = -ENOMEM;
			free(p);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	return ret;
}

/*
 * 1 when the named path, of status st, was named before under another
 * spelling (noted), 0 when it is new, -ENOMEM. The spelling itself is the
 * path list's to compare.
 */
static int named_again(struct fv_inputs *in, const char *path,
		       const struct stat *st, struct fv_diags *diags)
{
	char key[48];
	const char *first;

	/* 0:0 is no identity: a host that does not number its files */
	if (!st->st_dev && !st->st_ino)
		return 0;
	if (!in->named && !(in->named = json_object()))
		return -ENOMEM;
	snprintf(key, sizeof(key), "%ju:%ju", (uintmax_t) st->st_dev,
		 (uintmax_t) st->st_ino);
	first = json_string_value(json_object_get(in->named, key));
	if (!first)
		return json_object_set_new(in->named, key,
					   json_string_nocheck(path))
			       ? -ENOMEM
			       : 0;
	if (strcmp(first, path))
		fv_diag_add(diags, FV_NOTE, path, 0, 0,
			    "the same %s as '%s', named again: read once",
			    S_ISDIR(st->st_mode) ? "folder" : "file", first);
	return 1;
}

static int add_path(struct fv_inputs *in, const char *path, bool named,
		    struct fv_diags *diags, int depth)
{
	struct stat st;
	int ret;

	if ((named ? stat(path, &st) : lstat(path, &st)) < 0) {
		ret = -errno;
		fv_diag_add(diags, FV_ERROR, path, 0, 0, "%s", strerror(errno));
		return ret;
	}
	if (S_ISLNK(st.st_mode) && stat(path, &st) < 0)
		return 0; /* dangling link found in a directory */
	if (named && (ret = named_again(in, path, &st, diags)))
		return ret < 0 ? ret : 0;
	if (S_ISDIR(st.st_mode)) {
		if (depth > 64 ||
		    (!named && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)))
			return 0;
		return walk(in, path, diags, depth);
	}
	if (!S_ISREG(st.st_mode) && !named)
		return 0; /* sockets, fifos found while walking */
	if (named && S_ISREG(st.st_mode)) {
		ret = named_in_cut_run(in, path, diags);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	ret = push(in, path, named);
	if (!ret && named && !is_stats_name(base_name(path)))
		ret = add_siblings(in, path);
	return ret;
}

/*
 * arg without what names nothing: "." parts, doubled and trailing '/'
 * ("./a//b/" is "a/b"), so that one folder has one spelling and one label
 * however it was typed. ".." is kept: through a link it goes elsewhere.
 */
static char *plain_spelling(const char *arg)
{
	char *out = malloc(strlen(arg) + 2), *o = out;
	const char *p = arg;

	if (!out)
		return NULL;
	if (*p == '/')
		*o++ = '/';
	while (*p) {
		const char *end = strchrnul(p, '/');
		size_t n = (size_t) (end - p);

		if (n && !(n == 1 && *p == '.')) {
			if (o > out && o[-1] != '/')
				*o++ = '/';
			memcpy(o, p, n);
			o += n;
		}
		p = *end ? end + 1 : end;
	}
	if (o == out)
		*o++ = *arg ? '.' : '\0';
	*o = '\0';
	return out;
}

int fv_inputs_add(struct fv_inputs *in, const char *arg, struct fv_diags *diags)
{
	char *path;
	int ret;

	if (!strcmp(arg, "-"))
		return push(in, "-", true);
	path = plain_spelling(arg);
	if (!path)
		return -ENOMEM;
	ret = add_path(in, path, true, diags, 0);
	free(path);
	return ret < 0 ? ret : 0;
}

void fv_inputs_done(struct fv_inputs *in)
{
	fv_pathlist_seal(&in->list);
	free(in->siblings_of);
	free(in->manifest_of);
	json_decref(in->named);
	in->siblings_of = in->manifest_of = NULL;
	in->named = NULL;
}

void fv_inputs_free(struct fv_inputs *in)
{
	fv_pathlist_free(&in->list);
	free(in->siblings_of);
	free(in->manifest_of);
	json_decref(in->named);
	memset(in, 0, sizeof(*in));
}

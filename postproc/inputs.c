/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inputs.h"

static bool known(const struct fv_inputs *in, const char *path)
{
	for (size_t i = 0; i < in->n; i++)
		if (!strcmp(in->v[i].path, path))
			return true;
	return false;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t) (slash - path));
}

static int push(struct fv_inputs *in, const char *path, bool named)
{
	struct fv_input *x;

	if (known(in, path))
		return 0;
	if (in->n == in->cap) {
		size_t cap = in->cap ? in->cap * 2 : 64;

		x = realloc(in->v, cap * sizeof(*x));
		if (!x)
			return -ENOMEM;
		in->v = x;
		in->cap = cap;
	}
	x = &in->v[in->n];
	x->named = named;
	x->path = strdup(path);
	x->dir = strcmp(path, "-") ? dir_of(path) : NULL;
	if (!x->path || (strcmp(path, "-") && !x->dir)) {
		free(x->path);
		free(x->dir);
		return -ENOMEM;
	}
	in->n++;
	return 0;
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

static int no_dots(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

static int add_path(struct fv_inputs *in, const char *path, bool named,
		    struct fv_diags *diags, int depth);

/* Recursion without following symlinked directories: no loops. */
static int walk(struct fv_inputs *in, const char *dir, struct fv_diags *diags,
		int depth)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, no_dots, alphasort), ret = 0;

	if (n < 0) {
		fv_diag_add(diags, FV_ERROR, dir, 0, 0, "cannot list: %s",
			    strerror(errno));
		return -errno;
	}
	for (int i = 0; i < n; i++) {
		char *p = ret ? NULL : join_path(dir, ents[i]->d_name);

		if (!ret && !p)
			ret = -ENOMEM;
		if (p) {
			int r = add_path(in, p, false, diags, depth + 1);

			if (r == -ENOMEM)
				ret = r;
		}
		free(p);
		free(ents[i]);
	}
	free(ents);
	return ret;
}

static bool is_stats_name(const char *name)
{
	size_t n = strlen(name);

	return strstr(name, "_durability") && n > 5 &&
	       !strcmp(name + n - 5, ".json");
}

/* Stats files our engines wrote beside a named fio output file. */
static int add_siblings(struct fv_inputs *in, const char *file)
{
	char *dir = dir_of(file);
	struct dirent **ents;
	int n, ret = 0;

	if (!dir)
		return -ENOMEM;
	n = scandir(dir, &ents, no_dots, alphasort);
	for (int i = 0; i < n; i++) {
		if (!ret && is_stats_name(ents[i]->d_name)) {
			/* Spell it as the user did: "x.json" stays bare. */
			char *p = strchr(file, '/')
					  ? join_path(dir, ents[i]->d_name)
					  : strdup(ents[i]->d_name);

			ret = p ? push(in, p, false) : -ENOMEM;
			free(p);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	free(dir);
	return ret;
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
	if (S_ISDIR(st.st_mode)) {
		if (depth > 64 ||
		    (!named && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)))
			return 0;
		return walk(in, path, diags, depth);
	}
	if (!S_ISREG(st.st_mode) && !named)
		return 0; /* sockets, fifos found while walking */
	ret = push(in, path, named);
	if (!ret && named && is_stats_name(path) == false)
		ret = add_siblings(in, path);
	return ret;
}

int fv_inputs_add(struct fv_inputs *in, const char *arg, struct fv_diags *diags)
{
	if (!strcmp(arg, "-"))
		return push(in, "-", true);
	return add_path(in, arg, true, diags, 0);
}

void fv_inputs_free(struct fv_inputs *in)
{
	for (size_t i = 0; i < in->n; i++) {
		free(in->v[i].path);
		free(in->v[i].dir);
	}
	free(in->v);
	memset(in, 0, sizeof(*in));
}

static int read_fd(int fd, size_t hint, char **buf, size_t *len)
{
	size_t cap = hint + 1, n = 0;
	char *b = malloc(cap + 1);

	if (!b)
		return -ENOMEM;
	for (;;) {
		ssize_t r;

		if (n == cap) {
			char *nb;

			if (cap >= FV_INPUT_MAX) {
				free(b);
				return -EFBIG;
			}
			cap *= 2;
			nb = realloc(b, cap + 1);
			if (!nb) {
				free(b);
				return -ENOMEM;
			}
			b = nb;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int err = -errno;

			free(b);
			return err;
		}
		if (!r)
			break;
		n += (size_t) r;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int fv_input_read(const struct fv_input *in, char **buf, size_t *len)
{
	struct stat st;
	size_t hint = 65536;
	int fd, ret;

	if (!strcmp(in->path, "-"))
		return read_fd(STDIN_FILENO, hint, buf, len);
	fd = open(in->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode)) {
		if ((size_t) st.st_size > FV_INPUT_MAX) {
			close(fd);
			return -EFBIG;
		}
		/* Exact size: one read, no reallocation, no slack. */
		hint = (size_t) st.st_size;
	}
	ret = read_fd(fd, hint, buf, len);
	close(fd);
	return ret;
}

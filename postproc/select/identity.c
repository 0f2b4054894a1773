/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "identity.h"
#include "util/util.h"

/*
 * The first of fio's ':'-separated names ("/dev/sdb:/dev/sdc"), with
 * Windows' escaped colon ("C\:\fio\t") read as one.
 */
static void first_name(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	for (; *s && *s != ':' && n + 1 < len; s++) {
		if (s[0] == '\\' && s[1] == ':')
			s++;
		buf[n++] = *s;
	}
	buf[n] = '\0';
}

/* A block or character device; /dev/shm is a tmpfs, its files are files. */
static bool is_device(const char *path)
{
	return !strncmp(path, "/dev/", 5) && strncmp(path, "/dev/shm/", 9);
}

/*
 * Where a path is, as a placement: a device as itself, a Windows drive
 * ("E:"), a physical disk as DiskSpd names it ("#1"), else its directory.
 * A bare file name is in the working directory, which no result names.
 */
static void place_of_path(const char *path, bool is_dir, char *buf, size_t len)
{
	const char *sep = NULL;

	buf[0] = '\0';
	/* "." and "./x": the working directory, which no result names */
	if (!path || !*path || !strcmp(path, ".") || !strncmp(path, "./", 2) ||
	    !strncmp(path, ".\\", 2))
		return;
	if (isalpha((unsigned char) path[0]) && path[1] == ':') {
		snprintf(buf, len, "%c:", toupper((unsigned char) path[0]));
		return;
	}
	if (is_dir || is_device(path) || path[0] == '#' ||
	    !strncmp(path, "\\\\.\\", 4)) {
		snprintf(buf, len, "%s", path);
		return;
	}
	for (const char *p = path; *p; p++)
		if (*p == '/' || *p == '\\')
			sep = p;
	if (sep)
		snprintf(buf, len, "%.*s", sep == path ? 1 : (int) (sep - path),
			 path);
}

static void fio_place(const struct fv_job *job, char *buf, size_t len)
{
	const char *dir = fv_job_opt(job, "directory");
	const char *file = fv_job_opt(job, "filename");
	char name[256];

	buf[0] = '\0';
	/* SPDK's "trtype=PCIe traddr=0000.b1.00.0 ns=1": the device */
	if (file && strstr(file, "traddr=")) {
		snprintf(buf, len, "%.*s",
			 (int) strcspn(strstr(file, "traddr="), " "),
			 strstr(file, "traddr="));
		return;
	}
	if (file) {
		first_name(file, name, sizeof(name));
		/* A device, or an absolute path, wherever directory= is. */
		if (is_device(name) || !dir) {
			place_of_path(name, false, buf, len);
			return;
		}
	}
	if (dir) {
		first_name(dir, name, sizeof(name));
		place_of_path(name, true, buf, len);
	}
}

/*
 * The version the output records. DiskSpd's text prints none: its reader
 * names the range its layout belongs to ("2.1 or later (text)"), which
 * tells no machine from another.
 */
static const char *recorded_version(const struct fv_job *job)
{
	const char *v = job->fio_version;
	size_t n = v ? strlen(v) : 0;

	if (!n || (n > 7 && !strcmp(v + n - 7, " (text)") && job->format &&
		   !strcmp(job->format, "DiskSpd")))
		return NULL;
	return v;
}

void fv_identity_of(const struct fv_job *job, struct fv_identity *id)
{
	bool fio = job->format && !strncmp(job->format, "fio", 3);
	bool cdm = job->format && !strcmp(job->format, "CrystalDiskMark");
	const char *format = job->format ? job->format : "fio";

	memset(id, 0, sizeof(*id));
	snprintf(id->tool, sizeof(id->tool), "%.*s", (int) strcspn(format, " "),
		 format);
	id->version = recorded_version(job);
	id->machine = job->machine && *job->machine ? job->machine : NULL;
	id->devices = job->run_io.known && job->run_io.devices[0]
			      ? job->run_io.devices
			      : NULL;
	if (fio)
		fio_place(job, id->place, sizeof(id->place));
	else
		place_of_path(job->wl.target, false, id->place,
			      sizeof(id->place));
	/* Its comment names it (a label rule); else the file is the drive. */
	if (cdm && !(job->source_label && *job->source_label))
		id->file = job->source;
}

unsigned fv_identity_parts(const struct fv_identity *id)
{
	return FV_ID_TOOL | (id->machine ? FV_ID_MACHINE : 0u) |
	       (id->place[0] ? FV_ID_PLACE : 0u) |
	       (id->file ? FV_ID_FILE : 0u) |
	       (id->devices ? FV_ID_DEVICES : 0u) |
	       (id->version ? FV_ID_VERSION : 0u);
}

unsigned fv_identity_diff(const struct fv_identity *a,
			  const struct fv_identity *b)
{
	return (!strcmp(a->tool, b->tool) ? 0u : FV_ID_TOOL) |
	       (fv_streq_opt(a->machine, b->machine) ? 0u : FV_ID_MACHINE) |
	       (!strcmp(a->place, b->place) ? 0u : FV_ID_PLACE) |
	       (fv_streq_opt(a->file, b->file) ? 0u : FV_ID_FILE) |
	       (fv_streq_opt(a->devices, b->devices) ? 0u : FV_ID_DEVICES) |
	       (fv_streq_opt(a->version, b->version) ? 0u : FV_ID_VERSION);
}

size_t fv_name_stem_len(const char *base)
{
	size_t n = strlen(base);
	const char *dot;

	if (n > 3 && !strcmp(base + n - 3, ".gz"))
		n -= 3;
	for (dot = base + n; dot > base && *dot != '.'; dot--)
		;
	return dot > base ? (size_t) (dot - base) : n;
}

/* "dir/CDM_2020.txt" -> "CDM_2020". */
static void stem(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	snprintf(buf, len, "%.*s", (int) fv_name_stem_len(base), base);
}

void fv_identity_name(const struct fv_identity *id, unsigned parts, char *buf,
		      size_t len)
{
	char file[256] = "", devices[80] = "";
	const char *part[6];
	size_t n = 0;

	buf[0] = '\0';
	parts &= fv_identity_parts(id);
	if (parts & FV_ID_FILE)
		stem(id->file, file, sizeof(file));
	if (parts & FV_ID_DEVICES)
		snprintf(devices, sizeof(devices), "on %s", id->devices);
	part[0] = parts & FV_ID_TOOL ? id->tool : NULL;
	part[1] = parts & FV_ID_MACHINE ? id->machine : NULL;
	part[2] = parts & FV_ID_PLACE ? id->place : NULL;
	part[3] = parts & FV_ID_DEVICES ? devices : NULL;
	part[4] = parts & FV_ID_VERSION ? id->version : NULL;
	part[5] = parts & FV_ID_FILE ? file : NULL;
	for (size_t i = 0; i < 6 && n < len; i++) {
		int w;

		if (!part[i])
			continue;
		w = snprintf(buf + n, len - n, "%s%s", n ? " " : "", part[i]);
		if (w > 0)
			n += (size_t) w;
	}
}

/* SPDX-License-Identifier: MIT */
/*
 * What a run was on, DIR/provenance.txt ("key: value" lines, read back by
 * ingest/provenance.c): fio's version, the kernel, the CPUs and memory,
 * the target's file system and mount options, its block device (model,
 * firmware, scheduler, queue depth, rotational, write cache), the machine
 * as its firmware names it (DMI: a cloud's VM, Azure's chassis asset tag),
 * and how idle and stolen each CPU was while fio ran (/proc/stat before
 * and after). All from /proc and /sys: no network, nothing that fails the
 * run when a file is missing (the line is left out).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "runner.h"
#include "util/util.h"

#define MAX_CPUS 1024

/* Per CPU, /proc/stat's jiffies: all, idle (with iowait), steal. */
struct cpu_times {
	unsigned long long all, idle, steal;
};

struct fv_prov_rec {
	char fio[64];
	int ncpu; /* lines read from /proc/stat */
	struct cpu_times t0[MAX_CPUS];
};

static int read_stat(struct cpu_times *t, int max)
{
	FILE *f = fopen("/proc/stat", "r");
	char line[512];
	int n = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v[8] = { 0 };
		int cpu;

		if (strncmp(line, "cpu", 3) || line[3] < '0' || line[3] > '9')
			continue;
		if (sscanf(line,
			   "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu",
			   &cpu, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
			   &v[6], &v[7]) < 5 ||
		    cpu != n || n >= max)
			continue;
		t[n].all =
			v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
		t[n].idle = v[3] + v[4];
		t[n].steal = v[7];
		n++;
	}
	fclose(f);
	return n;
}

struct fv_prov_rec *fv_run_provenance_begin(const struct fv_run *r)
{
	struct fv_prov_rec *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	if (fv_run_fio_version(r, p->fio, sizeof(p->fio)))
		p->fio[0] = '\0';
	p->ncpu = read_stat(p->t0, MAX_CPUS);
	return p;
}

/* The first line of a file, trimmed; "" when there is none. */
static void first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int) len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	for (n = strlen(buf); n && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
}

static void put(FILE *out, const char *key, const char *v)
{
	if (v && *v)
		fprintf(out, "%s: %s\n", key, v);
}

static void put_file(FILE *out, const char *key, const char *fmt,
		     const char *arg)
{
	char path[PATH_MAX], v[256];

	snprintf(path, sizeof(path), fmt, arg);
	first_line(path, v, sizeof(v));
	put(out, key, v);
}

static void machine(FILE *out, const char *fio)
{
	struct utsname u;
	char line[512], model[256] = "";
	unsigned long long kib = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	put(out, "fio", fio);
	if (!uname(&u))
		put(out, "kernel", u.release);
	while (f && fgets(line, sizeof(line), f) && !model[0])
		if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
			snprintf(model, sizeof(model), "%s",
				 strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = '\0';
		}
	if (f)
		fclose(f);
	put(out, "cpu-model", model);
	fprintf(out, "cpus: %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	f = fopen("/proc/meminfo", "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
			break;
	if (f)
		fclose(f);
	if (kib)
		fprintf(out, "memory: %llu\n", kib * 1024);
}

/* DMI, and the cloud it names (Azure's asset tag; EC2's product). */
static void firmware(FILE *out)
{
	char vendor[256], product[256], tag[256];

	first_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	first_line("/sys/class/dmi/id/product_name", product, sizeof(product));
	first_line("/sys/class/dmi/id/chassis_asset_tag", tag, sizeof(tag));
	put(out, "sys-vendor", vendor);
	put(out, "product-name", product);
	put(out, "chassis-asset-tag", tag);
	if (!strcmp(tag, "7783-7084-3265-9085-8269-3286-77"))
		put(out, "cloud", "Azure"); /* its VM size is not in DMI */
	else if (!strncmp(vendor, "Amazon EC2", 10)) {
		put(out, "cloud", "AWS");
		put(out, "vm-size", product); /* the instance type */
	} else if (!strcmp(product, "Google Compute Engine"))
		put(out, "cloud", "GCP");
}

/* Adds super's options to opts, each once (both may say "rw"). */
static void merge_opts(char *opts, size_t len, char *super)
{
	char *save = NULL;

	for (char *o = strtok_r(super, ",", &save); o;
	     o = strtok_r(NULL, ",", &save)) {
		char key[520];
		size_t n = strlen(opts);

		snprintf(key, sizeof(key), ",%s,", o);
		if (n + strlen(o) + 2 >= len)
			return;
		{
			char with[1040];

			snprintf(with, sizeof(with), ",%s,", opts);
			if (strstr(with, key))
				continue;
		}
		snprintf(opts + n, len - n, ",%s", o);
	}
}

/* The mount the path is on: the longest mount point of mountinfo. */
static void mount_of(FILE *out, const char *path)
{
	FILE *f = fopen("/proc/self/mountinfo", "r");
	char line[4096], best_fs[64] = "", best_opts[1024] = "";
	size_t best = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char mnt[2048], opts[512], fs[64], super[512];
		const char *dash = strstr(line, " - ");
		size_t n;

		if (!dash ||
		    sscanf(line, "%*s %*s %*s %*s %2047s %511s", mnt, opts) !=
			    2 ||
		    sscanf(dash, " - %63s %*s %511s", fs, super) != 2)
			continue;
		n = strlen(mnt);
		if (strncmp(path, mnt, n) ||
		    (path[n] && path[n] != '/' && strcmp(mnt, "/")) || n < best)
			continue;
		best = n;
		snprintf(best_fs, sizeof(best_fs), "%s", fs);
		snprintf(best_opts, sizeof(best_opts), "%s", opts);
		merge_opts(best_opts, sizeof(best_opts), super);
	}
	if (f)
		fclose(f);
	put(out, "fs", best_fs);
	put(out, "mount-options", best_opts);
}

/* The whole disk of a device number: /sys/dev/block, a partition's parent. */
static bool disk_of(dev_t dev, char *name, size_t len)
{
	char link[128], real[PATH_MAX], part[PATH_MAX + 16];
	char *slash;

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev),
		 minor(dev));
	if (!realpath(link, real))
		return false;
	snprintf(part, sizeof(part), "%s/partition", real);
	if (!access(part, F_OK) && (slash = strrchr(real, '/')))
		*slash = '\0';
	slash = strrchr(real, '/');
	snprintf(name, len, "%.*s", (int) len - 1, slash ? slash + 1 : real);
	return true;
}

static void device(FILE *out, const char *target)
{
	char path[PATH_MAX], name[256], v[256];
	struct stat st;
	const char *q = "/sys/block/%s/queue/";

	if (!realpath(target, path) || stat(path, &st))
		return;
	mount_of(out, path);
	if (!disk_of(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, name,
		     sizeof(name))) {
		put(out, "device", "none");
		return;
	}
	put(out, "device", name);
	put_file(out, "device-model", "/sys/block/%s/device/model", name);
	snprintf(path, sizeof(path), "/sys/block/%s/device/firmware_rev", name);
	first_line(path, v, sizeof(v));
	if (!v[0]) {
		snprintf(path, sizeof(path), "/sys/block/%s/device/rev", name);
		first_line(path, v, sizeof(v));
	}
	put(out, "device-firmware", v);
	snprintf(path, sizeof(path), "%s%s", q, "scheduler");
	put_file(out, "scheduler", path, name);
	snprintf(path, sizeof(path), "/sys/block/%s/device/queue_depth", name);
	first_line(path, v, sizeof(v));
	if (!v[0]) {
		snprintf(path, sizeof(path), "/sys/block/%s/queue/nr_requests",
			 name);
		first_line(path, v, sizeof(v));
	}
	put(out, "queue-depth", v);
	snprintf(path, sizeof(path), "%s%s", q, "rotational");
	put_file(out, "rotational", path, name);
	snprintf(path, sizeof(path), "%s%s", q, "write_cache");
	put_file(out, "write-cache", path, name);
}

/* How idle and stolen each CPU was since begin, percent. */
static void cpu_record(FILE *out, const struct fv_prov_rec *p)
{
	struct cpu_times *t1 = calloc(MAX_CPUS, sizeof(*t1));
	int n = t1 ? read_stat(t1, MAX_CPUS) : 0;

	if (n > p->ncpu)
		n = p->ncpu;
	if (n)
		fputs("cpu-idle:", out);
	for (int i = 0; i < n; i++) {
		double all = (double) (t1[i].all - p->t0[i].all);

		fprintf(out, " cpu%d=%.1f", i,
			all > 0 ? 100 * (double) (t1[i].idle - p->t0[i].idle) /
					  all
				: 100.0);
	}
	if (n)
		fputs("\ncpu-steal:", out);
	for (int i = 0; i < n; i++) {
		double all = (double) (t1[i].all - p->t0[i].all);

		fprintf(out, " cpu%d=%.1f", i,
			all > 0 ? 100 *
					  (double) (t1[i].steal -
						    p->t0[i].steal) /
					  all
				: 0.0);
	}
	if (n)
		fputc('\n', out);
	free(t1);
}

struct record {
	const struct fv_prov_rec *p;
	const struct fv_run *r;
};

static void write_provenance(FILE *f, const void *arg)
{
	const struct record *rec = arg;
	char host[256] = "";

	gethostname(host, sizeof(host) - 1);
	put(f, "host", host);
	machine(f, rec->p->fio);
	firmware(f);
	put(f, "target", rec->r->target_abs);
	device(f, rec->r->target_abs);
	cpu_record(f, rec->p);
}

int fv_run_provenance_end(struct fv_prov_rec *p, const struct fv_run *r,
			  struct fv_error *e)
{
	const struct record rec = { p, r };
	int ret;

	if (!p)
		return -ENOMEM;
	ret = fv_run_write_record(r, "provenance.txt", write_provenance, &rec,
				  e);
	free(p);
	return ret;
}

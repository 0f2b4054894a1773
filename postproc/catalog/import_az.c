/* SPDX-License-Identifier: MIT */
/*
 * `az vm list-skus --output json` (the Resource SKUs API) into catalog
 * rows. VM sizes: UncachedDiskIOPS and UncachedDiskBytesPerSecond (the
 * remote disks), CombinedTempDiskAndCached* (the host cache and temp disk
 * together; the temp disk alone on sizes without a cache), the local
 * disk's size, the ephemeral OS disk placements. Disk SKUs (--all or
 * --resource-type disks): MaxIOps, MaxBandwidthMBps, MaxSizeGiB.
 *
 * The API's byte rates are not of one unit: some are the documented MB/s
 * in bytes (865000000 for 865 MB/s), others the documented figure times
 * 2^20 (1258291200 for 1200 MB/s). A rate that is a multiple of 2^20 and
 * not of 10^6 is read as the documented figure (value / 2^20 MB/s), and
 * the row's note says so.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import.h"
#include "util/util.h"

#define SKUS_API                                                            \
	"https://learn.microsoft.com/en-us/rest/api/compute/resource-skus/" \
	"list"

/* A capability's value as text, or NULL. */
static const char *cap(json_t *sku, const char *name)
{
	json_t *caps = json_object_get(sku, "capabilities"), *c;
	size_t i;

	json_array_foreach(caps, i, c)
	{
		const char *n = json_string_value(json_object_get(c, "name"));

		if (n && !strcmp(n, name))
			return json_string_value(json_object_get(c, "value"));
	}
	return NULL;
}

static double cap_num(json_t *sku, const char *name)
{
	const char *s = cap(sku, name);
	char *end;
	double v;

	if (!s || !isdigit((unsigned char) *s))
		return NAN;
	v = strtod(s, &end);
	return *end || !isfinite(v) ? NAN : v;
}

/*
 * The API's bytes per second as B/s of the documented MB/s figure; adds
 * to note how it was read when it was a MiB-based number.
 */
static double rate(double v, const char *name, char *note, size_t len)
{
	size_t n = strlen(note);

	if (isnan(v) || v <= 0 || fmod(v, 1e6) == 0 || fmod(v, 1048576) != 0)
		return v;
	snprintf(note + n, len - n,
		 "%s%s %.0f = %.0f x 2^20: read as %.0f MB/s", n ? "; " : "",
		 name, v, v / 1048576, v / 1048576);
	return v / 1048576 * 1e6;
}

/* "standardDDSv5Family" -> "ddsv5". */
static void family(char *buf, size_t len, const char *f)
{
	size_t n;

	if (!f)
		f = "";
	if (!strncasecmp(f, "standard", 8))
		f += 8;
	snprintf(buf, len, "%s", f);
	n = strlen(buf);
	if (n > 6 && !strcasecmp(buf + n - 6, "Family"))
		buf[n - 6] = '\0';
	for (char *p = buf; *p; p++)
		*p = (char) tolower((unsigned char) *p);
}

/* "ResourceDisk,CacheDisk" -> "ResourceDisk CacheDisk"; "none". */
static void placements(char *buf, size_t len, json_t *sku)
{
	const char *ok = cap(sku, "EphemeralOSDiskSupported");
	const char *list = cap(sku, "SupportedEphemeralOSDiskPlacements");

	if (!ok || strcasecmp(ok, "True") || !list || !*list) {
		snprintf(buf, len, "none");
		return;
	}
	snprintf(buf, len, "%s", list);
	for (char *p = buf; *p; p++)
		if (*p == ',')
			*p = ' ';
}

static int vm(struct fv_import *im, json_t *sku, const char *name)
{
	struct fv_cat_row r;
	char fam[64], eph[128], note[512] = "", title[160];
	double cached = cap_num(sku, "CachedDiskBytes");
	double iops = cap_num(sku, "CombinedTempDiskAndCachedIOPS");
	double bw = rate(
		cap_num(sku, "CombinedTempDiskAndCachedReadBytesPerSecond"),
		"CombinedTempDiskAndCachedReadBytesPerSecond", note,
		sizeof(note));
	double nvme = cap_num(sku, "NvmeDiskSizeInMiB");
	double temp = cap_num(sku, "MaxResourceVolumeMB");

	family(fam, sizeof(fam),
	       json_string_value(json_object_get(sku, "family")));
	placements(eph, sizeof(eph), sku);
	snprintf(title, sizeof(title), "%s, %s vCPUs", name,
		 cap(sku, "vCPUs") ? cap(sku, "vCPUs") : "?");
	fv_import_row(&r, "azure", name, FV_CAT_VM, fam, title, SKUS_API);
	r.ephemeral = eph;
	r.iops = cap_num(sku, "UncachedDiskIOPS");
	r.bw = rate(cap_num(sku, "UncachedDiskBytesPerSecond"),
		    "UncachedDiskBytesPerSecond", note, sizeof(note));
	/* the combined figures are the temp disk's when there is no cache */
	if (cached > 0) {
		r.cached_iops = iops;
		r.cached_bw = bw;
	} else {
		r.temp_iops = iops;
		r.temp_bw = bw;
	}
	/* CachedDiskBytes: bytes (2^30 per GiB); 0 where there is no cache */
	r.cache_gib = cached >= 0 ? cached / 1073741824.0 : NAN;
	r.data_disks = cap_num(sku, "MaxDataDiskCount");
	/* MaxResourceVolumeMB counts MiB (1228800 for 1200 GiB) */
	r.temp_gib = nvme > 0 ? nvme / 1024 : temp > 0 ? temp / 1024 : NAN;
	r.note = note[0] ? note : NULL;
	return fv_import_emit(im, &r);
}

static const char *disk_family(const char *name)
{
	static const char *const map[][2] = {
		{ "Premium_LRS", "premium-ssd" },
		{ "Premium_ZRS", "premium-ssd-zrs" },
		{ "StandardSSD_LRS", "standard-ssd" },
		{ "StandardSSD_ZRS", "standard-ssd-zrs" },
		{ "Standard_LRS", "standard-hdd" },
	};

	for (size_t i = 0; i < FV_ARRAY_SIZE(map); i++)
		if (!strcmp(map[i][0], name))
			return map[i][1];
	return NULL;
}

static int disk(struct fv_import *im, json_t *sku, const char *name)
{
	const char *size = json_string_value(json_object_get(sku, "size"));
	const char *fam = disk_family(name);
	struct fv_cat_row r;
	char id[96], title[160];

	if (!fam) {
		fv_import_note(im,
			       "disk SKU %s left out: not a tier of fixed "
			       "sizes (Premium SSD v2 and Ultra are rules: "
			       "see catalog/azure.csv)",
			       name);
		return 0;
	}
	if (!size) {
		fv_import_note(im, "disk SKU %s without a size left out", name);
		return 0;
	}
	snprintf(id, sizeof(id), "%s%s", size,
		 strstr(name, "_ZRS") ? "_ZRS" : "");
	snprintf(title, sizeof(title), "%s %s", name, size);
	fv_import_row(&r, "azure", id, FV_CAT_DISK, fam, title, SKUS_API);
	r.size_lo = r.size_hi = cap_num(sku, "MaxSizeGiB");
	r.iops = cap_num(sku, "MaxIOps");
	r.bw = cap_num(sku, "MaxBandwidthMBps") * 1e6;
	r.note = "the SKU API gives no burst figures: add them from the "
		 "documentation";
	return fv_import_emit(im, &r);
}

int fv_import_az(struct fv_import *im, json_t *root)
{
	json_t *sku;
	size_t i;
	int ret = 0;

	snprintf(im->via, sizeof(im->via), "az vm list-skus --output json (%s)",
		 im->o->input ? im->o->input : "-");
	json_array_foreach(root, i, sku)
	{
		const char *type =
			json_string_value(json_object_get(sku, "resourceType"));
		const char *name =
			json_string_value(json_object_get(sku, "name"));

		if (!type || !name || ret)
			continue;
		if (!strcmp(type, "virtualMachines"))
			ret = vm(im, sku, name);
		else if (!strcmp(type, "disks"))
			ret = disk(im, sku, name);
	}
	return ret;
}

/* SPDX-License-Identifier: MIT */
/*
 * The catalog of cloud disk and VM limits (the files of catalog/,
 * docs/catalog.md): its rows, the SKU an ID names (azure:P30, aws:gp2:100GiB,
 * azure:Standard_D32ds_v5) and its figures, the limits of a label's SKUs
 * (which one binds), which limit a measured level matches, and the import
 * of the clouds' machine-readable lists. It knows nothing of fio.
 *
 * Rates are kept in bytes per second and I/Os per second whatever unit the
 * source states (bw_unit says which, for showing them as the source does).
 * A figure the source does not give is NAN.
 *
 * The resolver (fv_sku_resolve and what it calls: sku.c, id.c, nearest.c)
 * uses nothing but libc: the engines link it too, over the rows generated
 * from catalog/ at build time, so that the emulator's presets are the
 * catalog's.
 */
#ifndef FV_CATALOG_H
#define FV_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct fv_error; /* util/error.h */

#define FV_CATALOG_FORMAT 2 /* "# fioverdict-catalog 2" */

enum fv_cat_kind {
	FV_CAT_DISK, /* a fixed tier: its size, its figures */
	FV_CAT_RULE, /* figures as a function of size (and provisioning) */
	FV_CAT_VM,   /* a VM size or instance type: its disk limits */
};

enum fv_cat_burst {
	FV_BURST_NONE,
	FV_BURST_CREDIT,    /* a bucket earned below the baseline */
	FV_BURST_ON_DEMAND, /* paid, enabled per disk, no time limit */
};

enum fv_cat_prov {
	FV_PROV_NONE,	 /* figures follow from the size */
	FV_PROV_IOPS,	 /* IOPS provisioned; throughput follows */
	FV_PROV_IOPS_BW, /* both provisioned */
};

/* One row of a catalog file; rates in B/s and IO/s. */
struct fv_cat_row {
	const char *cloud, *id, *family, *title;
	enum fv_cat_kind kind;
	double size_lo, size_hi; /* GiB; a tier: both its size */
	/* tier: provisioned; rule: base (or default provisioned); vm: uncached
	 */
	double iops, bw;
	double burst_iops, burst_bw;
	double burst_s;	      /* a full bucket lasts this long at the burst */
	double burst_credits; /* or: the bucket, in I/Os */
	enum fv_cat_burst bursting;
	double iops_per_gib, bw_per_gib;       /* rule: the baseline's growth */
	double iops_min, iops_max, bw_max;     /* rule: clamps, provisionable */
	enum fv_cat_prov prov;		       /* rule */
	double prov_iops_per_gib, bw_per_iops; /* rule: provisionable ratios */
	double iops_lo, iops_hi; /* rule: the provisioned IOPS it covers */
	const char *vm_class;	 /* disk: "uv2" uses a VM's uv2_* limits */
	double temp_gib, temp_iops, temp_bw; /* vm: local disk, random read */
	double temp_write_iops, temp_write_bw;
	double cached_iops, cached_bw; /* vm: host cache and temp combined */
	double cache_gib;	       /* vm: the host cache's size */
	double nvme_gib, nvme_iops, nvme_bw; /* vm: local NVMe beside temp */
	double data_disks; /* vm: how many data disks it attaches */
	double uv2_iops, uv2_bw, uv2_burst_iops, uv2_burst_bw;
	const char *ephemeral; /* vm: placements, space separated; "none" */
	const char *bw_unit;   /* "MB/s" or "MiB/s", as the source states */
	bool used;	       /* false: contradicted by a row that is used */
	const char *published, *read, *source, *via, *note;
	const char *file;
	unsigned line;
};

/* ---- Catalog files (load.c) ---- */

struct fv_catalog {
	struct fv_cat_row *rows;
	size_t n, cap;
	char **files; /* the files read, in order */
	size_t nfiles, files_alloc;
};

/*
 * Appends the rows of one catalog file (its text, for the tests and the
 * fuzzer; name is how errors call it). Returns 0, -ENOMEM, or -EINVAL
 * after writing "FILE:LINE: field 'F': ..." (the first problem) to err.
 * A file of a newer format version is refused with its version named.
 */
int fv_catalog_parse(struct fv_catalog *c, const char *name, const char *text,
		     size_t len, struct fv_error *err);
/*
 * Reads PATH, a file or a directory (its *.csv, in name order). Errors as
 * fv_catalog_parse, or -errno with "PATH: ..." in err.
 */
int fv_catalog_load(struct fv_catalog *c, const char *path,
		    struct fv_error *err);
/*
 * The catalog fioverdict uses: $FV_CATALOG (directories or files, ':'
 * separated), else catalog/ beside the program in the build tree
 * (<bindir>/../catalog), else <prefix>/share/fioverdict/catalog. Sets
 * *where to what was read (static storage).
 */
int fv_catalog_default(struct fv_catalog *c, const char **where,
		       struct fv_error *err);
/* Checks rows read so far as a whole: two used rows for one SKU. */
int fv_catalog_check(const struct fv_catalog *c, struct fv_error *err);
void fv_catalog_free(struct fv_catalog *c);

/* ---- SKUs: an ID resolved to figures (sku.c, id.c, nearest.c) ---- */

#define FV_SKU_ID_MAX 128

enum fv_sku_part {
	FV_SKU_WHOLE,  /* a disk, or a VM's remote (uncached) disk limits */
	FV_SKU_LOCAL,  /* a VM's temp or NVMe disk: "azure:...:temp" */
	FV_SKU_CACHED, /* a VM's host cache: "azure:...:cached" */
};

struct fv_sku {
	char id[FV_SKU_ID_MAX]; /* canonical: azure:P30, aws:gp2:100GiB */
	const struct fv_cat_row *row;
	enum fv_cat_kind kind; /* DISK (a tier or a rule's disk) or VM */
	enum fv_sku_part part;
	double size_gib;
	double iops, bw; /* sustained limits */
	double burst_iops, burst_bw, burst_s;
	enum fv_cat_burst bursting;
	double write_iops, write_bw; /* LOCAL: random write, when given */
	char how[256];		     /* how the figures follow from the row */
};

/*
 * Resolves id ("cloud:name[:PARAM]...") among n rows. PARAMs: a size
 * ("100GiB", "1TiB"), provisioned IOPS ("20000iops") and throughput
 * ("500MBps", "500MiBps", "500MB/s"); for a VM, "temp" (also ResourceDisk,
 * NvmeDisk) or "cached" (also CacheDisk). A family name and a size give
 * the smallest tier that holds it (azure:premium-ssd:100GiB is P10).
 * Returns 0, -ENOENT (no such SKU: err names the nearest known IDs) or
 * -EINVAL (err says which part is wrong and what would be right).
 */
int fv_sku_resolve(const struct fv_cat_row *rows, size_t n, const char *id,
		   struct fv_sku *out, struct fv_error *err);

/* Whether placements (a row's ephemeral: space separated) name p, case
 * ignored. */
bool fv_cat_lists(const char *placements, const char *p);

/* The ID a row is known by, "cloud:id". */
void fv_cat_row_id(char *buf, size_t len, const struct fv_cat_row *r);

/*
 * Up to max IDs of rows nearest to id (edit distance, case ignored),
 * joined by ", " into buf. The number found.
 */
size_t fv_sku_nearest(const struct fv_cat_row *rows, size_t n, const char *id,
		      size_t max, char *buf, size_t len);

/* The parts of an ID (id.c). */
struct fv_sku_id {
	char cloud[32], name[96];
	double size_gib, iops, bw; /* NAN when not given; bw in B/s */
	enum fv_sku_part part;
	const char *placement; /* the placement word given, or NULL */
};
/* 0, or -EINVAL with err naming the part that is wrong. */
int fv_sku_id_parse(const char *id, struct fv_sku_id *out,
		    struct fv_error *err);

/* ---- A label's SKUs and their limits (labels.c, limits.c) ---- */

/* A VM and as many data disks as the largest VM attaches. */
#define FV_LABEL_SKUS_MAX 65

/* Where a label's I/O went (--path): which of its SKUs' limits apply. */
enum fv_io_path {
	FV_PATH_ANY,	  /* not said: every limit of the SKUs */
	FV_PATH_UNCACHED, /* data disks without host cache */
	FV_PATH_CACHED,	  /* data disks with host cache */
	FV_PATH_TEMP,	  /* the VM's temp disk */
	FV_PATH_NVME,	  /* the VM's local NVMe disk */
	FV_PATH_OS,	  /* the OS disk: managed, or ephemeral by placement */
};

struct fv_label_sku {
	char *label;
	char *spec; /* as given: "azure:P30+azure:Standard_D32ds_v5" */
	struct fv_sku sku[FV_LABEL_SKUS_MAX];
	size_t n;
	enum fv_io_path path;
	char placement[16]; /* os: CacheDisk, ResourceDisk, NvmeDisk; or "" */
	char *path_spec;    /* as given to --path, or NULL */
};

struct fv_prices;

struct fv_label_skus {
	struct fv_label_sku *v;
	size_t n, alloc;
	/* --region: the list prices the tables price the SKUs at */
	const struct fv_prices *prices;
	const char *region;
};

/*
 * Parses "LABEL=ID[+ID]..." (',' also separates: at most one VM and as
 * many disks as it attaches, striped; a VM's temp or cached part stands
 * alone) against the catalog into s, refusing what cannot be combined (a
 * disk of another cloud, a Premium disk on a size without Premium
 * Storage, more disks than the VM attaches). Returns 0, -ENOMEM, -ENOENT
 * or -EINVAL with err saying why and what would do.
 */
int fv_label_skus_add(struct fv_label_skus *s, const struct fv_catalog *c,
		      const char *spec, struct fv_error *err);
/*
 * Parses "LABEL=uncached|cached|temp|nvme|os[:PLACEMENT]" (PLACEMENT:
 * cache, temp, nvme or CacheDisk, ResourceDisk, NvmeDisk) for a label
 * already given SKUs, checking that the path exists on them (a temp path
 * needs a temp disk, cached a host cache, os without a disk an ephemeral
 * placement the VM supports). Returns 0 or -EINVAL with err saying why and
 * what would do.
 */
int fv_label_path_set(struct fv_label_skus *s, const struct fv_catalog *c,
		      const char *spec, struct fv_error *err);
/* "uncached", "cached", "temp", "nvme", "os", or "" (any). */
const char *fv_io_path_name(enum fv_io_path p);

const struct fv_label_sku *fv_label_skus_find(const struct fv_label_skus *s,
					      const char *label);
void fv_label_skus_free(struct fv_label_skus *s);

enum fv_limit_unit { FV_LIM_IOPS, FV_LIM_BPS };

/* One documented limit: a figure, its unit, whose and which. */
struct fv_limit {
	double value;
	enum fv_limit_unit unit;
	bool burst;	 /* a burst rate, not a sustained one */
	bool writes;	 /* for writes alone (a local disk's random write) */
	bool reads;	 /* for reads alone (host cache hits) */
	const char *sku; /* the SKU's ID */
	const char *bw_unit; /* the SKU's unit for rates, as its source */
	char what[64];	     /* "baseline", "credit burst", "uncached", ... */
	bool disk;	     /* the disk's; else the VM's */
};

#define FV_LIMITS_MAX 16

struct fv_limits {
	struct fv_limit v[FV_LIMITS_MAX];
	size_t n;
	/* The sustained limit that binds (the smallest), per unit; NULL
	 * when no SKU gives one. And the highest rate a burst allows. */
	const struct fv_limit *iops, *bw;
	const struct fv_limit *burst_iops, *burst_bw;
	/* The sustained limits that bind writes (they differ on a cached
	 * path, where reads hit the cache and writes go to the disks). */
	const struct fv_limit *w_iops, *w_bw;
};

/*
 * Every limit a label's SKUs document on its path (all of them when no
 * path is given), and which ones bind.
 */
void fv_limits_of(const struct fv_label_sku *ls, struct fv_limits *out);

/*
 * The limit a measured level matches: the nearest one (relative
 * difference) within noise, a fraction (0.05 = 5%). A level is given in
 * IO/s, in B/s, or both (NAN: not given). NULL when none is that close;
 * *dev (if given) gets the relative difference of the nearest limit.
 */
const struct fv_limit *fv_limits_match(const struct fv_limits *l,
				       double level_iops, double level_bw,
				       double noise, double *dev);

/*
 * For a verdict's sentence: "; the plateau's median, 4980 IOPS, matches
 * the disk azure:P30's 5000 IOPS provisioned limit (within 0.4%)", or
 * "; ..., matches no limit known for azure:P30 (5000 IOPS, ...):
 * something else caps it (the host, the queue depth, the file system)".
 * what names the level; levels and noise as fv_limits_match.
 */
void fv_limits_explain(const struct fv_label_sku *ls, const char *what,
		       double level_iops, double level_bw, double noise,
		       char *buf, size_t len);

/*
 * A throughput limit read both ways: the source's unit (Microsoft's MBps
 * are 10^6 B/s) and the other one (2^20 B/s), since measurements sit on
 * either. Sets *dev to level's relative difference from the nearer
 * reading and returns true when that is the other one. IOPS: the figure.
 */
bool fv_limit_reading(const struct fv_limit *lim, double level, double *dev);
/* The higher of a rate limit's two readings, in B/s (IOPS: the figure). */
double fv_limit_upper(const struct fv_limit *lim);

/*
 * rates.c: the rates a label's SKUs hold I/O to on its path, as the
 * provisioned-disk emulator holds a replay to them: the binding sustained
 * IOPS and B/s, and the disk's credit burst (0: none; an on-demand burst
 * is not counted).
 */
struct fv_rates {
	struct fv_limits lim; /* bound and burst point into it */
	double iops, bw;      /* sustained; 0: no such limit */
	double burst_iops, burst_bw, burst_s;
};
void fv_rates_of(const struct fv_label_sku *ls, struct fv_rates *r);
/*
 * The seconds ios requests of bytes in all take at those rates, starting
 * with a full bucket (0: no limit applies); *bound (if given) the limit
 * that decides it (NULL: none).
 */
double fv_rates_time(const struct fv_rates *r, double ios, double bytes,
		     const struct fv_limit **bound);

/* "5000 IOPS" or "200 MB/s" (the SKU's own unit), for sentences. */
void fv_limit_fmt(char *buf, size_t len, const struct fv_limit *lim);
/* "the disk azure:P30's 5000 IOPS baseline", for sentences. */
void fv_limit_name(char *buf, size_t len, const struct fv_limit *lim);

/* ---- List prices (prices.c; catalog/prices/, docs/catalog.md) ---- */

enum fv_price_unit {
	FV_PRICE_MONTH,	      /* a tier, per disk-month */
	FV_PRICE_GIB_MONTH,   /* capacity */
	FV_PRICE_IOPS_MONTH,  /* provisioned IOPS */
	FV_PRICE_MBPS_MONTH,  /* provisioned throughput, 10^6 B/s */
	FV_PRICE_MIBPS_MONTH, /* provisioned throughput, 2^20 B/s */
};

/* One price: USD per unit in a region; usd NAN: not priced (note: why). */
struct fv_price {
	char *cloud, *id, *region;
	double usd;
	enum fv_price_unit unit;
	double free;		 /* a free baseline of the unit, or NAN */
	double tier_lo, tier_hi; /* the quantities it applies to */
	char *published, *read, *source, *note;
};

struct fv_prices {
	struct fv_price *v;
	size_t n, alloc;
};

/*
 * Appends the prices of one file's text ("# fioverdict-prices 1", then a
 * CSV header and rows). 0, -ENOMEM or -EINVAL with "FILE:LINE: ..." in
 * err.
 */
int fv_prices_parse(struct fv_prices *p, const char *name, const char *text,
		    size_t len, struct fv_error *err);
/* A file, or a directory's *.csv in name order. */
int fv_prices_load(struct fv_prices *p, const char *path, struct fv_error *err);
void fv_price_free(struct fv_price *r);
void fv_prices_free(struct fv_prices *p);
/* The price of a SKU's unit in a region for a quantity, or NULL. */
const struct fv_price *fv_price_find(const struct fv_prices *p,
				     const char *cloud, const char *id,
				     const char *region,
				     enum fv_price_unit unit, double qty);
/* Whether any price is known for the cloud (and the region, if given). */
bool fv_prices_region_known(const struct fv_prices *p, const char *cloud,
			    const char *region);

/* What a SKU costs a month, and the oldest date of the prices used. */
struct fv_cost {
	double usd;
	const char *date;
	char why[256]; /* when not priced: why */
};
/*
 * A tier: its monthly price; a rule: capacity plus the IOPS and
 * throughput provisioned above the free baseline. 0, or -ENOENT with
 * c->why saying what is not priced.
 */
int fv_sku_cost(const struct fv_prices *p, const struct fv_sku *s,
		const char *region, struct fv_cost *c);

/* ---- Writing catalog rows (write.c) ---- */

/* The header of a catalog file: the format line and the columns. */
void fv_cat_write_header(FILE *f, const char *comment);
/* One row, every column, rates back in the row's bw_unit. */
void fv_cat_write_row(FILE *f, const struct fv_cat_row *r);
/* One row as a C initializer of struct fv_cat_row (the engines' table). */
void fv_cat_write_c(FILE *f, const struct fv_cat_row *r);

/* ---- Import of the clouds' own lists (import.c) ---- */

struct fv_import_opts {
	const char *read;  /* YYYY-MM-DD; NULL: today (SOURCE_DATE_EPOCH) */
	const char *input; /* the file's name, for via and messages */
};

/*
 * Reads `az vm list-skus --output json` or `aws ec2
 * describe-instance-types` output (told apart by their shape) and writes
 * a catalog file to out. notes gets one line per SKU left out and why.
 * Returns the number of rows written, -ENOMEM, or -EINVAL with err
 * saying what the text is not.
 */
int fv_catalog_import(const char *text, size_t len,
		      const struct fv_import_opts *o, FILE *out, FILE *notes,
		      struct fv_error *err);

#endif

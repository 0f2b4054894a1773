/* SPDX-License-Identifier: MIT */
/*
 * The glue personality for NVMe generic character devices: Read, Write,
 * Flush, Write Zeroes and Dataset Management sent as IORING_OP_URING_CMD
 * (NVME_URING_CMD_IO) on /dev/ngXnY, the namespace found with Identify.
 */
#include "glue_nvme.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <pthread.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "device/device.h"
#include "nvme/nvme.h"

#define PT_NAME "nvme_pt"
#define SYSFS "/sys"

/* What the personality keeps per file (f->engine_data). */
struct nvme_file {
	struct nvme_ns_info ns;
	struct nvme_ctrl_info ctrl;
	char block[32]; /* the namespace's block device name, or "" */
	int *res;	/* the last result per io_u index, for errdetails */
	unsigned nres;
	/* fio frees its files before the engine's cleanup: keep a list */
	struct thread_data *owner;
	struct nvme_file *next;
};

static struct nvme_file *all_files;
static pthread_mutex_t all_files_lock = PTHREAD_MUTEX_INITIALIZER;

static void remember(struct thread_data *td, struct nvme_file *nf)
{
	pthread_mutex_lock(&all_files_lock);
	nf->owner = td;
	nf->next = all_files;
	all_files = nf;
	pthread_mutex_unlock(&all_files_lock);
}

/* Frees every file record of @td. */
static void forget(struct thread_data *td)
{
	struct nvme_file **pp, *nf;

	pthread_mutex_lock(&all_files_lock);
	pp = &all_files;
	while ((nf = *pp)) {
		if (nf->owner != td) {
			pp = &nf->next;
			continue;
		}
		*pp = nf->next;
		free(nf->res);
		free(nf);
	}
	pthread_mutex_unlock(&all_files_lock);
}

/* What it keeps per job (gd->priv: one allocation, glue_cleanup frees). */
struct nvme_priv {
	bool writefua;
	bool readfua;
	bool write_zeroes;
	bool deac;
	bool warned_misaligned;
	/* one deallocate range per io_u: the controller reads it by DMA */
	struct nvme_dsm_range dsm[];
};

/* glue_fail with the engine's name in front. */
#define pt_fail(td, err, func, fmt, ...) \
	glue_fail(td, err, func, PT_NAME ": " fmt, ##__VA_ARGS__)

/* ------------------------------------------------------------------ */
/* which device a path is, and which ng device it should have been      */

/* The last component of a sysfs link (a device name or a subsystem). */
static int sysfs_link_name(const char *link, char *out, size_t outlen)
{
	char target[PATH_MAX];
	ssize_t n = readlink(link, target, sizeof(target) - 1);

	if (n < 0)
		return -errno;
	target[n] = '\0';
	snprintf(out, outlen, "%s", basename(target));
	return 0;
}

static int dev_link(char *out, size_t outlen, const char *type, dev_t rdev,
		    const char *leaf)
{
	int n = snprintf(out, outlen, SYSFS "/dev/%s/%u:%u%s", type,
			 major(rdev), minor(rdev), leaf);

	return n < 0 || (size_t) n >= outlen ? -ENAMETOOLONG : 0;
}

/* "use filename=/dev/ngXnY instead" when the block name maps to one. */
static void suggest_for_block(const char *block, char *out, size_t outlen)
{
	char ng[32], dev[48];

	out[0] = '\0';
	if (nvme_generic_name(block, ng, sizeof(ng)))
		return;
	snprintf(dev, sizeof(dev), "/dev/%s", ng);
	if (access(dev, F_OK))
		snprintf(out, outlen,
			 " (its generic device %s does not exist: a kernel "
			 "without NVMe generic devices?)",
			 dev);
	else
		snprintf(out, outlen, "; use filename=%s instead", dev);
}

static int refuse_block(struct thread_data *td, const char *path,
			const struct stat *st)
{
	char link[PATH_MAX], name[64] = "", hint[160];

	if (!dev_link(link, sizeof(link), "block", st->st_rdev, ""))
		sysfs_link_name(link, name, sizeof(name));
	suggest_for_block(name, hint, sizeof(hint));
	if (!hint[0])
		return pt_fail(td, EINVAL, "open",
			       "%s is a block device (%s) that is not an NVMe "
			       "namespace: nvme_pt sends NVMe commands "
			       "through a namespace's generic character "
			       "device /dev/ngXnY",
			       path, name[0] ? name : "unknown");
	/* the remedy first: fio's own error line keeps 128 characters */
	return pt_fail(td, EINVAL, "open",
		       "%s is an NVMe namespace's block device%s: nvme_pt "
		       "sends NVMe commands through the namespace's generic "
		       "character device, not the block layer",
		       path, hint);
}

static int refuse_file(struct thread_data *td, const char *path)
{
	char hint[160] = "";
	struct dev_facts facts;

	if (!devprobe_path(path, SYSFS, DEVPROBE_MOUNTINFO, &facts))
		suggest_for_block(facts.block_device, hint, sizeof(hint));
	if (!hint[0])
		return pt_fail(td, EINVAL, "open",
			       "%s is a regular file: nvme_pt sends NVMe "
			       "commands to a whole namespace through its "
			       "generic character device /dev/ngXnY",
			       path);
	return pt_fail(td, EINVAL, "open",
		       "%s is a file on NVMe namespace %s%s: nvme_pt "
		       "addresses the whole namespace, not a file in it "
		       "(writing there overwrites the file system)",
		       path, facts.block_device, hint);
}

/* A controller's char device /dev/nvmeN: name its first namespace. */
static void suggest_for_ctrl(const char *ctrl, char *out, size_t outlen)
{
	unsigned n;
	glob_t g;
	char pat[64];

	out[0] = '\0';
	if (sscanf(ctrl, "nvme%u", &n) != 1)
		return;
	snprintf(pat, sizeof(pat), "/dev/ng%un*", n);
	if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc)
		snprintf(out, outlen, "; use a namespace, e.g. filename=%s",
			 g.gl_pathv[0]);
	globfree(&g);
}

static int check_char(struct thread_data *td, const char *path,
		      const struct stat *st)
{
	char link[PATH_MAX], subsys[64] = "", name[64] = "", hint[160] = "";

	if (!dev_link(link, sizeof(link), "char", st->st_rdev, "/subsystem"))
		sysfs_link_name(link, subsys, sizeof(subsys));
	if (!strcmp(subsys, "nvme-generic"))
		return 0;
	if (!strcmp(subsys, "nvme")) {
		if (!dev_link(link, sizeof(link), "char", st->st_rdev, ""))
			sysfs_link_name(link, name, sizeof(name));
		suggest_for_ctrl(name, hint, sizeof(hint));
		return pt_fail(td, EINVAL, "open",
			       "%s is the NVMe controller's device (%s), not "
			       "a namespace: I/O commands go to a namespace's "
			       "generic device /dev/ngXnY%s",
			       path, name, hint);
	}
	return pt_fail(td, EINVAL, "open",
		       "%s is a character device of subsystem '%s', not an "
		       "NVMe generic device /dev/ngXnY",
		       path, subsys[0] ? subsys : "unknown");
}

/* 0 when @path is an NVMe generic device; else 1 with the reason given. */
static int check_path(struct thread_data *td, const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return pt_fail(td, errno, "open", "%s: %s", path,
			       strerror(errno));
	if (S_ISBLK(st.st_mode))
		return refuse_block(td, path, &st);
	if (S_ISCHR(st.st_mode))
		return check_char(td, path, &st);
	if (S_ISREG(st.st_mode))
		return refuse_file(td, path);
	return pt_fail(td, EINVAL, "open",
		       "%s is neither an NVMe generic device /dev/ngXnY nor "
		       "anything that has one",
		       path);
}

/* ------------------------------------------------------------------ */
/* discovery: Identify Namespace and Controller                         */

static int identify(int fd, uint32_t nsid, unsigned cns, void *buf)
{
	struct nvme_passthru_cmd c;
	int ret;

	nvme_cmd_identify(&c, nsid, cns, buf);
	ret = ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c);
	if (ret < 0)
		return -errno;
	return ret; /* > 0: an NVMe status */
}

static int identify_fail(struct thread_data *td, const char *path,
			 const char *what, int ret)
{
	char why[128];

	return pt_fail(td, ret < 0 ? -ret : EIO, "identify",
		       "%s: Identify %s failed: %s%s", path, what,
		       nvme_result_describe(ret, why, sizeof(why)),
		       ret == -EACCES || ret == -EPERM
			       ? " (admin commands need CAP_SYS_ADMIN)"
			       : "");
}

static int identify_both(struct thread_data *td, const char *path, int fd,
			 uint32_t nsid, void *buf, struct nvme_file *nf)
{
	int ret;

	ret = identify(fd, nsid, NVME_CNS_NAMESPACE, buf);
	if (!ret)
		ret = nvme_parse_id_ns(buf, NVME_IDENTIFY_SIZE, nsid, &nf->ns);
	if (ret)
		return identify_fail(td, path, "Namespace", ret);
	ret = identify(fd, 0, NVME_CNS_CONTROLLER, buf);
	if (!ret)
		ret = nvme_parse_id_ctrl(buf, NVME_IDENTIFY_SIZE, &nf->ctrl);
	if (ret)
		return identify_fail(td, path, "Controller", ret);
	return 0;
}

static int discover(struct thread_data *td, const char *path,
		    struct nvme_file *nf)
{
	void *buf;
	int fd, nsid, ret;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return pt_fail(td, errno, "open", "%s: %s", path,
			       strerror(errno));
	nsid = ioctl(fd, NVME_IOCTL_ID);
	if (nsid <= 0) {
		ret = errno;
		close(fd);
		return pt_fail(td, ret, "open", "%s: no namespace ID: %s", path,
			       strerror(ret));
	}
	/* per call, not static: jobs run as threads may open at once */
	if (posix_memalign(&buf, 4096, NVME_IDENTIFY_SIZE)) {
		close(fd);
		return pt_fail(td, ENOMEM, "identify", "out of memory");
	}
	ret = identify_both(td, path, fd, (uint32_t) nsid, buf, nf);
	free(buf);
	close(fd);
	return ret;
}

/* The block device of the same namespace: ngXnY -> nvmeXnY, if present. */
static void find_block_name(const char *path, char *out, size_t outlen)
{
	char dir[PATH_MAX];
	unsigned c, n;

	const char *name = strrchr(path, '/');

	out[0] = '\0';
	name = name ? name + 1 : path;
	if (sscanf(name, "ng%un%u", &c, &n) != 2)
		return;
	snprintf(dir, sizeof(dir), SYSFS "/block/nvme%un%u", c, n);
	if (!access(dir, F_OK))
		snprintf(out, outlen, "nvme%un%u", c, n);
}

/* ------------------------------------------------------------------ */
/* what the job asks against what the namespace is                      */

static int check_value(struct thread_data *td, const struct nvme_file *nf,
		       const char *what, unsigned long long v)
{
	char err[256];

	if (!nvme_check_multiple(nf->ns.lba_size, what, v, err, sizeof(err)))
		return 0;
	return pt_fail(td, EINVAL, "get_file_size", "%s", err);
}

static int check_sizes(struct thread_data *td, const struct nvme_file *nf)
{
	struct thread_options *o = &td->o;
	unsigned d, i;

	for (d = 0; d < DDIR_RWDIR_CNT; d++) {
		if (check_value(td, nf, "bs", o->bs[d]) ||
		    check_value(td, nf, "bsrange (min)", o->min_bs[d]) ||
		    check_value(td, nf, "bsrange (max)", o->max_bs[d]) ||
		    (o->ba[d] && check_value(td, nf, "blockalign", o->ba[d])))
			return 1;
		for (i = 0; i < o->bssplit_nr[d]; i++)
			if (check_value(td, nf, "bssplit", o->bssplit[d][i].bs))
				return 1;
	}
	if (check_value(td, nf, "offset", o->start_offset) ||
	    check_value(td, nf, "offset_increment", o->offset_increment) ||
	    (o->start_offset_align &&
	     check_value(td, nf, "offset_align", o->start_offset_align)))
		return 1;
	return 0;
}

static int check_job(struct thread_data *td, const char *path,
		     const struct nvme_file *nf)
{
	const struct nvme_pt_options *po = td->eo;

	if (nf->ns.meta_size)
		return pt_fail(td, EINVAL, "get_file_size",
			       "%s: LBA format %u carries %u bytes of "
			       "metadata per LBA; nvme_pt sends no metadata "
			       "buffer: use a namespace formatted without "
			       "metadata",
			       path, nf->ns.format, nf->ns.meta_size);
	if (td_trim(td) && !(nf->ctrl.oncs & NVME_ONCS_DSM))
		return pt_fail(td, EOPNOTSUPP, "get_file_size",
			       "%s: the controller does not support Dataset "
			       "Management (ONCS bit 2), which carries fio's "
			       "trims",
			       path);
	if (po->write_zeroes && !(nf->ctrl.oncs & NVME_ONCS_WRITE_ZEROES))
		return pt_fail(td, EOPNOTSUPP, "get_file_size",
			       "%s: write_zeroes=1 but the controller does "
			       "not support Write Zeroes (ONCS bit 3)",
			       path);
	return check_sizes(td, nf);
}

/* The per-file facts, found once (fio may ask from its main process). */
static struct nvme_file *file_info(struct thread_data *td, struct fio_file *f)
{
	struct nvme_file *nf = FILE_ENG_DATA(f);

	if (nf)
		return nf;
	if (check_path(td, f->file_name))
		return NULL;
	nf = calloc(1, sizeof(*nf));
	if (!nf) {
		pt_fail(td, ENOMEM, "open", "out of memory");
		return NULL;
	}
	if (discover(td, f->file_name, nf) || check_job(td, f->file_name, nf)) {
		free(nf);
		return NULL;
	}
	find_block_name(f->file_name, nf->block, sizeof(nf->block));
	remember(td, nf);
	FILE_SET_ENG_DATA(f, nf);
	return nf;
}

int glue_nvme_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct nvme_file *nf = file_info(td, f);

	if (!nf)
		return 1;
	if (!fio_file_size_known(f)) {
		f->real_file_size = nf->ns.nsze << nf->ns.lba_shift;
		fio_file_set_size_known(f);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* personality                                                         */

static int nvme_open(struct thread_data *td, struct fio_file *f)
{
	struct nvme_file *nf = file_info(td, f);
	int flags;

	if (!nf)
		return 1;
	if (!nf->res) {
		nf->nres = td->o.iodepth;
		nf->res = calloc(nf->nres, sizeof(*nf->res));
		if (!nf->res)
			return pt_fail(td, ENOMEM, "open", "out of memory");
	}
	/*
	 * No O_DIRECT: passthrough never touches the page cache, and Linux
	 * 6.1 refuses O_DIRECT on a character device.
	 */
	flags = td_write(td) || td_trim(td) ? O_RDWR : O_RDONLY;
	f->fd = open(f->file_name, flags);
	if (f->fd < 0)
		return pt_fail(td, errno, "open", "%s: %s", f->file_name,
			       strerror(errno));
	return 0;
}

/* Clears a 128-byte SQE and makes it a uring_cmd on @f's namespace. */
static struct nvme_uring_cmd *sqe_cmd(struct glue_data *gd, struct fio_file *f,
				      struct io_uring_sqe *sqe)
{
	memset(sqe, 0, 2 * sizeof(*sqe));
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->cmd_op = NVME_URING_CMD_IO;
	if (gd->s.registerfiles) {
		sqe->fd = (int) f->engine_pos;
		sqe->flags = IOSQE_FIXED_FILE;
	} else {
		sqe->fd = f->fd;
	}
	return (struct nvme_uring_cmd *) sqe->cmd;
}

static void record_res(struct io_u *io_u, int res)
{
	struct nvme_file *nf = FILE_ENG_DATA(io_u->file);

	if (nf && nf->res && io_u->index < nf->nres)
		nf->res[io_u->index] = res;
}

/* fio's offset and length as LBAs; a misfit is refused, not rounded. */
static int io_u_lbas(struct glue_data *gd, const struct nvme_file *nf,
		     struct io_u *io_u, uint32_t max_nlb, uint64_t *slba,
		     uint32_t *nlb)
{
	struct nvme_priv *pv = gd->priv;
	int ret;

	ret = nvme_lba_range(&nf->ns, io_u->offset, io_u->xfer_buflen, max_nlb,
			     slba, nlb);
	if (ret && !pv->warned_misaligned) {
		pv->warned_misaligned = true;
		log_err("%s: %s: %s offset=%llu len=%llu %s (LBA size %u, at "
			"most %u LBAs per command)\n",
			PT_NAME, io_u->file->file_name,
			io_ddir_name(io_u->ddir), io_u->offset,
			io_u->xfer_buflen,
			ret == -E2BIG ? "is too long"
				      : "is not made of whole LBAs",
			nf->ns.lba_size, max_nlb);
	}
	return ret;
}

static int nvme_prep_rw(struct thread_data *td, struct glue_data *gd,
			struct io_u *io_u, struct io_uring_sqe *sqe)
{
	const struct nvme_file *nf = FILE_ENG_DATA(io_u->file);
	struct nvme_priv *pv = gd->priv;
	bool rd = io_u->ddir == DDIR_READ;
	struct nvme_uring_cmd *c;
	uint64_t slba;
	uint32_t nlb;
	bool fua;
	int ret;

	(void) td;
	record_res(io_u, 0);
	ret = io_u_lbas(gd, nf, io_u, NVME_MAX_NLB, &slba, &nlb);
	if (ret)
		return ret;
	c = sqe_cmd(gd, io_u->file, sqe);
	fua = rd ? pv->readfua : pv->writefua;
	if (!rd && pv->write_zeroes) {
		nvme_cmd_write_zeroes(c, nf->ns.nsid, slba, nlb, pv->deac, fua);
		return 0;
	}
	nvme_cmd_rw(c, rd ? NVME_OPC_READ : NVME_OPC_WRITE, nf->ns.nsid, slba,
		    nlb, io_u->xfer_buf, (uint32_t) io_u->xfer_buflen, fua);
	if (gd->s.fixedbufs) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = (uint16_t) io_u->index;
	}
	return 0;
}

/* fsync and fdatasync alike: NVMe has one Flush, for the namespace. */
static void nvme_prep_flush(struct thread_data *td, struct glue_data *gd,
			    struct fio_file *f, enum dur_flush_kind kind,
			    struct io_uring_sqe *sqe)
{
	const struct nvme_file *nf = FILE_ENG_DATA(f);

	(void) td;
	(void) kind;
	nvme_cmd_flush(sqe_cmd(gd, f, sqe), nf->ns.nsid);
}

static int nvme_prep_trim(struct thread_data *td, struct glue_data *gd,
			  struct io_u *io_u, struct io_uring_sqe *sqe)
{
	const struct nvme_file *nf = FILE_ENG_DATA(io_u->file);
	struct nvme_priv *pv = gd->priv;
	struct nvme_dsm_range *r = &pv->dsm[io_u->index];
	uint64_t slba;
	uint32_t nlb;
	int ret;

	(void) td;
	record_res(io_u, 0);
	ret = io_u_lbas(gd, nf, io_u, UINT32_MAX, &slba, &nlb);
	if (ret)
		return ret;
	nvme_dsm_range_set(r, slba, nlb);
	return nvme_cmd_dsm_deallocate(sqe_cmd(gd, io_u->file, sqe),
				       nf->ns.nsid, r, 1);
}

/* A passthrough command succeeds whole (res 0) or not at all. */
static void nvme_complete(struct thread_data *td, struct io_u *io_u,
			  const struct io_uring_cqe *cqe)
{
	(void) td;
	io_u->resid = 0;
	io_u->error = (unsigned) nvme_result_errno(cqe->res);
	record_res(io_u, cqe->res);
	if (io_u->error && ddir_rw(io_u->ddir))
		io_u->resid = io_u->xfer_buflen;
}

static void nvme_probe(struct thread_data *td, struct glue_data *gd,
		       struct fio_file *f, struct dev_facts *facts,
		       enum tri *vwc)
{
	const struct nvme_file *nf = FILE_ENG_DATA(f);
	char path[PATH_MAX], dev[32];
	unsigned maj, min;
	FILE *fp;

	(void) td;
	(void) gd;
	memset(facts, 0, sizeof(*facts));
	facts->kind = TARGET_CHAR;
	facts->fua = TRI_UNKNOWN;
	facts->rotational = TRI_UNKNOWN;
	*vwc = nf && nf->ctrl.vwc_present ? TRI_YES : TRI_NO;
	if (!nf || !nf->block[0])
		return;
	/* the block device's queue tells what the kernel thinks of it */
	snprintf(path, sizeof(path), SYSFS "/block/%s/dev", nf->block);
	fp = fopen(path, "r");
	if (!fp)
		return;
	if (fgets(dev, sizeof(dev), fp) &&
	    sscanf(dev, "%u:%u", &maj, &min) == 2)
		devprobe_block(SYSFS, maj, min, facts);
	fclose(fp);
	facts->kind = TARGET_CHAR;
}

const struct glue_personality glue_nvme_ops = {
	.name = PT_NAME,
	.ring_flags = IORING_SETUP_SQE128 | IORING_SETUP_CQE32,
	.dsync_in_prep = true,
	.prep_rw = nvme_prep_rw,
	.prep_flush = nvme_prep_flush,
	.prep_trim = nvme_prep_trim,
	.complete = nvme_complete,
	.result_errno = nvme_result_errno,
	.open_file = nvme_open,
	.probe = nvme_probe,
};

/* ------------------------------------------------------------------ */
/* engine hooks                                                        */

int glue_nvme_init(struct thread_data *td)
{
	struct glue_data *gd = gd_of_td(td);
	const struct nvme_pt_options *po = td->eo;
	struct nvme_priv *pv;

	if (td->o.sync_file_range)
		return pt_fail(td, EINVAL, "init",
			       "sync_file_range is a file system request; "
			       "NVMe has Flush: use fsync=N or fdatasync=N");
	if (fv_end_syncfs(td))
		return pt_fail(td, EINVAL, "init",
			       "end_syncfs=1 syncs a file system; an NVMe "
			       "generic device has none: use end_fsync=1 (an "
			       "NVMe Flush)");
	if (po->deac && !po->write_zeroes)
		return pt_fail(td, EINVAL, "init",
			       "deac=1 sets the Deallocate bit of Write "
			       "Zeroes: it needs write_zeroes=1");
	pv = calloc(1, sizeof(*pv) + gd->iodepth * sizeof(pv->dsm[0]));
	if (!pv)
		return pt_fail(td, ENOMEM, "init", "out of memory");
	pv->writefua = po->writefua || gd->s.write_mode == WRITE_MODE_DSYNC;
	pv->readfua = po->readfua;
	pv->write_zeroes = po->write_zeroes;
	pv->deac = po->deac;
	/* a FUA write is durable when it completes: account it so */
	if (pv->writefua)
		gd->s.write_mode = WRITE_MODE_DSYNC;
	gd->priv = pv;
	return 0;
}

char *glue_nvme_errdetails(FV_ERRDETAILS_PARAMS(io_u))
{
	const struct nvme_file *nf =
		io_u->file ? FILE_ENG_DATA(io_u->file) : NULL;
	char what[160], *out = malloc(256);
	int res = 0;

	if (!out)
		return NULL;
	if (nf && nf->res && io_u->index < nf->nres)
		res = nf->res[io_u->index];
	if (res)
		snprintf(out, 256, "%s: %s", PT_NAME,
			 nvme_result_describe(res, what, sizeof(what)));
	else
		snprintf(out, 256, "%s: refused before it was sent: %s",
			 PT_NAME, strerror((int) io_u->error));
	return out;
}

void glue_nvme_cleanup(struct thread_data *td)
{
	struct fio_file *f;
	unsigned i;

	/* files still there (an early failure): drop the pointers first */
	if (td->files)
		for_each_file(td, f, i) FILE_SET_ENG_DATA(f, NULL);
	forget(td);
	glue_cleanup(td);
}

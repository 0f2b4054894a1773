/* SPDX-License-Identifier: MIT */
/*
 * NVMe without fio: the commands the engine sends, built as the kernel
 * takes them, and the completion status decoded into words.
 */
#ifndef FV_NVME_H
#define FV_NVME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/nvme_ioctl.h>

/*
 * NVMe commands as the kernel's passthrough interface takes them, without
 * fio: the 64-byte struct nvme_uring_cmd for each I/O opcode the engine
 * sends, Dataset Management range encoding, byte-to-LBA arithmetic with its
 * alignment checks, and the parsing of Identify Namespace / Controller data.
 *
 * Field positions are those of the NVMe Base and NVM Command Set
 * specifications; the kernel copies the command to the controller as it is,
 * so a wrong bit here is a wrong command on the wire. Unit tests pin them.
 */
/* NVM command set I/O opcodes */
enum nvme_io_opcode {
	NVME_OPC_FLUSH = 0x00,
	NVME_OPC_WRITE = 0x01,
	NVME_OPC_READ = 0x02,
	NVME_OPC_WRITE_ZEROES = 0x08,
	NVME_OPC_DSM = 0x09,
};

#define NVME_ADMIN_OPC_IDENTIFY 0x06
#define NVME_CNS_NAMESPACE 0x00
#define NVME_CNS_CONTROLLER 0x01
#define NVME_IDENTIFY_SIZE 4096

/* Read/Write/Write Zeroes cdw12 bits */
#define NVME_RW_FUA (1u << 30)
#define NVME_WZ_DEAC (1u << 25)
/* Dataset Management cdw11: Attribute - Deallocate */
#define NVME_DSM_ATTR_AD (1u << 2)
/* NLB is a 0-based 16-bit field: one command moves 65536 LBAs at most */
#define NVME_MAX_NLB 65536u

/* One Dataset Management range, as the controller reads it (16 bytes). */
struct nvme_dsm_range {
	uint32_t cattr;
	uint32_t nlb; /* a count, not 0-based */
	uint64_t slba;
};

/* What Identify Namespace says about the namespace in use. */
struct nvme_ns_info {
	uint32_t nsid;
	uint64_t nsze; /* size in LBAs */
	uint64_t ncap;
	unsigned format; /* index of the LBA format in use */
	unsigned lba_shift;
	uint32_t lba_size;
	uint16_t meta_size; /* metadata bytes per LBA */
	bool meta_extended; /* metadata at the end of each LBA's data */
	/* DLFEAT bits 2:0 == 001b: a deallocated LBA reads as zeroes */
	bool dealloc_reads_zeroes;
	uint8_t dlfeat;
};

/* What Identify Controller says that the engine cares about. */
struct nvme_ctrl_info {
	bool vwc_present; /* a volatile write cache: Flush does something */
	uint16_t oncs;	  /* optional NVM commands supported */
	uint8_t mdts;
	char model[41];
	char serial[21];
	char firmware[9];
};

/* ONCS bits */
#define NVME_ONCS_DSM (1u << 2)
#define NVME_ONCS_WRITE_ZEROES (1u << 3)

/*
 * Parses 4096 bytes of Identify Namespace data. 0, or -EINVAL when the data
 * is not a usable namespace (size 0, LBA data size outside 512 B..64 KiB),
 * -ENODATA when the namespace is inactive (all zeroes).
 */
int nvme_parse_id_ns(const void *data, size_t len, uint32_t nsid,
		     struct nvme_ns_info *ns);

/* Parses 4096 bytes of Identify Controller data; 0 or -EINVAL. */
int nvme_parse_id_ctrl(const void *data, size_t len,
		       struct nvme_ctrl_info *ctrl);

/*
 * Converts a byte range to an LBA range. -EINVAL when @offset or @len is not
 * a multiple of the LBA size or @len is 0, -E2BIG when more than @max_nlb
 * LBAs. Does not check the namespace's end: see nvme_range_in_ns().
 */
int nvme_lba_range(const struct nvme_ns_info *ns, uint64_t offset, uint64_t len,
		   uint32_t max_nlb, uint64_t *slba, uint32_t *nlb);

/* Whether LBAs [slba, slba + nlb) lie inside the namespace. */
bool nvme_range_in_ns(const struct nvme_ns_info *ns, uint64_t slba,
		      uint32_t nlb);

/*
 * 0 when @value is a multiple of @lba_size; otherwise -EINVAL and a message
 * naming the option @what, the value and the LBA size.
 */
int nvme_check_multiple(uint32_t lba_size, const char *what, uint64_t value,
			char *err, size_t errlen);

/* Read or Write of @nlb LBAs (a count, 1..65536) at @slba. */
void nvme_cmd_rw(struct nvme_uring_cmd *c, enum nvme_io_opcode opc,
		 uint32_t nsid, uint64_t slba, uint32_t nlb, void *buf,
		 uint32_t len, bool fua);

void nvme_cmd_flush(struct nvme_uring_cmd *c, uint32_t nsid);

void nvme_cmd_write_zeroes(struct nvme_uring_cmd *c, uint32_t nsid,
			   uint64_t slba, uint32_t nlb, bool deac, bool fua);

/* Fills one range; @nlb is a count. */
void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb);

/* Dataset Management, deallocate, of @nr ranges (1..256) at @ranges. */
int nvme_cmd_dsm_deallocate(struct nvme_uring_cmd *c, uint32_t nsid,
			    struct nvme_dsm_range *ranges, unsigned nr);

/* Identify (admin), for the NVME_IOCTL_ADMIN_CMD ioctl. */
void nvme_cmd_identify(struct nvme_passthru_cmd *c, uint32_t nsid, unsigned cns,
		       void *buf);

/*
 * The generic character device of a block device name: "nvme0n1" or
 * "nvme0n1p2" gives "ng0n1". -EINVAL when @block is not an NVMe namespace
 * name (multipath "nvme0c1n1" paths included: they have no ng node).
 */
int nvme_generic_name(const char *block, char *out, size_t outlen);

/*
 * NVMe completion status, decoded. A passthrough command's CQE carries in
 * res either a negative kernel errno (the command never reached the device,
 * or the kernel refused it) or, when positive, the NVMe status field as the
 * kernel keeps it: Status Code in bits 7:0, Status Code Type in 10:8, Command
 * Retry Delay in 12:11, More in 13 and Do Not Retry in 14.
 *
 * fio 3.33 negates that positive value into io_u->error, which then prints
 * as a meaningless errno. Here it becomes the name from the NVMe Base
 * Specification ("LBA Out of Range (SCT 0h, SC 80h)") and an errno chosen
 * as the kernel's block layer would, so that the same failure reads alike
 * on /dev/ngXnY and /dev/nvmeXnY.
 */
/* Status Code Types */
enum nvme_sct {
	NVME_SCT_GENERIC = 0,
	NVME_SCT_CMD_SPECIFIC = 1,
	NVME_SCT_MEDIA = 2,
	NVME_SCT_PATH = 3,
	NVME_SCT_VENDOR = 7,
};

struct nvme_status {
	unsigned sct;
	unsigned sc;
	unsigned crd;
	bool more;
	bool dnr;
};

/* Splits a positive passthrough result into its fields. */
void nvme_status_decode(int res, struct nvme_status *st);

/* The spec's name of a status, or NULL when reserved or unknown. */
const char *nvme_status_name(unsigned sct, unsigned sc);

/* The spec's name of a status code type ("Media and Data Integrity
 * Errors"...), never NULL. */
const char *nvme_sct_name(unsigned sct);

/*
 * Describes a passthrough result: for res > 0 "NAME (SCT xh, SC xxh)"
 * (unknown codes: "Unknown status of type TYPE (SCT xh, SC xxh)"), for
 * res < 0 the kernel's errno text, for 0 "Successful Completion".
 * Returns @buf.
 */
char *nvme_result_describe(int res, char *buf, size_t len);

/*
 * The positive errno that stands for @res in fio's io_u->error: kernel
 * errnos are kept as they are, NVMe statuses mapped as the block layer maps
 * them (nvme_error_status() in the kernel), EIO when nothing fits better.
 */
int nvme_result_errno(int res);

#endif

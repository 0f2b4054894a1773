/* SPDX-License-Identifier: MIT */
#include "nvme.h"

#include <endian.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Identify data is little-endian whatever the host is. */
static uint16_t le16_at(const uint8_t *p, size_t off)
{
	return (uint16_t) (p[off] | (uint16_t) p[off + 1] << 8);
}

static uint64_t le64_at(const uint8_t *p, size_t off)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[off + (size_t) i];
	return v;
}

/* Identify Namespace byte offsets (NVM Command Set spec, figure 97) */
enum {
	IDNS_NSZE = 0,
	IDNS_NCAP = 8,
	IDNS_NLBAF = 25,
	IDNS_FLBAS = 26,
	IDNS_DLFEAT = 33,
	IDNS_LBAF = 128,
};

static bool all_zero(const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

int nvme_parse_id_ns(const void *data, size_t len, uint32_t nsid,
		     struct nvme_ns_info *ns)
{
	const uint8_t *p = data;
	uint8_t flbas;
	uint32_t lbaf;
	unsigned lbads;

	memset(ns, 0, sizeof(*ns));
	if (len < NVME_IDENTIFY_SIZE)
		return -EINVAL;
	/* an inactive namespace ID answers with a zero-filled structure */
	if (all_zero(p, NVME_IDENTIFY_SIZE))
		return -ENODATA;
	ns->nsid = nsid;
	ns->nsze = le64_at(p, IDNS_NSZE);
	ns->ncap = le64_at(p, IDNS_NCAP);
	flbas = p[IDNS_FLBAS];
	/* bits 3:0, and bits 6:5 as the high bits when NLBAF > 16 */
	ns->format = (flbas & 0xfu) | ((unsigned) (flbas >> 5) & 0x3u) << 4;
	if (ns->format > p[IDNS_NLBAF] || ns->format >= 64)
		return -EINVAL;
	ns->meta_extended = flbas & 0x10;
	lbaf = (uint32_t) le16_at(p, IDNS_LBAF + 4 * ns->format) |
	       (uint32_t) p[IDNS_LBAF + 4 * ns->format + 2] << 16;
	ns->meta_size = (uint16_t) (lbaf & 0xffff);
	lbads = (lbaf >> 16) & 0xff;
	ns->dlfeat = p[IDNS_DLFEAT];
	ns->dealloc_reads_zeroes = (ns->dlfeat & 0x7) == 1;
	/* the spec allows 2^9 and up; beyond 64 KiB is not a real device */
	if (lbads < 9 || lbads > 16 || !ns->nsze)
		return -EINVAL;
	ns->lba_shift = lbads;
	ns->lba_size = 1u << lbads;
	return 0;
}

/* Identify Controller byte offsets (Base spec, figure 275) */
enum {
	IDCTRL_SN = 4,
	IDCTRL_MN = 24,
	IDCTRL_FR = 64,
	IDCTRL_MDTS = 77,
	IDCTRL_ONCS = 520,
	IDCTRL_VWC = 525,
};

/* ASCII fields are space padded on the right */
static void ascii_field(char *out, const uint8_t *p, size_t len)
{
	size_t n = len;

	memcpy(out, p, len);
	while (n && (out[n - 1] == ' ' || out[n - 1] == '\0'))
		n--;
	out[n] = '\0';
}

int nvme_parse_id_ctrl(const void *data, size_t len,
		       struct nvme_ctrl_info *ctrl)
{
	const uint8_t *p = data;

	memset(ctrl, 0, sizeof(*ctrl));
	if (len < NVME_IDENTIFY_SIZE)
		return -EINVAL;
	ascii_field(ctrl->serial, p + IDCTRL_SN, 20);
	ascii_field(ctrl->model, p + IDCTRL_MN, 40);
	ascii_field(ctrl->firmware, p + IDCTRL_FR, 8);
	ctrl->mdts = p[IDCTRL_MDTS];
	ctrl->oncs = le16_at(p, IDCTRL_ONCS);
	ctrl->vwc_present = p[IDCTRL_VWC] & 1;
	return 0;
}

int nvme_lba_range(const struct nvme_ns_info *ns, uint64_t offset, uint64_t len,
		   uint32_t max_nlb, uint64_t *slba, uint32_t *nlb)
{
	uint64_t mask = (uint64_t) ns->lba_size - 1;
	uint64_t count;

	if (!len || (offset & mask) || (len & mask))
		return -EINVAL;
	count = len >> ns->lba_shift;
	if (count > max_nlb)
		return -E2BIG;
	*slba = offset >> ns->lba_shift;
	*nlb = (uint32_t) count;
	return 0;
}

bool nvme_range_in_ns(const struct nvme_ns_info *ns, uint64_t slba,
		      uint32_t nlb)
{
	return slba < ns->nsze && nlb <= ns->nsze - slba;
}

int nvme_check_multiple(uint32_t lba_size, const char *what, uint64_t value,
			char *err, size_t errlen)
{
	if (lba_size && value % lba_size == 0)
		return 0;
	snprintf(err, errlen,
		 "%s=%" PRIu64 " is not a multiple of the namespace's LBA "
		 "size (%" PRIu32 " bytes): NVMe commands address whole "
		 "LBAs; use a multiple of %" PRIu32,
		 what, value, lba_size, lba_size);
	return -EINVAL;
}

static void cmd_lba(struct nvme_uring_cmd *c, uint64_t slba, uint32_t nlb)
{
	c->cdw10 = (uint32_t) (slba & 0xffffffffu);
	c->cdw11 = (uint32_t) (slba >> 32);
	/* NLB is 0-based */
	c->cdw12 = (nlb - 1) & 0xffffu;
}

void nvme_cmd_rw(struct nvme_uring_cmd *c, enum nvme_io_opcode opc,
		 uint32_t nsid, uint64_t slba, uint32_t nlb, void *buf,
		 uint32_t len, bool fua)
{
	memset(c, 0, sizeof(*c));
	c->opcode = (uint8_t) opc;
	c->nsid = nsid;
	c->addr = (uint64_t) (uintptr_t) buf;
	c->data_len = len;
	cmd_lba(c, slba, nlb);
	if (fua)
		c->cdw12 |= NVME_RW_FUA;
}

void nvme_cmd_flush(struct nvme_uring_cmd *c, uint32_t nsid)
{
	memset(c, 0, sizeof(*c));
	c->opcode = NVME_OPC_FLUSH;
	c->nsid = nsid;
}

void nvme_cmd_write_zeroes(struct nvme_uring_cmd *c, uint32_t nsid,
			   uint64_t slba, uint32_t nlb, bool deac, bool fua)
{
	memset(c, 0, sizeof(*c));
	c->opcode = NVME_OPC_WRITE_ZEROES;
	c->nsid = nsid;
	cmd_lba(c, slba, nlb);
	if (deac)
		c->cdw12 |= NVME_WZ_DEAC;
	if (fua)
		c->cdw12 |= NVME_RW_FUA;
}

void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb)
{
	r->cattr = 0;
	r->nlb = htole32(nlb);
	r->slba = htole64(slba);
}

int nvme_cmd_dsm_deallocate(struct nvme_uring_cmd *c, uint32_t nsid,
			    struct nvme_dsm_range *ranges, unsigned nr)
{
	if (!nr || nr > 256)
		return -EINVAL;
	memset(c, 0, sizeof(*c));
	c->opcode = NVME_OPC_DSM;
	c->nsid = nsid;
	c->addr = (uint64_t) (uintptr_t) ranges;
	c->data_len = (uint32_t) (nr * sizeof(*ranges));
	c->cdw10 = nr - 1; /* NR is 0-based */
	c->cdw11 = NVME_DSM_ATTR_AD;
	return 0;
}

void nvme_cmd_identify(struct nvme_passthru_cmd *c, uint32_t nsid, unsigned cns,
		       void *buf)
{
	memset(c, 0, sizeof(*c));
	c->opcode = NVME_ADMIN_OPC_IDENTIFY;
	c->nsid = nsid;
	c->addr = (uint64_t) (uintptr_t) buf;
	c->data_len = NVME_IDENTIFY_SIZE;
	c->cdw10 = cns;
}

/* Parses decimal digits at *p; false when there are none. */
static bool take_number(const char **p, unsigned *out)
{
	unsigned long v = 0;
	const char *s = *p;

	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		v = v * 10 + (unsigned long) (*s - '0');
		if (v > 0xffffffu)
			return false;
		s++;
	}
	*p = s;
	*out = (unsigned) v;
	return true;
}

int nvme_generic_name(const char *block, char *out, size_t outlen)
{
	const char *p = block;
	unsigned ctrl, ns, part;
	int n;

	if (strncmp(p, "nvme", 4))
		return -EINVAL;
	p += 4;
	if (!take_number(&p, &ctrl) || *p++ != 'n' || !take_number(&p, &ns))
		return -EINVAL;
	if (*p == 'p') {
		p++;
		if (!take_number(&p, &part))
			return -EINVAL;
	}
	if (*p)
		return -EINVAL;
	n = snprintf(out, outlen, "ng%un%u", ctrl, ns);
	return n < 0 || (size_t) n >= outlen ? -ENAMETOOLONG : 0;
}

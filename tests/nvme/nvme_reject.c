/* SPDX-License-Identifier: MIT */
/*
 * Sends an NVMe command that the controller must reject, through the same
 * path as nvme_pt: the command words from engines/nvme/nvme_cmd.c, an
 * io_uring IORING_OP_URING_CMD with SQE128/CQE32, the status decoded by
 * engines/nvme/nvme_status.c. fio never issues I/O past the size it knows,
 * so this is how the guest sees "LBA Out of Range" come back by name.
 *
 *   nvme_reject DEV info        Identify facts, one key=value per line
 *   nvme_reject DEV past-end    a 1-LBA read at the first LBA past the end
 *   nvme_reject DEV straddle    a 2-LBA read over the last LBA
 *   nvme_reject DEV bad-opcode  a reserved I/O opcode (7Fh)
 *
 * Prints "result=<res> errno=<n> status=<description>"; exits 0 when the
 * command completed (whatever its status), 1 on a set-up failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "nvme/nvme.h"

static int identify(int fd, uint32_t nsid, struct nvme_ns_info *ns,
		    struct nvme_ctrl_info *ctrl)
{
	static uint8_t buf[NVME_IDENTIFY_SIZE] __attribute__((aligned(4096)));
	struct nvme_passthru_cmd c;
	int ret;

	nvme_cmd_identify(&c, nsid, NVME_CNS_NAMESPACE, buf);
	if (ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c))
		return -errno;
	ret = nvme_parse_id_ns(buf, sizeof(buf), nsid, ns);
	if (ret)
		return ret;
	nvme_cmd_identify(&c, 0, NVME_CNS_CONTROLLER, buf);
	if (ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c))
		return -errno;
	return nvme_parse_id_ctrl(buf, sizeof(buf), ctrl);
}

/* Sends @cmd as an io_uring passthrough command; returns cqe->res. */
static int send_cmd(int fd, const struct nvme_uring_cmd *cmd, int *res)
{
	struct io_uring ring;
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	int ret;

	ret = io_uring_queue_init(4, &ring,
				  IORING_SETUP_SQE128 | IORING_SETUP_CQE32);
	if (ret)
		return ret;
	sqe = io_uring_get_sqe(&ring);
	if (!sqe) {
		io_uring_queue_exit(&ring);
		return -EBUSY;
	}
	memset(sqe, 0, 2 * sizeof(*sqe));
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->fd = fd;
	sqe->cmd_op = NVME_URING_CMD_IO;
	memcpy(sqe->cmd, cmd, sizeof(*cmd));
	ret = io_uring_submit(&ring);
	if (ret == 1)
		ret = io_uring_wait_cqe(&ring, &cqe);
	else if (ret >= 0)
		ret = -EIO;
	if (!ret) {
		*res = cqe->res;
		io_uring_cqe_seen(&ring, cqe);
	}
	io_uring_queue_exit(&ring);
	return ret;
}

static void print_info(const struct nvme_ns_info *ns,
		       const struct nvme_ctrl_info *ctrl)
{
	printf("nsid=%" PRIu32 "\nlba_size=%" PRIu32 "\nnsze=%" PRIu64
	       "\ndlfeat=%u\ndealloc_reads_zeroes=%d\nvwc=%d\noncs=%u\n"
	       "model=%s\n",
	       ns->nsid, ns->lba_size, ns->nsze, ns->dlfeat,
	       ns->dealloc_reads_zeroes, ctrl->vwc_present, ctrl->oncs,
	       ctrl->model);
}

int main(int argc, char **argv)
{
	static uint8_t buf[2 * 65536] __attribute__((aligned(4096)));
	struct nvme_ctrl_info ctrl;
	struct nvme_uring_cmd cmd;
	struct nvme_ns_info ns;
	char what[160];
	int fd, nsid, ret, res = 0;

	if (argc != 3) {
		fprintf(stderr,
			"usage: %s DEV info|past-end|straddle|"
			"bad-opcode\n",
			argv[0]);
		return 1;
	}
	fd = open(argv[1], O_RDONLY);
	nsid = fd < 0 ? -1 : ioctl(fd, NVME_IOCTL_ID);
	if (nsid <= 0) {
		fprintf(stderr, "%s: not an NVMe namespace: %s\n", argv[1],
			strerror(errno));
		return 1;
	}
	ret = identify(fd, (uint32_t) nsid, &ns, &ctrl);
	if (ret) {
		fprintf(stderr, "%s: identify: %s\n", argv[1], strerror(-ret));
		return 1;
	}
	if (!strcmp(argv[2], "info")) {
		print_info(&ns, &ctrl);
		return 0;
	}
	if (!strcmp(argv[2], "past-end")) {
		nvme_cmd_rw(&cmd, NVME_OPC_READ, ns.nsid, ns.nsze, 1, buf,
			    ns.lba_size, false);
	} else if (!strcmp(argv[2], "straddle")) {
		nvme_cmd_rw(&cmd, NVME_OPC_READ, ns.nsid, ns.nsze - 1, 2, buf,
			    2 * ns.lba_size, false);
	} else if (!strcmp(argv[2], "bad-opcode")) {
		nvme_cmd_flush(&cmd, ns.nsid);
		cmd.opcode = 0x7f;
	} else {
		fprintf(stderr, "unknown command %s\n", argv[2]);
		return 1;
	}
	ret = send_cmd(fd, &cmd, &res);
	close(fd);
	if (ret) {
		fprintf(stderr, "io_uring: %s\n", strerror(-ret));
		return 1;
	}
	printf("result=%d errno=%d status=%s\n", res, nvme_result_errno(res),
	       nvme_result_describe(res, what, sizeof(what)));
	return 0;
}

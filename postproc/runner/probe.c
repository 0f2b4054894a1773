/* SPDX-License-Identifier: MIT */
/*
 * Is a fio server there, and which fio is it? fio's client sends a probe
 * (FIO_NET_CMD_PROBE) first; the server answers with its host name and
 * fio version, but only to a client of its own protocol version: to any
 * other it closes the connection (server.c, verify_convert_cmd), and
 * fio's client stops without saying why (older releases failed silently,
 * fio issue #620). So each host is asked here in each protocol version fio
 * has had since 3.33, the client's own first: the one it answers names its
 * fio, before any job is sent.
 *
 * The wire format (fio's server.h): a little-endian header of 24 bytes,
 * version, opcode, flags, tag, payload length, then a CRC-16 of the header
 * before it and one of the payload (CRC-16/ARC: polynomial 0x8005
 * reflected, initial value 0), then the payload.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"
#include "util/util.h"

#define CMD_PROBE 10
#define HDR_LEN 24
#define HDR_CRC_LEN 20
#define PROBE_PDU_LEN 136 /* flags (8), the server's name (128) */
#define REPLY_MIN_LEN 97  /* hostname[64], bigendian, fio_version[32] */
#define MAX_PDU 1024	  /* fio's FIO_SERVER_MAX_FRAGMENT_PDU */
#define CONNECT_MS 3000
#define REPLY_MS 5000
#define THREADS 32

/* fio's FIO_SERVER_VER by release: 3.33 97 ... 3.42 120, then 121. */
static const struct {
	int proto;
	const char *fio;
} protos[] = {
	{ 97, "fio-3.33" },  { 99, "fio-3.34" },  { 100, "fio-3.35" },
	{ 101, "fio-3.36" }, { 103, "fio-3.37" }, { 107, "fio-3.38" },
	{ 107, "fio-3.39" }, { 111, "fio-3.40" }, { 113, "fio-3.41" },
	{ 120, "fio-3.42" }, { 121, NULL },
};
#define NPROTOS (FV_ARRAY_SIZE(protos))

static uint16_t crc16(const uint8_t *p, size_t n)
{
	uint16_t crc = 0;

	while (n--) {
		crc ^= *p++;
		for (int b = 0; b < 8; b++)
			crc = crc & 1 ? (uint16_t) ((crc >> 1) ^ 0xa001)
				      : (uint16_t) (crc >> 1);
	}
	return crc;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t) v;
	p[1] = (uint8_t) (v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t) v);
	put16(p + 2, (uint16_t) (v >> 16));
}

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t) (p[0] | p[1] << 8);
}

static uint32_t get32(const uint8_t *p)
{
	return get16(p) | (uint32_t) get16(p + 2) << 16;
}

static void probe_cmd(uint8_t *buf, int proto, const char *server)
{
	uint8_t *pdu = buf + HDR_LEN;

	memset(buf, 0, HDR_LEN + PROBE_PDU_LEN);
	put16(buf, (uint16_t) proto);
	put16(buf + 2, CMD_PROBE);
	put32(buf + 16, PROBE_PDU_LEN);
	/* pdu: flags 0 (no zlib), then the name the client calls it by */
	memcpy(pdu + 8, server, strnlen(server, 127));
	put16(buf + 20, crc16(buf, HDR_CRC_LEN));
	put16(buf + 22, crc16(pdu, PROBE_PDU_LEN));
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits for events on fd until the deadline: 1, 0 on timeout, -errno. */
static int wait_fd(int fd, short events, int64_t deadline)
{
	struct pollfd p = { .fd = fd, .events = events };

	for (;;) {
		int64_t left = deadline - now_ms();
		int ret;

		if (left <= 0)
			return 0;
		ret = poll(&p, 1, (int) left);
		if (ret >= 0 || errno != EINTR)
			return ret < 0 ? -errno : ret;
	}
}

static int connect_to(const struct sockaddr_storage *sa, socklen_t len, int *fd)
{
	int s = socket(sa->ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0), err = 0;
	socklen_t elen = sizeof(err);
	int ret;

	if (s < 0)
		return -errno;
	fcntl(s, F_SETFL, O_NONBLOCK);
	if (connect(s, (const struct sockaddr *) sa, len) &&
	    errno != EINPROGRESS)
		err = errno;
	else if ((ret = wait_fd(s, POLLOUT, now_ms() + CONNECT_MS)) <= 0)
		err = ret ? -ret : ETIMEDOUT;
	else if (getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &elen))
		err = errno;
	if (err) {
		close(s);
		return -err;
	}
	*fd = s;
	return 0;
}

/* Reads n bytes before the deadline: 0, -ECONNRESET at EOF, -ETIMEDOUT. */
static int read_all(int fd, uint8_t *buf, size_t n, int64_t deadline)
{
	while (n) {
		int ret = wait_fd(fd, POLLIN, deadline);
		ssize_t got;

		if (ret <= 0)
			return ret ? ret : -ETIMEDOUT;
		got = read(fd, buf, n);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			return got ? -errno : -ECONNRESET;
		buf += got;
		n -= (size_t) got;
	}
	return 0;
}

static int write_all(int fd, const uint8_t *buf, size_t n)
{
	while (n) {
		/* A server that closed must not kill us with SIGPIPE. */
		ssize_t put = send(fd, buf, n, MSG_NOSIGNAL);

		if (put < 0 && (errno == EINTR || errno == EAGAIN)) {
			if (wait_fd(fd, POLLOUT, now_ms() + CONNECT_MS) <= 0)
				return -ETIMEDOUT;
			continue;
		}
		if (put < 0)
			return -errno;
		buf += put;
		n -= (size_t) put;
	}
	return 0;
}

/* The reply: a probe answer of the protocol asked, checksums right. */
static int read_reply(int fd, int proto, struct fv_host *h)
{
	uint8_t hdr[HDR_LEN], pdu[MAX_PDU];
	int64_t deadline = now_ms() + REPLY_MS;
	uint32_t len;
	int ret = read_all(fd, hdr, HDR_LEN, deadline);

	if (ret)
		return ret;
	len = get32(hdr + 16);
	if (get16(hdr + 20) != crc16(hdr, HDR_CRC_LEN) || get16(hdr) != proto ||
	    get16(hdr + 2) != CMD_PROBE || len < REPLY_MIN_LEN || len > MAX_PDU)
		return -EPROTO;
	ret = read_all(fd, pdu, len, deadline);
	if (ret)
		return ret;
	if (get16(hdr + 22) != crc16(pdu, len))
		return -EPROTO;
	snprintf(h->server_name, sizeof(h->server_name), "%.63s",
		 (const char *) pdu);
	snprintf(h->server_fio, sizeof(h->server_fio), "%.31s",
		 (const char *) pdu + 65);
	return 0;
}

/* One connection, one probe in one protocol version. */
static int ask(const struct sockaddr_storage *sa, socklen_t salen, int proto,
	       struct fv_host *h)
{
	uint8_t cmd[HDR_LEN + PROBE_PDU_LEN];
	int fd = -1, ret = connect_to(sa, salen, &fd);

	if (ret)
		return ret;
	probe_cmd(cmd, proto, h->addr);
	ret = write_all(fd, cmd, sizeof(cmd));
	if (!ret)
		ret = read_reply(fd, proto, h);
	/* A refused protocol: the server closes at once. */
	if (ret == -EPIPE)
		ret = -ECONNRESET;
	close(fd);
	return ret;
}

static int resolve(const struct fv_host *h, struct sockaddr_storage *sa,
		   socklen_t *len)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res;
	char port[16];

	/* As fio's client: a name is an IPv4 host unless given as ip6:. */
	hints.ai_family = h->v6 ? AF_INET6 : AF_INET;
	snprintf(port, sizeof(port), "%d", h->port);
	if (getaddrinfo(h->addr, port, &hints, &res) || !res)
		return -ENOENT;
	memcpy(sa, res->ai_addr, res->ai_addrlen);
	*len = res->ai_addrlen;
	freeaddrinfo(res);
	return 0;
}

static bool listed(const int *v, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

static void probe_host(struct fv_host *h, const char *local_fio)
{
	struct sockaddr_storage sa;
	socklen_t len;
	int order[NPROTOS + 1], n = 0;

	h->probe = FV_PROBE_UNREACHABLE;
	h->probe_err = resolve(h, &sa, &len);
	if (h->probe_err) {
		h->probe = FV_PROBE_UNKNOWN_NAME;
		return;
	}
	/* The client's own protocol first: the usual answer. */
	for (size_t i = 0; i < NPROTOS && !n; i++)
		if (protos[i].fio && !strcmp(protos[i].fio, local_fio))
			order[n++] = protos[i].proto;
	for (size_t i = 0; i < NPROTOS; i++)
		if (!listed(order, n, protos[i].proto))
			order[n++] = protos[i].proto;
	for (int i = 0; i < n; i++) {
		int ret = ask(&sa, len, order[i], h);

		h->probe_err = ret;
		if (!ret) {
			h->probe = FV_PROBE_ANSWERED;
			h->proto = order[i];
			return;
		}
		if (ret == -EPROTO) {
			h->probe = FV_PROBE_NOT_FIO;
			return;
		}
		if (ret != -ECONNRESET) { /* refused, timed out: not there */
			h->probe = i ? FV_PROBE_SILENT : FV_PROBE_UNREACHABLE;
			return;
		}
		h->probe = FV_PROBE_SILENT; /* closed: another protocol */
	}
}

struct pool {
	struct fv_hostlist *hl;
	const char *local_fio;
	size_t next;
	pthread_mutex_t lock;
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->hl->n)
			return NULL;
		probe_host(&p->hl->v[i], p->local_fio);
	}
}

int fv_hosts_probe(struct fv_hostlist *hl, const char *local_fio)
{
	struct pool p = { .hl = hl, .local_fio = local_fio };
	pthread_t t[THREADS];
	size_t n = hl->n < THREADS ? hl->n : THREADS, started = 0;

	pthread_mutex_init(&p.lock, NULL);
	for (size_t i = 0; i < n; i++)
		if (!pthread_create(&t[started], NULL, worker, &p))
			started++;
	if (!started) /* no thread: one at a time, here */
		worker(&p);
	for (size_t i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	pthread_mutex_destroy(&p.lock);
	return 0;
}

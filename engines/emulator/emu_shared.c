/* SPDX-License-Identifier: MIT */
#include "emulator.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define EMU_SHARED_MAGIC 0x66766d75u /* "fvmu" */

struct emu_shared_area {
	_Atomic unsigned magic; /* set last: the area is ready */
	pthread_mutex_t lock;
	unsigned users;
	struct emu_state state;
};

struct emu_shared {
	struct emu_shared_area *area;
	char name[96];
};

/* FNV-1a over the configuration: jobs with other figures get another disk */
static uint64_t config_hash(const struct emu_config *c)
{
	const unsigned char *p = (const unsigned char *) c;
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < sizeof(*c); i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

/* POSIX shared memory objects are files in /dev/shm on Linux. */
#define SHM_DIR "/dev/shm"
#define NAME_PREFIX "fioverdict-emu-"

unsigned long long emu_process_start(long pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* the command may hold anything: fields count from its last ')' */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1,
			 " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u "
			 "%*u %*d %*d %*d %*d %*d %*d %llu",
			 &start) != 1)
		return 0;
	return start;
}

/*
 * The owner and its start time name the state: a name outlives a killed
 * fio, and its pid may come back as another process, which the start
 * time tells apart.
 */
void emu_shared_name(long owner, uint64_t device, const struct emu_config *c,
		     char *out, unsigned len)
{
	snprintf(out, len, "/" NAME_PREFIX "%ld.%llu-%llx-%016llx", owner,
		 emu_process_start(owner), (unsigned long long) device,
		 (unsigned long long) config_hash(c));
}

/* Whether the fio run that made state @name (in SHM_DIR) is gone. */
static bool owner_gone(const char *name, long except)
{
	unsigned long long start;
	long pid;

	if (strncmp(name, NAME_PREFIX, strlen(NAME_PREFIX)) ||
	    sscanf(name + strlen(NAME_PREFIX), "%ld.%llu-", &pid, &start) !=
		    2 ||
	    pid <= 0 || pid == except)
		return false;
	if (kill((pid_t) pid, 0) && errno == ESRCH)
		return true;
	/* the pid lives again, as another process */
	return start && emu_process_start(pid) != start;
}

/* Unlinks the state in SHM_DIR whose name @match accepts; returns how many. */
static int unlink_matching(bool (*match)(const char *name, long arg), long arg)
{
	char name[300];
	struct dirent *e;
	int n = 0;
	DIR *d = opendir(SHM_DIR);

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (!match(e->d_name, arg))
			continue;
		snprintf(name, sizeof(name), "/%s", e->d_name);
		if (!shm_unlink(name))
			n++;
	}
	closedir(d);
	return n;
}

int emu_shared_remove_stale(long except)
{
	return unlink_matching(owner_gone, except);
}

static int init_area(struct emu_shared_area *a, const struct emu_config *c)
{
	pthread_mutexattr_t attr;
	int ret;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	/* a user that dies holding the lock must not stop the others */
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	ret = pthread_mutex_init(&a->lock, &attr);
	pthread_mutexattr_destroy(&attr);
	if (ret)
		return -ret;
	emu_init(&a->state, c);
	a->users = 0;
	atomic_store(&a->magic, EMU_SHARED_MAGIC);
	return 0;
}

static int lock(struct emu_shared_area *a)
{
	int ret = pthread_mutex_lock(&a->lock);

	if (ret == EOWNERDEAD)
		ret = pthread_mutex_consistent(&a->lock);
	return -ret;
}

/* Maps the ready state @name, as published: 0 or a negative errno. */
static int map_published(const char *name, struct emu_shared_area **out)
{
	int fd = shm_open(name, O_RDWR, 0600);
	struct emu_shared_area *a;
	struct stat st;

	if (fd < 0)
		return -errno;
	/* shorter than the state (made by hand): touching it would fault */
	if (fstat(fd, &st) || st.st_size < (off_t) sizeof(*a)) {
		close(fd);
		return -EPROTO;
	}
	a = mmap(NULL, sizeof(*a), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (a == MAP_FAILED)
		return -errno;
	if (atomic_load(&a->magic) != EMU_SHARED_MAGIC) {
		munmap(a, sizeof(*a));
		return -EPROTO; /* not ours, or of another layout */
	}
	*out = a;
	return 0;
}

/*
 * Makes the state under a name of this process's own, sized and ready,
 * then links it to @name: others see it whole or not at all, so no one
 * waits on a creator that the scheduler put aside. -EEXIST: another
 * process published first.
 */
static int publish(const char *name, const struct emu_config *c)
{
	char tmp[128], from[160], to[160];
	struct emu_shared_area *a = MAP_FAILED;
	int fd, ret;

	snprintf(tmp, sizeof(tmp), "%s~%ld", name, (long) gettid());
	fd = shm_open(tmp, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return -errno;
	ret = ftruncate(fd, sizeof(*a)) ? -errno : 0;
	if (!ret) {
		a = mmap(NULL, sizeof(*a), PROT_READ | PROT_WRITE, MAP_SHARED,
			 fd, 0);
		ret = a == MAP_FAILED ? -errno : init_area(a, c);
	}
	close(fd);
	snprintf(from, sizeof(from), SHM_DIR "%s", tmp);
	snprintf(to, sizeof(to), SHM_DIR "%s", name);
	if (!ret && link(from, to))
		ret = -errno;
	if (a != MAP_FAILED)
		munmap(a, sizeof(*a));
	shm_unlink(tmp);
	return ret;
}

int emu_shared_attach(long owner, uint64_t device, const struct emu_config *c,
		      struct emu_shared **out)
{
	struct emu_shared *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return -ENOMEM;
	/* what runs killed before this one left behind */
	emu_shared_remove_stale(owner);
	emu_shared_name(owner, device, c, s->name, sizeof(s->name));
	ret = map_published(s->name, &s->area);
	if (ret == -ENOENT) {
		ret = publish(s->name, c);
		if (!ret || ret == -EEXIST)
			ret = map_published(s->name, &s->area);
	}
	if (!ret) {
		ret = lock(s->area);
		if (!ret) {
			s->area->users++;
			pthread_mutex_unlock(&s->area->lock);
			*out = s;
			return 0;
		}
		munmap(s->area, sizeof(*s->area));
	}
	free(s);
	return ret;
}

const char *emu_shared_object(const struct emu_shared *s)
{
	return s->name + 1; /* without shm_open's leading '/' */
}

uint64_t emu_shared_admit(struct emu_shared *s, uint64_t now_ns, uint64_t bytes)
{
	uint64_t start;

	if (lock(s->area))
		return now_ns; /* unreachable in practice: pass unthrottled */
	start = emu_admit(&s->area->state, now_ns, bytes);
	pthread_mutex_unlock(&s->area->lock);
	return start;
}

void emu_shared_snapshot(struct emu_shared *s, struct emu_state *out)
{
	if (lock(s->area)) {
		memset(out, 0, sizeof(*out));
		return;
	}
	*out = s->area->state;
	pthread_mutex_unlock(&s->area->lock);
}

void emu_shared_detach(struct emu_shared *s)
{
	if (!s)
		return;
	if (!lock(s->area)) {
		s->area->users--;
		pthread_mutex_unlock(&s->area->lock);
	}
	munmap(s->area, sizeof(*s->area));
	free(s);
}

/* Whether state @name was made by the fio run @owner. */
static bool owned_by(const char *name, long owner)
{
	unsigned long long start;
	long pid;

	return !strncmp(name, NAME_PREFIX, strlen(NAME_PREFIX)) &&
	       sscanf(name + strlen(NAME_PREFIX), "%ld.%llu-", &pid, &start) ==
		       2 &&
	       pid == owner;
}

int emu_shared_remove_owned(long owner)
{
	return unlink_matching(owned_by, owner);
}

/* SPDX-License-Identifier: MIT */
/*
 * The provisioned-disk emulator, without fio: the model of one disk, and
 * that disk shared by every job of a fio run that uses it.
 */
#ifndef FV_EMULATOR_H
#define FV_EMULATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A provisioned cloud disk, emulated: a baseline IOPS and bandwidth cap, a
 * burst rate paid for with credits (earned below the baseline, spent above
 * it, as Azure's credit bursting and AWS gp2 work), an added round trip per
 * I/O, and a time scale that shrinks the credit bucket so that a 30-minute
 * burst can be rehearsed in seconds.
 *
 * The model schedules: each I/O is given the time it may start. Requests are
 * paced one interval apart (1/rate, and bytes/bandwidth), at the burst rate
 * while credits last and at the baseline after. Credits (in I/Os, and in
 * bytes) accrue at the baseline rate and each I/O spends its share, so at a
 * demand above the burst rate a full bucket lasts capacity / (burst -
 * baseline): the length the providers document.
 *
 * Nothing here knows fio or io_uring; times are nanoseconds on any clock.
 */
struct emu_config {
	double cap_iops;      /* baseline I/Os per second; 0: no IOPS cap */
	double cap_bw;	      /* baseline bytes per second; 0: no cap */
	double burst_iops;    /* 0 or <= cap: no IOPS burst */
	double burst_bw;      /* 0 or <= cap: no bandwidth burst */
	double burst_seconds; /* a full bucket lasts this long at burst */
	double time_scale;    /* >= 1: the bucket is this many times smaller */
	uint64_t added_latency_ns;
};

/*
 * Presets are the catalog's disks (catalog/, fioverdict catalog list): a
 * catalog ID (azure:P10, aws:gp2:100GiB, aws:gp3:500GiB:6000iops:250MiBps)
 * or one of the older names, aliases of an ID. The cap is the SKU's
 * sustained figure; a credit burst becomes the burst and its bucket; an
 * on-demand burst (paid, enabled per disk) is not modelled.
 */
struct emu_alias {
	const char *name; /* azure-p10 */
	const char *id;	  /* azure:P10 */
};

/* The older preset names, NULL-terminated. */
extern const struct emu_alias emu_aliases[];

/*
 * 0 and the preset's figures (time_scale 1, no added latency), or -ENOENT
 * (not a preset) or -EINVAL (a catalog ID that does not resolve), with a
 * message in err that names the nearest known IDs or what is wrong.
 */
int emu_preset_resolve(const char *name, struct emu_config *out, char *err,
		       size_t errlen);

/* emu_preset_resolve without the message. */
int emu_preset_find(const char *name, struct emu_config *out);

/* 0, or -EINVAL and a message naming the option and what would be right. */
int emu_config_validate(const struct emu_config *c, char *err, size_t errlen);

/* Whether the configuration changes anything at all. */
bool emu_config_active(const struct emu_config *c);

/*
 * One paced resource: I/Os or bytes. @virt is where a disk held to the
 * baseline would be: a request that starts before it runs on credit, and
 * (virt - start) x base is the credit in use; idle time lets @virt fall
 * behind, which is the refill. So the bucket needs no timer, and at
 * baseline pace credits neither grow nor shrink.
 */
struct emu_lane {
	double base;	 /* per second */
	double burst;	 /* per second; 0: no burst */
	double capacity; /* credits in a full bucket (units) */
	double virt_ns;	 /* baseline virtual time */
	double next_ns;	 /* earliest start at the burst (or base) pace */
};
struct emu_state {
	struct emu_config config;
	struct emu_lane iops;
	struct emu_lane bw;
	bool started;
	uint64_t admitted;
	uint64_t delayed;    /* admitted later than asked */
	double burst_end_ns; /* when a lane first ran out of credits; -1 */
	double start_ns;
};

void emu_init(struct emu_state *e, const struct emu_config *c);

/*
 * Schedules an I/O of @bytes asked for at @now_ns; returns the time it may
 * start (>= now_ns), the added latency included.
 */
uint64_t emu_admit(struct emu_state *e, uint64_t now_ns, uint64_t bytes);

/* Seconds from the first I/O until credits ran out, or -1 if they did not. */
double emu_burst_length_s(const struct emu_state *e);

/* The burst a full bucket allows at full demand, in seconds, or 0. */
double emu_expected_burst_s(const struct emu_config *c);

/*
 * One emulated disk shared by every job that uses it. A provisioned disk's
 * cap and credit bucket belong to the disk, not to a fio thread: eight
 * clones of a job on an Azure P10 get 500 IOPS between them, not 500 each,
 * and a later job finds the credits the earlier ones left. fio runs jobs
 * as processes or threads, so the state lives in POSIX shared memory,
 * guarded by a process-shared mutex, under a name derived from the fio run
 * (its main process's pid and start time), the device and the
 * configuration: /dev/shm/fioverdict-emu-PID.START-DEV-HASH.
 */
struct emu_shared;

/*
 * Attaches to the emulated disk named by @owner (the fio run), @device (the
 * target's device number) and @c, creating it on first use: made whole
 * under a name of its own, then linked to its name, so that no attach
 * ever sees it half made or waits for its maker. 0 or a negative errno
 * (-EPROTO: an object under that name that is not such a disk).
 */
int emu_shared_attach(long owner, uint64_t device, const struct emu_config *c,
		      struct emu_shared **out);

/* emu_admit() under the disk's lock. */
uint64_t emu_shared_admit(struct emu_shared *s, uint64_t now_ns,
			  uint64_t bytes);

/* A copy of the disk's state, for the stats file. */
void emu_shared_snapshot(struct emu_shared *s, struct emu_state *out);

/*
 * Detaches. The disk outlives its users, so that a later job of the same
 * fio run finds the credits the earlier ones left, until
 * emu_shared_remove_owned() at the end of the run.
 */
void emu_shared_detach(struct emu_shared *s);

/* Removes every emulated disk of fio run @owner; the number removed. */
int emu_shared_remove_owned(long owner);

/*
 * Removes the emulated disks of fio runs that are gone (killed before they
 * could remove their own): their owner's pid no longer exists, or is
 * another process now (its start time differs). @except (the run that
 * asks) is kept. Called by every attach; the number removed.
 */
int emu_shared_remove_stale(long except);

/* A process's start time (clock ticks since boot, /proc), 0 if unknown. */
unsigned long long emu_process_start(long pid);

/* The name of @s's shared memory object (/dev/shm/NAME), for the stats. */
const char *emu_shared_object(const struct emu_shared *s);

/* The shared memory object's name, for tests and messages. */
void emu_shared_name(long owner, uint64_t device, const struct emu_config *c,
		     char *out, unsigned len);

#endif

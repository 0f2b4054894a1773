/* SPDX-License-Identifier: MIT */
/*
 * One emulated disk shared by every job that uses it. A provisioned disk's
 * cap and credit bucket belong to the disk, not to a fio thread: eight
 * clones of a job on an Azure P10 get 500 IOPS between them, not 500 each,
 * and a later job finds the credits the earlier ones left. fio runs jobs
 * as processes or threads, so the state lives in POSIX shared memory,
 * guarded by a process-shared mutex, under a name derived from the fio run,
 * the device and the configuration.
 */
#ifndef FV_EMU_SHARED_H
#define FV_EMU_SHARED_H

#include <stdbool.h>
#include <stdint.h>

#include "emulator.h"

struct emu_shared;

/*
 * Attaches to the emulated disk named by @owner (the fio run), @device (the
 * target's device number) and @c, creating it on first use. 0 or a
 * negative errno.
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

/* The shared memory object's name, for tests and messages. */
void emu_shared_name(long owner, uint64_t device, const struct emu_config *c,
		     char *out, unsigned len);

#endif

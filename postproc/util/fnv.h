/* SPDX-License-Identifier: MIT */
/*
 * FNV-1a, 64 bits: a quick hash of bytes for tables and prints (a path's
 * slot, a document's print), not for anything an adversary chooses.
 */
#ifndef FV_FNV_H
#define FV_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FV_FNV1A_INIT 0xcbf29ce484222325ULL

/* h (FV_FNV1A_INIT to begin) carried over the n bytes at p. */
static inline uint64_t fv_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The low-memory reader's parts: json+ bins kept as compact arrays out of
 * jansson's tree, jobs deferred (bins_scan.h), jansson trees in an arena
 * (json_arena.h), big arrays mapped on their own (mapped_array.h).
 */
#ifndef FV_LOWMEM_H
#define FV_LOWMEM_H

#include "bins_scan.h"
#include "json_arena.h"
#include "mapped_array.h"

#endif

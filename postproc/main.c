/* SPDX-License-Identifier: MIT */
#include <malloc.h>
#include <stdio.h>

#include "app.h"

/*
 * Blocks of 16 KiB and more (an input's text, a job's tree, bins, the list
 * of inputs) are mapped on their own: freed, they go back to the system at
 * once instead of leaving holes among the small allocations the next file
 * reuses, so that memory does not creep up file after file. glibc's default
 * threshold (128 KiB, then raised as blocks are freed) kept them in the heap.
 */
#define FV_MMAP_THRESHOLD (16 * 1024)

int main(int argc, char **argv)
{
	mallopt(M_MMAP_THRESHOLD, FV_MMAP_THRESHOLD);
	return fv_main(argc, argv, stdout, stderr);
}

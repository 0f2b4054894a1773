/* SPDX-License-Identifier: MIT */
/*
 * The pool of engine-made flushes (sync_mode=linked): submission takes one
 * when it chains a flush after a write, and whichever side sees the last
 * of it (fio claiming it, or its completion) gives it back. A module of its
 * own so that submission and completion both use it without calling each
 * other.
 */
#include "glue_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int glue_links_init(struct glue_data *gd, unsigned n)
{
	unsigned i;

	gd->nlinks = n;
	gd->links = calloc(n, sizeof(*gd->links));
	if (!gd->links)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		gd->links[i].next_free = i + 1 < n ? &gd->links[i + 1] : NULL;
	gd->free_links = gd->links;
	return 0;
}

struct glue_link *glue_link_get(struct glue_data *gd)
{
	struct glue_link *l = gd->free_links;

	if (!l)
		return NULL;
	gd->free_links = l->next_free;
	memset(l, 0, sizeof(*l));
	l->in_use = true;
	return l;
}

void glue_link_put(struct glue_data *gd, struct glue_link *l)
{
	l->in_use = false;
	l->next_free = gd->free_links;
	gd->free_links = l;
}

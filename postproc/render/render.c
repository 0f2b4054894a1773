/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "render.h"
#include "model/model.h"

const struct fv_renderer *const fv_renderers[] = {
	&fv_render_text, &fv_render_md,	   &fv_render_csv,
	&fv_render_json, &fv_render_junit, NULL,
};

const struct fv_renderer *fv_renderer_find(const char *name)
{
	for (size_t i = 0; fv_renderers[i]; i++)
		if (!strcmp(fv_renderers[i]->name, name))
			return fv_renderers[i];
	return NULL;
}

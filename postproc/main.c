/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "app.h"

int main(int argc, char **argv)
{
	return fv_main(argc, argv, stdout, stderr);
}

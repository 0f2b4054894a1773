/* SPDX-License-Identifier: MIT */
#include <stdio.h>

#include "cmd.h"

int main(int argc, char **argv)
{
	return fv_main(argc, argv, stdout, stderr);
}

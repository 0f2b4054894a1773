/* SPDX-License-Identifier: MIT */
/*
 * The number of elements of an array, as git's and the kernel's
 * ARRAY_SIZE: one spelling for every fixed table. Given a pointer rather
 * than an array, it does not compile (sizeof would count the pointer).
 */
#ifndef FV_ARRAY_SIZE_H
#define FV_ARRAY_SIZE_H

/* 0, or a compile error where cond is false (a negative array size). */
#define FV_BUILD_ASSERT_OR_ZERO(cond) (sizeof(char[1 - 2 * !(cond)]) - 1)

#define FV_ARRAY_SIZE(a)                                        \
	(sizeof(a) / sizeof((a)[0]) +                           \
	 FV_BUILD_ASSERT_OR_ZERO(!__builtin_types_compatible_p( \
		 __typeof__(a), __typeof__(&(a)[0]))))

#endif

# fioverdict: fio ioengines with durability accounting, and a results analyser.
#
#   make            build the engines and fioverdict
#   make check      install what is missing, then run every test
#   make demo       install what is missing, then run the main job
#   make web        install what is missing, then build fioverdict for the
#                   browser: build/web/fioverdict.html (docs/web.md)
#   make bench      benchmarks (not part of check)
#   make SANITIZE=1 ...   the same with ASan+UBSan, in build/san
#
# See README.md.

.DEFAULT_GOAL := all
SHELL := /bin/bash

SANITIZE ?= 0
ifeq ($(SANITIZE),1)
BUILD ?= build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
else
BUILD ?= build
SAN_FLAGS :=
endif

CC ?= cc
OPT ?= -O2 -g
WARN := -Wall -Wextra -Werror
CPPFLAGS_BASE := -D_GNU_SOURCE
CFLAGS_BASE := -std=gnu11 $(OPT) $(WARN) $(SAN_FLAGS) -fPIC -MMD -MP
LDFLAGS_BASE := $(SAN_FLAGS)

# The trees the layering check reads (ROOT:OBJDIR), one per area: each
# area's fragment appends its own (tests/tests.mk, check-layers).
LAYER_TREES :=

# Shared fio source tree (headers matching the installed fio): given, or
# fetched into FIO_SRC_CACHE by ci/fio-src.sh, from FIO_TARBALLS (a folder
# of fio-X.tar.gz release tarballs, make variable or environment) first.
FIO_SRC ?=
FIO_SRC_CACHE := build/fio-src
ifneq ($(FIO_TARBALLS),)
override FIO_TARBALLS := $(abspath $(FIO_TARBALLS))
export FIO_TARBALLS
endif

.PHONY: all check check-all check-builds check-sanitized setup bench demo \
	clean format format-check

all:

# A missing fragment is an error, never a set of targets silently gone.
include engines/engines.mk
include postproc/postproc.mk
include tests/tests.mk
include tests/acceptance/acceptance.mk
include tests/docs/docs.mk
include tests/hosts/hosts.mk
include tests/replay/replay.mk
include tests/fio-versions/versions.mk
include tests/fresh/fresh.mk
include tests/nvme/nvme.mk
include jobfiles/demo.mk
include web/web.mk
include dist/dist.mk

# make check: first make sure every package is there (a no-op when it is),
# then rebuild this Makefile's view of the world and run the whole suite:
# the normal build, then the sanitizer build of the same tests.
# The programs and test binaries are built first on every CPU; the suites
# then run one after another, as they share ports, /dev/shm and the
# installed fioverdict.
CHECK_JOBS ?= $(shell nproc)
check:
	ci/setup.sh all
	$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-builds
	$(MAKE) --no-print-directory check-all
	$(MAKE) --no-print-directory -j$(CHECK_JOBS) SANITIZE=1 check-builds
	$(MAKE) --no-print-directory SANITIZE=1 check-sanitized
	@echo "make check: all suites passed"

check-builds: all $(UNIT_BINS) $(PP_TESTS)
ifneq ($(SANITIZE),1)
check-builds: $(FUZZ_BINS)
endif

setup:
	ci/setup.sh all

clean:
	rm -rf build results

FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)
format:
	clang-format -i $(FORMAT_FILES)
format-check:
	clang-format --dry-run --Werror $(FORMAT_FILES)

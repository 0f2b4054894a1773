# The engines on the fio versions people run (tests/fio-versions/run.sh):
# each fio built from its upstream release tarball into
# $(BUILD)/fio-versions/fio-X, the engines built against its tree, the
# engine suites run with it first on PATH. The installed fio (Debian's) is
# the rest of make check's.
#
#   make check-fio-versions                      the default versions
#   make check-fio-versions FV_FIO_VERSIONS="3.41"
#   FV_FIO_TARBALLS=DIR                          where fio-X.tar.gz are

FV_FIO_TARBALLS ?= ../shared/fio-src
# 3.39 is Debian 13's: check-fresh runs the engine suites on Debian's own
# fio 3.39-1 (a later snapshot of 3.39), in a Debian 13 root.
FV_FIO_VERSIONS ?= 3.28 3.36 3.42

.PHONY: check-fio-versions
check-all: check-fio-versions

check-fio-versions: $(PP_BIN)
	@if [ ! -d "$(FV_FIO_TARBALLS)" ] && [ "$${CI:-}" != true ]; then \
	  echo "check-fio-versions: skipped: no $(FV_FIO_TARBALLS) (set FV_FIO_TARBALLS to a folder of fio-X.tar.gz)"; \
	else \
	  FV_FIO_TARBALLS="$(FV_FIO_TARBALLS)" FV_OUT=$(BUILD)/fio-versions FV_BIN=$(abspath $(PP_BIN)) \
	    tests/fio-versions/run.sh $(FV_FIO_VERSIONS); \
	fi

# make bench: on each version, uring_durable against that fio's own
# io_uring engine, interleaved runs (tests/bench/engines.sh), after the
# version's fio and engines are built as check-fio-versions builds them.
FV_BENCH_VERSIONS ?= 3.28 3.36 3.39 3.41 3.42
.PHONY: bench-fio-versions
bench: bench-fio-versions
bench-fio-versions:
	@set -e; for v in $(FV_BENCH_VERSIONS); do \
	  tree=$$(tests/fio-versions/build-fio.sh "$(FV_FIO_TARBALLS)" $$v \
	    $(BUILD)/fio-versions); \
	  PATH="$$tree:$$PATH" $(MAKE) --no-print-directory -s \
	    BUILD=$(BUILD)/fio-versions/$$v FIO_SRC=$$tree engines; \
	  echo "=== fio $$v"; \
	  PATH="$$tree:$$PATH" FV_ENGINES=$(BUILD)/fio-versions/$$v/engines \
	    BENCH_RUNS=$${BENCH_RUNS:-3} tests/bench/engines.sh; \
	done

# The README's commands on a fresh Debian 13 root (tests/fresh/run.sh):
# debootstrap, then set-up, make demo and the engine suites inside it, as
# root. About ten minutes; part of make check (normal build only).
#
#   make check-fresh                     Debian 13 (trixie)
#   make check-fresh FV_FRESH_SUITE=bookworm
#   make check-fresh FV_FRESH_WEB=1      make web in it too

FV_FRESH_SUITE ?= trixie
FV_FRESH_WEB ?= 0

.PHONY: check-fresh
check-all: check-fresh

check-fresh:
	@if [ ! -d "$(FV_FIO_TARBALLS)" ] && [ "$${CI:-}" != true ]; then \
	  echo "check-fresh: skipped: no $(FV_FIO_TARBALLS) (set FV_FIO_TARBALLS to a folder of fio-X.tar.gz)"; \
	else \
	  FV_FIO_TARBALLS="$(abspath $(FV_FIO_TARBALLS))" \
	  FV_FRESH_SUITE=$(FV_FRESH_SUITE) FV_FRESH_WEB=$(FV_FRESH_WEB) \
	  FV_FRESH_ROOT=$(BUILD)/fresh/$(FV_FRESH_SUITE) tests/fresh/run.sh; \
	fi

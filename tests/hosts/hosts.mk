# Several hosts: fioverdict run --hosts on real fio servers bound to
# loopback addresses (tests/hosts/run.sh), and the scale benchmark of
# fio's client and fioverdict on 8, 32 and 64 servers (tests/hosts/bench.sh).
#
#   make check-hosts     the suite (part of check-all and check-sanitized)
#   make bench-hosts     the benchmark (part of make bench)

.PHONY: check-hosts bench-hosts

check-all: check-hosts
check-sanitized: check-hosts
bench: bench-hosts

check-hosts: $(PP_BIN) engines
	FV_BIN=$(PP_BIN) FV_ENGINES=$(ENG_BUILD) FV_PRELOAD="$(SAN_PRELOAD)" \
	  tests/hosts/run.sh

bench-hosts: $(PP_BIN) engines
	FV_BIN=$(PP_BIN) FV_ENGINES=$(ENG_BUILD) \
	  tests/hosts/bench.sh $(BUILD)/bench/hosts

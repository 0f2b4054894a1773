# Test orchestration. Each area's fragment adds its own suites as
# prerequisites of these targets:
#   check-all: check-AREA        run by make check, normal build
#   check-sanitized: check-AREA  re-run by make check under SANITIZE=1
#   bench: bench-AREA            make bench

.PHONY: check-all check-sanitized bench

check-all:
	@echo "check-all: done"

check-sanitized:
	@echo "check-sanitized: done"

bench:

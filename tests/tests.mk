# Test orchestration. Each area's fragment adds its own suites:
#   check-all: check-AREA         (run by make check, normal build)
#   SANITIZED_CHECKS += check-AREA (re-run by make check under SANITIZE=1)
#   bench: bench-AREA

SANITIZED_CHECKS ?=

.PHONY: check-all check-sanitized bench

check-all:
	@echo "check-all: done"

check-sanitized: $(SANITIZED_CHECKS)
	@echo "check-sanitized: done"

bench:

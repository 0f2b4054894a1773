# Test orchestration. Each area's fragment adds its own suites as
# prerequisites of these targets:
#   check-all: check-AREA        run by make check, normal build
#   check-sanitized: check-AREA  re-run by make check under SANITIZE=1
#   bench: bench-AREA            make bench
# and its source tree to the layering check (the tree's ROOT/LAYERS, and
# its objects OBJDIR/FOLDER/NAME.o built first):
#   LAYER_TREES += ROOT:OBJDIR
#   check-layers: OBJECTS

.PHONY: check-all check-sanitized bench check-unit check-integration \
	check-exports check-layers bench-engines check-truth truth-data

check-all:
	@echo "check-all: done"

check-sanitized:
	@echo "check-sanitized: done"

bench:

# --- unit tests (cmocka), one binary per tests/unit/test_*.c -------------
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)

$(BUILD)/tests/unit/%: tests/unit/%.c $(CORE_LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines -Ipostproc $< \
	  $(CORE_LIB) $(LDFLAGS_BASE) -lcmocka -ljansson -luring -lm -o $@

# The presets against catalog/ as fioverdict reads it: its reader too.
$(BUILD)/tests/unit/test_presets: tests/unit/test_presets.c $(CORE_LIB) \
		$(PP_LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines -Ipostproc $< \
	  $(CORE_LIB) $(PP_LIB) $(LDFLAGS_BASE) -lcmocka -ljansson -luring \
	  -lm -o $@

check-unit: $(UNIT_BINS)
	@pass=0; fail=0; \
	for t in $(UNIT_BINS); do \
	  if $$t; then pass=$$((pass+1)); else fail=$$((fail+1)); \
	    echo "FAILED: $$t"; fi; \
	done; \
	echo "unit suites: $$pass passed, $$fail failed"; \
	[ $$fail -eq 0 ]

-include $(UNIT_BINS:=.d)

# --- integration: the real fio loads the real engines -------------------
# Under SANITIZE=1 fio itself is not instrumented: the sanitizer runtimes
# are preloaded so that the engine's instrumentation finds them.
ifeq ($(SANITIZE),1)
SAN_PRELOAD = $(shell $(CC) -print-file-name=libasan.so):$(shell $(CC) -print-file-name=libubsan.so)
endif

check-integration: engines
	FV_ENGINES=$(ENG_BUILD) FV_PRELOAD="$(SAN_PRELOAD)" \
	  tests/integration/run.sh

# --- the engines' dynamic symbols: ioengine alone ----------------------
check-exports: engines
	CC="$(CC)" tests/exports/run.sh $(ENGINE_MAP) $(ENGINES)

# --- layering: the trees of LAYER_TREES, each ROOT:OBJDIR, appended by the
# fragment of the area that builds them (with check-layers: its objects).
check-layers:
	tests/layers/run.sh $(LAYER_TREES)

# --- the verdicts on real runs with known right answers (tests/truth) -----
# check-truth scores the committed runs (no fio); truth-data makes them
# again on this machine (root: a blkio throttle, loop devices), a few
# minutes; commit the result when every case still holds.
check-truth: $(PP_BIN)
	python3 tests/truth/check.py $(PP_BIN) tests/truth/runs \
	  tests/truth/expected.tsv

truth-data: engines
	tests/truth/gen.sh $(ENG_BUILD)/uring_durable.so tests/truth/runs

check-all: check-unit check-integration check-exports check-layers \
	check-truth
check-sanitized: check-unit check-integration check-exports check-truth

bench-engines: engines
	FV_ENGINES=$(ENG_BUILD) tests/bench/engines.sh

bench: bench-engines

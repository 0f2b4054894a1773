# fioverdict: fio results analyser (postproc/), its tests (tests/postproc/).
#
#   make                      builds $(BUILD)/postproc/fioverdict
#   make check-postproc       unit, ingest, fio-generated and golden tests
#   make fuzz                 libFuzzer over every parser (tests/postproc/fuzz.mk)
#   make check-fuzz           bounded fuzz run, a target per CPU at once, fails on a crash
#   make bench-postproc       corpus of >= 1000 json+ files: speed, memory
#   make bench-hist           timeline against fio's fiologparser_hist.py
#   make golden-update        rewrite the golden outputs (review the diff!)

PP_DIR := postproc
PP_TDIR := tests/postproc
PP_OUT := $(BUILD)/postproc
PP_TOUT := $(BUILD)/tests/postproc
# One folder per stage (postproc/LAYERS); headers are named by their path
# from postproc/.
PP_SRCS := $(filter-out $(PP_DIR)/cmd/main.c,$(shell find $(PP_DIR) -name '*.c'))
PP_OBJS := $(PP_SRCS:$(PP_DIR)/%.c=$(PP_OUT)/%.o)
PP_LIB := $(PP_OUT)/libfioverdict.a
PP_BIN := $(PP_OUT)/fioverdict
PP_LIBS := -ljansson -lexpat -lz -lm -lpthread
PP_TESTS := $(patsubst $(PP_TDIR)/%.c,$(PP_TOUT)/%,\
	$(wildcard $(PP_TDIR)/test_*.c))
PP_GEN := $(PP_TOUT)/gen/.stamp
# The catalog beside the program (<bindir>/../catalog), where fioverdict
# looks when FV_CATALOG is not set; an installation has it in
# <prefix>/share/fioverdict/catalog.
PP_CATALOG := $(BUILD)/catalog/.stamp

.PHONY: check-postproc bench-postproc bench-hist golden-update

all: $(PP_BIN) $(PP_CATALOG)
check-all: check-postproc check-fuzz
check-sanitized: check-postproc
bench: bench-postproc bench-hist

$(PP_OUT)/%.o: $(PP_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) -I$(PP_DIR) $(CFLAGS_BASE) -c $< -o $@

$(PP_LIB): $(PP_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(PP_BIN): $(PP_OUT)/cmd/main.o $(PP_LIB)
	$(CC) $(LDFLAGS_BASE) -o $@ $^ $(PP_LIBS)

$(PP_CATALOG): $(wildcard catalog/*.csv catalog/prices/*.csv)
	@mkdir -p $(@D)/prices
	rm -f $(@D)/*.csv $(@D)/prices/*.csv
	cp $(wildcard catalog/*.csv) $(@D)/
	cp $(wildcard catalog/prices/*.csv) $(@D)/prices/
	@touch $@

$(PP_TOUT)/%.o: $(PP_TDIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) -I$(PP_DIR) -I$(PP_TDIR) $(CFLAGS_BASE) \
		-c $< -o $@

.PRECIOUS: $(PP_TOUT)/%.o

$(PP_TOUT)/test_%: $(PP_TOUT)/test_%.o $(PP_TOUT)/fvtest.o \
		$(PP_TOUT)/vharness.o $(PP_TOUT)/fvhosts.o $(PP_LIB)
	$(CC) $(LDFLAGS_BASE) -o $@ $^ -lcmocka $(PP_LIBS)

# Fixtures made by the installed fio (a few seconds in all).
$(PP_GEN): $(PP_TDIR)/gen_fixtures.sh $(PP_TDIR)/fio_text_gen.sh \
		$(PP_TDIR)/fio_terse_gen.sh
	$(PP_TDIR)/gen_fixtures.sh $(@D)
	@touch $@

# Time series and verdicts: logs and runs made by fio (ts_gen.sh), and runs
# through our engine's provisioned-disk emulator (e2e_gen.sh, needs the
# engines).
PP_TSGEN := $(PP_TOUT)/tsgen/.stamp
PP_E2E := $(PP_TOUT)/e2e/.stamp

$(PP_TSGEN): $(PP_TDIR)/ts_gen.sh
	$(PP_TDIR)/ts_gen.sh $(@D)
	@touch $@

$(PP_E2E): $(PP_TDIR)/e2e_gen.sh $(BUILD)/engines/uring_durable.so | engines
	FV_PRELOAD="$(SAN_PRELOAD)" \
	$(PP_TDIR)/e2e_gen.sh $(BUILD)/engines/uring_durable.so $(@D)
	@touch $@

# The comparison matrices on real runs: cdm.fio and diskspd.fio, quick
# values, on tmpfs, the root file system and an emulated P10 (about 50 s).
PP_MATRIX := $(PP_TOUT)/matrix/.stamp

$(PP_MATRIX): $(PP_TDIR)/matrix_gen.sh jobfiles/cdm.fio jobfiles/diskspd.fio \
		$(BUILD)/engines/uring_durable.so | engines
	FV_PRELOAD="$(SAN_PRELOAD)" \
	$(PP_TDIR)/matrix_gen.sh $(BUILD)/engines/uring_durable.so $(@D)
	@touch $@

check-postproc: $(PP_TSGEN) $(PP_E2E) $(PP_MATRIX) $(PP_CATALOG)

check-postproc: $(PP_BIN) $(PP_TESTS) $(PP_GEN)
	@FV_FIXTURES=$(PP_TDIR)/fixtures FV_GOLDEN=$(PP_TDIR)/golden \
	FV_TSGEN=$(PP_TOUT)/tsgen FV_E2E=$(PP_TOUT)/e2e \
	FV_MATRIX=$(PP_TOUT)/matrix FV_CATALOG=catalog \
	FV_VGOLDEN=$(PP_TDIR)/verdict_golden \
	FV_GEN=$(PP_TOUT)/gen FV_BIN=$(PP_BIN) FV_TMP=$(PP_TOUT)/tmp \
	$(PP_TDIR)/run_tests.sh $(PP_TESTS)

# fioverdict on each fio version's own outputs (made by versions_gen.sh):
# every figure of the summary is fio's.
.PHONY: check-versions-output
check-postproc: check-versions-output
check-versions-output: $(PP_BIN)
	python3 $(PP_TDIR)/versions_check.py $(PP_BIN) $(PP_TDIR)/fixtures/versions

# Every output format carries the same rows, findings and counts; every
# JUnit test case is named, every failure says why.
.PHONY: check-formats
check-postproc: check-formats
check-formats: $(PP_BIN)
	@mkdir -p $(PP_TOUT)/formats
	python3 $(PP_TDIR)/formats_check.py $(PP_BIN) $(PP_TDIR)/fixtures \
		$(PP_TOUT)/formats

golden-update: $(PP_TESTS)
	FV_UPDATE_GOLDEN=1 FV_FIXTURES=$(PP_TDIR)/fixtures FV_CATALOG=catalog \
	FV_GOLDEN=$(PP_TDIR)/golden $(PP_TOUT)/test_golden
	FV_UPDATE_GOLDEN=1 FV_FIXTURES=$(PP_TDIR)/fixtures \
	FV_VGOLDEN=$(PP_TDIR)/verdict_golden $(PP_TOUT)/test_verdict_golden

# libFuzzer targets, one per parser of outside input (make fuzz, check-fuzz).
include tests/postproc/fuzz.mk

bench-postproc: $(PP_BIN) $(PP_GEN)
	$(PP_TDIR)/bench.sh $(PP_BIN) $(PP_TOUT)/gen $(PP_TOUT)/bench

# fio's own histogram log reader needs numpy and pandas (ci/setup.sh bench).
bench-hist: $(PP_BIN)
	$(PP_TDIR)/bench_hist.sh $(PP_BIN) $(FIO_SRC) $(PP_TOUT)/bench-hist

-include $(PP_OBJS:.o=.d) $(PP_OUT)/cmd/main.d $(PP_TOUT)/*.d

# The layering check (make check-layers) reads postproc/LAYERS.
LAYER_TREES += postproc:$(PP_OUT)

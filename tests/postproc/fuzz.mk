# libFuzzer: one target per parser of outside input, each a harness
# tests/postproc/fuzz_NAME.c (with fuzz_common.c) linked with fioverdict's
# sources built once with clang, ASan and UBSan.
#
#   make fuzz          every target for FUZZ_SECONDS (600) each
#   make check-fuzz    every target for CHECK_FUZZ_SECONDS (10) each, after
#                      its regression inputs; a crash, leak or hang fails
#
# A new target is one line: add its NAME below (and write its harness).
# Its corpus starts from tests/postproc/fuzz/seeds/NAME/ and
# tests/postproc/fuzz/regress/NAME/ (inputs that once crashed it, run
# before every fuzzing), plus FUZZ_SEEDS_NAME (files or directories,
# FUZZ_FIND_NAME: find's tests on them) made by FUZZ_DEPS_NAME.
FUZZ_TARGETS := ingest logs hist stats jobfile manifest catalog import \
	provenance fio_text cdm diskspd diskspd_text fio_terse iolog

# Compressed inputs: a few fixtures of each format gzipped (the harness
# inflates them as an input file's are).
FUZZ_GZ := $(PP_OUT)/fuzz/seeds-gz
FUZZ_GZ_FROM := $(addprefix $(PP_TDIR)/fixtures/,old/fio-2.1.10.json \
	misc/bins_clones.json fio_text/fio-3.42/peak_randrw.txt \
	cdm/made/cdm6-utf16.txt diskspd/diskspd-2.0.16-rnd4k-q32t4-made.xml)
FUZZ_SEEDS_ingest := $(PP_TDIR)/fixtures $(PP_TDIR)/ts_fixtures $(PP_TOUT)/gen \
	$(FUZZ_GZ)
FUZZ_DEPS_ingest := $(PP_GEN) $(FUZZ_GZ).stamp
FUZZ_SEEDS_logs := $(PP_TDIR)/ts_fixtures $(PP_TOUT)/tsgen
FUZZ_FIND_logs := -name '*.log'
FUZZ_DEPS_logs := $(PP_TSGEN)
FUZZ_SEEDS_hist := $(PP_TOUT)/tsgen/hist $(PP_TOUT)/tsgen/hist_coarse
FUZZ_FIND_hist := -name '*_hist.*.log'
FUZZ_DEPS_hist := $(PP_TSGEN)
FUZZ_SEEDS_stats := $(PP_TOUT)/e2e
FUZZ_FIND_stats := -name '*_durability*.json'
FUZZ_DEPS_stats := $(PP_E2E)
FUZZ_SEEDS_jobfile := jobfiles tests/nvme/jobs
FUZZ_FIND_jobfile := -name '*.fio'
FUZZ_SEEDS_catalog := catalog $(PP_TDIR)/fixtures/catalog
FUZZ_FIND_catalog := -name '*.csv'
FUZZ_SEEDS_import := $(PP_TDIR)/fixtures/catalog
FUZZ_FIND_import := -name '*.json'
# fio's text: real runs of several versions (fixtures/fio_text, gen/text)
# and hand-made variants (fuzz/seeds/fio_text).
FUZZ_SEEDS_fio_text := $(PP_TDIR)/fixtures/fio_text $(PP_TOUT)/gen/text
FUZZ_FIND_fio_text := -name '*.txt'
FUZZ_DEPS_fio_text := $(PP_GEN)
# CrystalDiskMark: the real exports, made ones of the other versions, the
# seed's.
FUZZ_SEEDS_cdm := $(PP_TDIR)/fixtures/cdm
FUZZ_FIND_cdm := -name '*.txt'
# DiskSpd's XML: the real 2.1 result, a made 2.0.16 one, one cut short, one with a count not whole.
FUZZ_SEEDS_diskspd := $(PP_TDIR)/fixtures/diskspd $(PP_TDIR)/fixtures/diskspd-bad \
	$(PP_TDIR)/fixtures/diskspd-edge
FUZZ_FIND_diskspd := -name '*.xml'
# DiskSpd's text: the real 2.0.17a sample, made 2.1 and 2.2 ones, the
# interrupted, cut and garbled ones.
FUZZ_SEEDS_diskspd_text := $(PP_TDIR)/fixtures/diskspd-text \
	$(PP_TDIR)/fixtures/diskspd-text-bad $(PP_TDIR)/fixtures/diskspd-text-edge
FUZZ_FIND_diskspd_text := -name '*.txt'

# fio's terse records: the real ones (fio 2.1.2's, fio 3.28's before its
# normal output), those of every version the installed fio made, the
# spoiled ones, hand-made variants (fuzz/seeds/fio_terse).
FUZZ_SEEDS_fio_terse := $(PP_TDIR)/fixtures/fio-terse \
	$(PP_TDIR)/fixtures/fio-terse-bad $(PP_TOUT)/gen/terse
FUZZ_FIND_fio_terse := -name '*.terse' -o -name '*.out' -o -name 'hikalium-*'
FUZZ_DEPS_fio_terse := $(PP_GEN)

FUZZ_SECONDS ?= 600
CHECK_FUZZ_SECONDS ?= 10
FUZZ_OUT := $(PP_OUT)/fuzz
FUZZ_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -O1 -g -D_GNU_SOURCE -I$(PP_DIR) -I$(PP_TDIR) \
	-Wall -Wextra -Werror -MMD -MP $(FUZZ_FLAGS)
FUZZ_PP_OBJS := $(PP_SRCS:$(PP_DIR)/%.c=$(FUZZ_OUT)/obj/pp/%.o)
FUZZ_LIB := $(FUZZ_OUT)/libfioverdict-fuzz.a
FUZZ_BINS := $(FUZZ_TARGETS:%=$(FUZZ_OUT)/fuzz_%)

.PHONY: fuzz check-fuzz
.PRECIOUS: $(FUZZ_OUT)/obj/t/%.o

# Coverage instrumentation for the library, libFuzzer's main for the
# harnesses only.
$(FUZZ_OUT)/obj/pp/%.o: $(PP_DIR)/%.c
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_OUT)/obj/t/%.o: $(PP_TDIR)/%.c
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_LIB): $(FUZZ_PP_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_OUT)/fuzz_%: $(FUZZ_OUT)/obj/t/fuzz_%.o $(FUZZ_OUT)/obj/t/fuzz_common.o \
		$(FUZZ_LIB)
	clang $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $^ $(PP_LIBS)

$(FUZZ_GZ).stamp: $(FUZZ_GZ_FROM)
	@mkdir -p $(FUZZ_GZ)
	for f in $^; do gzip -9nc "$$f" >$(FUZZ_GZ)/$$(basename "$$f").gz; done
	@touch $@

# A corpus per target, seeded once; it grows with every run.
define fuzz_corpus
$(FUZZ_OUT)/corpus-$(1)/.stamp: $(FUZZ_DEPS_$(1))
	@mkdir -p $$(@D)
	@for d in $(PP_TDIR)/fuzz/seeds/$(1) $(PP_TDIR)/fuzz/regress/$(1) \
		$(FUZZ_SEEDS_$(1)); do \
	  [ -e "$$$$d" ] || continue; \
	  find "$$$$d" -type f $(FUZZ_FIND_$(1)) \
	    -exec cp --backup=numbered -t $$(@D) {} +; \
	done
	@touch $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_corpus,$(t))))
FUZZ_STAMPS := $(FUZZ_TARGETS:%=$(FUZZ_OUT)/corpus-%/.stamp)

fuzz: $(FUZZ_BINS) $(FUZZ_STAMPS)
	$(PP_TDIR)/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_OUT) $(FUZZ_TARGETS)

check-fuzz: $(FUZZ_BINS) $(FUZZ_STAMPS)
	$(PP_TDIR)/fuzz.sh $(CHECK_FUZZ_SECONDS) $(FUZZ_OUT) $(FUZZ_TARGETS)

-include $(FUZZ_PP_OBJS:.o=.d) $(FUZZ_OUT)/obj/t/*.d

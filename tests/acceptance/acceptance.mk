# The acceptance suite: every command of fioverdict in every format over
# folders of real result files nobody here wrote (tests/acceptance/corpus,
# each file's source and licence in its folder's SOURCES.md), the samples
# in ../shared/reference/samples when there, and seed 004's twelve
# CrystalDiskMark exports laid in one folder (CDM_<time>.txt, as the
# tool names them: nothing in a name tells the VM or disk); the invariants
# are in tests/acceptance/run.py. Then every file against its answer key
# (tests/acceptance/keys/, written from the raw files: keys.py).
#
#   make check-acceptance   (part of check-all and check-sanitized)

.PHONY: check-acceptance

check-all: check-acceptance
check-sanitized: check-acceptance

ACC_DIR := tests/acceptance
ACC_OUT := $(BUILD)/tests/acceptance
ACC_CORPUS := $(sort $(filter-out %/LICENSES,\
	$(patsubst %/,%,$(dir $(wildcard $(ACC_DIR)/corpus/*/SOURCES.md)))))
ACC_SHARED := $(wildcard ../shared/reference/samples)
# files made here where no public file shows a case (made/SOURCES.md)
ACC_MADE := $(sort $(patsubst %/,%,$(wildcard $(ACC_DIR)/made/*/)))

check-acceptance: $(PP_BIN)
	rm -rf $(ACC_OUT) && mkdir -p $(ACC_OUT)/seed004-flat $(ACC_OUT)/fio-flat
	cp $(PP_TDIR)/fixtures/cdm/seed004/*/*.txt $(ACC_OUT)/seed004-flat/
	@# the fio JSON of every project in one folder, each file named by its
	@# path (a/b/x.json: a__b__x.json): unrelated results side by side
	cd $(ACC_DIR)/corpus/fio-json && find . -type f ! -name SOURCES.md | \
	  while read -r f; do f=$${f#./}; \
	    cp "$$f" "$(CURDIR)/$(ACC_OUT)/fio-flat/$${f//\//__}"; done
	@# the checks can fail: two machines under one label are caught
	python3 $(ACC_DIR)/run.py --plant --label-by=dir --expect \
	  "machines: [" $(PP_BIN) $(ACC_DIR)/expected.tsv \
	  $(ACC_OUT)/planted $(ACC_DIR)/corpus/diskspd
	python3 $(ACC_DIR)/run.py $(PP_BIN) $(ACC_DIR)/expected.tsv \
	  $(ACC_OUT)/work $(ACC_CORPUS) $(ACC_MADE) $(ACC_SHARED) \
	  $(ACC_OUT)/seed004-flat $(ACC_OUT)/fio-flat
	python3 $(ACC_DIR)/symptoms.py $(PP_BIN) $(ACC_DIR) tests/truth/runs \
	  $(PP_TDIR)/fixtures $(ACC_OUT)/symptoms
	@# the answer key: it can fail (a figure planted), then it must pass
	python3 $(ACC_DIR)/keys.py --plant $(PP_BIN) $(ACC_DIR)/keys \
	  $(ACC_OUT)/keys $(firstword $(ACC_CORPUS))
	python3 $(ACC_DIR)/keys.py $(PP_BIN) $(ACC_DIR)/keys $(ACC_OUT)/keys \
	  $(ACC_CORPUS) $(ACC_MADE) $(ACC_OUT)/seed004-flat $(ACC_OUT)/fio-flat

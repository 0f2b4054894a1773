# The main job and the tests of the job files, the runner and the report.
#
#   make demo            install what is missing, build, install fioverdict
#                        (make install: PREFIX /usr/local, so that it is on
#                        PATH for the README's tour; make uninstall), run
#                        the quick placement suite on three placements
#                        (root file system, tmpfs, emulated Azure P10 with
#                        credit bursting: the catalog's azure:P10), print
#                        the tables and verdicts, the P10 measured against
#                        its provisioned limits, write
#                        results/demo/report.html
#   make check-jobfiles  fio --parse-only of every job file; the runner's
#                        checks and exit codes; a real quick run; Ctrl-C
#   make check-report    a report from real quick runs, rendered by
#                        headless Chromium: screenshot, console, charts
#   make check-jobfiles-windows  jobfiles/windows/: its job file and DiskSpd
#                        lines against placement.fio, a run with Linux fio
#                        in the layout run-placement.ps1 writes, read back
#                        by fioverdict; the PowerShell script's checks
#
# DEMO_ROOT_DIR: a directory on the root file system; DEMO_SHM_DIR: tmpfs.
# DEMO_TIME_SCALE divides the P10's 30 min credit bucket (1800 s at 3500
# IOPS): 360 ends the burst after 5 s, inside the quick steady job (15 s).

.PHONY: demo check-jobfiles check-report check-jobfiles-windows

# The job files beside the program, as an installation has them beside
# PREFIX/bin (share/fioverdict/jobfiles): `fioverdict run placement` run
# from the build tree finds jobfiles/placement.fio through this link.
JOBFILES_LINK := $(BUILD)/jobfiles
all: $(JOBFILES_LINK)
$(JOBFILES_LINK):
	@mkdir -p $(@D)
	ln -sfn $(CURDIR)/jobfiles $@

DEMO_OUT ?= results/demo
DEMO_ROOT_DIR ?= /var/tmp
DEMO_SHM_DIR ?= /dev/shm
DEMO_TIME_SCALE ?= 360
DEMO_FV = $(BUILD)/postproc/fioverdict
# The emulated label is the catalog's Azure P10: its limits beside it.
DEMO_SKU = --sku azure-p10=azure:P10
DEMO_RUN = $(DEMO_FV) run jobfiles/placement.fio --quick --out $(DEMO_OUT) \
	--tables compare

# The demo installs only what it runs (ci/setup.sh demo).
demo:
	ci/setup.sh demo
	$(MAKE) --no-print-directory all
	$(MAKE) --no-print-directory install
	@echo "make demo: fioverdict installed as $(BINDIR)/fioverdict"
	@start=$$(date +%s); set -e; \
	trap 'rm -f $(DEMO_ROOT_DIR)/fioverdict-demo*.dat \
		$(DEMO_SHM_DIR)/fioverdict-demo.dat' EXIT; \
	$(DEMO_RUN) --label rootfs \
		--target $(DEMO_ROOT_DIR)/fioverdict-demo.dat; \
	$(DEMO_RUN) --label tmpfs \
		--target $(DEMO_SHM_DIR)/fioverdict-demo.dat; \
	$(DEMO_RUN) --label azure-p10 \
		--target $(DEMO_ROOT_DIR)/fioverdict-demo-p10.dat \
		-e emulate=azure:P10 -e time_scale=$(DEMO_TIME_SCALE); \
	echo; echo "=== All three placements ($(DEMO_OUT)) ==="; \
	$(DEMO_FV) compare -q $(DEMO_SKU) $(DEMO_OUT); echo; \
	$(DEMO_FV) latency -q -p 50,95,99,99.9 $(DEMO_OUT); echo; \
	$(DEMO_FV) verdict -q $(DEMO_SKU) $(DEMO_OUT) || true; echo; \
	$(DEMO_FV) report -q $(DEMO_SKU) --title "make demo: three placements" \
		$(DEMO_OUT) -o $(DEMO_OUT)/report.html; \
	echo "make demo: $$(( $$(date +%s) - start )) s for the runs, tables and report"; \
	echo "report: $(DEMO_OUT)/report.html"

check-jobfiles: $(DEMO_FV) $(PP_CATALOG) engines $(JOBFILES_LINK)
	FV_BIN=$(DEMO_FV) FV_ENGINE_DIR=$(ENG_BUILD) \
	FV_TMP=$(BUILD)/tests/jobfiles tests/jobfiles/run.sh

check-report: $(DEMO_FV) $(PP_CATALOG) engines
	FV_BIN=$(DEMO_FV) FV_ENGINE_DIR=$(ENG_BUILD) \
	FV_TMP=$(BUILD)/tests/report tests/report/run.sh

check-jobfiles-windows: $(DEMO_FV)
	FV_BIN=$(DEMO_FV) FV_TMP=$(BUILD)/tests/jobfiles-windows \
	tests/jobfiles/windows.sh

check-all: check-jobfiles check-report check-jobfiles-windows

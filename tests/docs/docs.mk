# The documents hold together (tests/docs/check_docs.py): every relative
# link of README.md, docs/*.md and postproc/README.md leads somewhere,
# every `fioverdict SUBCOMMAND --option` they and fioverdict(1)'s
# examples show exists, and the README's tour runs.
#
#   make check-docs   (part of check-all)

.PHONY: check-docs

check-all: check-docs

check-docs: $(PP_BIN)
	python3 tests/docs/check_docs.py $(PP_BIN) .

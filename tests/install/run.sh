#!/bin/bash
# check-install: `make install` and `make uninstall` into a DESTDIR, and
# the installed program on its own: the files and their modes; from a
# directory outside the build tree, with a PATH of the installed bin and
# fio alone, it finds its engine and job files beside itself, and fio
# loads the installed engine; man finds its pages; bash completion loads
# from the installed file and completes subcommands, options, values and
# job-file names, each value one the program accepts; another PREFIX
# works the same; uninstall leaves nothing of ours, and keeps a job file
# the user added.
#
# Env: FV_TMP, MAKE. Make's command-line variables (FIO_SRC...) reach the
# inner make through MAKEFLAGS. Ends with "install: N passed, M failed".
set -u
. "$(dirname "$0")/../lib/check.sh"
suite_top short
scratch_dir build/tests/install
# check_out NAME CMD...: ok when CMD succeeds; its output is kept in $TMP/out.
check_out() {
	local name=$1
	shift
	if "$@" >"$TMP/out" 2>&1; then ok "$name"; else
		ko "$name"
		sed 's/^/     /' "$TMP/out" | tail -8
	fi
}

# The installations and the directory they are used from lie outside the
# source and build trees, as on a machine with no build tree around.
OUT=$(mktemp -d "${TMPDIR:-/tmp}/fioverdict-install.XXXXXX")
trap 'rm -rf "$OUT"' EXIT

# 1. make install into a DESTDIR, PREFIX=/usr/local: exactly these files.
ROOT=$OUT/root
P=$ROOT/usr/local
check_out "make install DESTDIR=... PREFIX=/usr/local" \
	$MAKE --no-print-directory install DESTDIR="$ROOT" PREFIX=/usr/local
jobs=$(cd jobfiles && ls *.fio)
cats=$(cd catalog && ls *.csv prices/*.csv)
docs=$(cd docs && ls *.md *.png)
examples=$(cd ci/examples && ls fioverdict-*.sh *.yml)
{
	echo "755 usr/local/bin/fioverdict"
	echo "644 usr/local/lib/fioverdict/nvme_pt.so"
	echo "644 usr/local/lib/fioverdict/uring_durable.so"
	for j in $jobs; do echo "644 usr/local/share/fioverdict/jobfiles/$j"; done
	for f in $cats; do echo "644 usr/local/share/fioverdict/catalog/$f"; done
	echo "644 usr/local/share/man/man1/fioverdict.1"
	echo "644 usr/local/share/man/man7/nvme_pt.7"
	echo "644 usr/local/share/man/man7/uring_durable.7"
	echo "644 usr/local/share/doc/fioverdict/README.md"
	echo "644 usr/local/share/doc/fioverdict/fioverdict.md"
	for d in $docs; do echo "644 usr/local/share/doc/fioverdict/docs/$d"; done
	for e in $examples; do
		echo "644 usr/local/share/doc/fioverdict/examples/$e"
	done
	echo "644 usr/local/share/bash-completion/completions/fioverdict"
	echo "644 usr/local/share/fioverdict/fioverdict.html"
} | sort -k2 >"$TMP/want"
(cd "$ROOT" && find . -type f -printf '%m %P\n' | sort -k2) >"$TMP/got"
if diff "$TMP/want" "$TMP/got" >"$TMP/diff"; then
	ok "the $(wc -l <"$TMP/got") files installed, with their modes"
else
	ko "installed files (- expected, + found):"
	sed 's/^/     /' "$TMP/diff"
fi

# 2. The installed program with no build tree: a directory elsewhere, a
# PATH of the installed bin and a directory holding fio alone, none of
# the variables that point into the tree.
mkdir -p "$OUT/fio-only" "$OUT/elsewhere"
ln -sf "$(command -v fio)" "$OUT/fio-only/fio"
alone() { # [VAR=VALUE]... CMD...: run as a user of the installation would
	env -i -C "$OUT/elsewhere" HOME="$OUT" LANG=C.UTF-8 PATH="$P/bin:$OUT/fio-only" "$@"
}
# The same with the system's tools (man, bash and what completion runs).
user() { alone PATH="$P/bin:/usr/bin:/bin" "$@"; }
check_out "installed fioverdict --version" alone fioverdict --version
check_out "run --list" alone fioverdict run --list
want=$(for j in $jobs; do printf '%s %s\n' "${j%.fio}" "$P/share/fioverdict/jobfiles/$j"; done)
[ "$(awk '{print $1, $2}' "$TMP/out")" = "$want" ] &&
	ok "run --list: the installed job files, by name" || ko "run --list: $(cat "$TMP/out")"
check_out "run placement --check (by name)" alone fioverdict run placement --quick --label inst --target "$OUT/elsewhere/t.dat" --check
grep -qF "job file $P/share/fioverdict/jobfiles/placement.fio," "$TMP/out" &&
	grep -qF "engine external:$P/lib/fioverdict/uring_durable.so," "$TMP/out" &&
	ok "the job file and the engine are the installed ones" || ko "found: $(cat "$TMP/out")"
if grep -q "$SRC" "$TMP/out"; then ko "a path into the source tree was used"; else ok "nothing from the source or build tree"; fi
# the browser's page, found beside the program as installed: report
# --interactive puts the report in it
mkdir -p "$OUT/elsewhere/res"
cp tests/postproc/fixtures/diskspd/*.xml "$OUT/elsewhere/res/"
check_out "report --interactive (the installed page)" alone fioverdict report -q --interactive res -o page.html
grep -q 'id="fv-argv">{"options":\["-q"\],"inputs":\["res"\]}' "$OUT/elsewhere/page.html" &&
	cmp -s -n 4096 "$P/share/fioverdict/fioverdict.html" "$OUT/elsewhere/page.html" &&
	ok "report --interactive: the installed page, the inputs inside" || ko "report --interactive: $(head -c 300 "$OUT/elsewhere/page.html")"
# the catalog and its prices, found beside the program as installed
# (no FV_CATALOG, no build tree: the installed files are all there is)
check_out "catalog show azure:P30 (the installed catalog)" alone fioverdict catalog show azure:P30
grep -q '5000' "$TMP/out" && ok "the installed catalog has the P30's 5000 IOPS" || ko "catalog show: $(head -3 "$TMP/out")"
check_out "recommend (the installed prices)" alone fioverdict recommend --need iops=5000 --region westeurope
grep -Eq '^azure:P30 +yes .* [0-9]+\.[0-9]{2} +[0-9.]+ +[0-9.]+ +20[0-9]{2}-[0-9]{2}-[0-9]{2}$' "$TMP/out" &&
	ok "recommend: the P30 at its westeurope list price, from the installed prices" || ko "recommend: $(head -5 "$TMP/out")"
check_out "fio loads the installed engine" alone fio --enghelp="$P/lib/fioverdict/uring_durable.so"
grep -q '^sync_mode ' "$TMP/out" && ok "the installed engine lists its options" || ko "fio --enghelp: $(head -3 "$TMP/out")"
check_out "man -w uring_durable (installed MANPATH)" user man -M "$P/share/man" -w uring_durable
[ "$(cat "$TMP/out")" = "$P/share/man/man7/uring_durable.7" ] && ok "man finds uring_durable(7)" || ko "man -w: $(cat "$TMP/out")"
check_out "man -w nvme_pt fioverdict" user man -M "$P/share/man" -w nvme_pt fioverdict

# 3. Bash completion, loaded by bash-completion from the installed file.
# complete WORD...: the candidates for the last word of the command line.
complete_line() {
	user XDG_DATA_DIRS="$P/share" bash -c '
		. /usr/share/bash-completion/bash_completion
		_completion_loader fioverdict
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		f=$(complete -p fioverdict | sed -n "s/.* -F \([^ ]*\) .*/\1/p")
		"$f" fioverdict "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' _ "$@" 2>"$TMP/comp.err" | sort | tr '\n' ' ' | sed 's/ $//'
}
# expect_completion "LINE" "WANT": LINE's last word, as typed, completes to WANT.
expect_completion() {
	local got
	read -r -a words <<<"$1"
	[[ $1 == *" " ]] && words+=("")
	got=$(complete_line "${words[@]}")
	[ "$got" = "$2" ] && ok "complete '$1' -> $2" || ko "complete '$1': '$got', want '$2' $(cat "$TMP/comp.err")"
}
if [ ! -f /usr/share/bash-completion/bash_completion ]; then
	ko "bash-completion is not installed: run ci/setup.sh package"
else
	user XDG_DATA_DIRS="$P/share" bash -c '. /usr/share/bash-completion/bash_completion; _completion_loader fioverdict; complete -p fioverdict' >"$TMP/out" 2>&1
	grep -q -- '-F _fioverdict' "$TMP/out" && ok "bash-completion loads the installed completion lazily" || ko "not loaded: $(cat "$TMP/out")"
	expect_completion "fioverdict " "--help --version capture catalog compare diff history hosts latency matrix recommend replay report run scaling summary sweep timeline verdict"
	expect_completion "fioverdict s" "scaling summary sweep"
	expect_completion "fioverdict run --ta" "--tables --target"
	expect_completion "fioverdict run pla" "placement"
	expect_completion "fioverdict run d" "database diskspd durability"
	expect_completion "fioverdict compare --format " "csv json junit md text"
	expect_completion "fioverdict compare --format = j" "json junit"
	expect_completion "fioverdict verdict --fail-on flush-noop,ca" "flush-noop,cache-suspect flush-noop,cache-unverified flush-noop,cannot-tell flush-noop,capped"
	expect_completion "fioverdict run --tables summary,s" "summary,scaling summary,sku summary,summary summary,sweep"
	expect_completion "fioverdict catalog " "import list show"
	expect_completion "fioverdict matrix --metric bw,i" "bw,iops"
	expect_completion "fioverdict latency --o" "--of --output"
	expect_completion "fioverdict report -f" ""
	# Every value it offers is one the program takes (64 is a usage error).
	complete_line fioverdict verdict --fail-on "" >"$TMP/verdicts"
	bad=
	for v in $(cat "$TMP/verdicts"); do
		alone fioverdict verdict -q --fail-on "$v" /dev/null >/dev/null 2>&1
		[ $? -ne 64 ] || bad="$bad $v"
	done
	[ -z "$bad" ] && ok "--fail-on: fioverdict takes the $(wc -w <"$TMP/verdicts") verdicts offered" || ko "--fail-on refuses:$bad"
	names=$(sed -n 's/^\t\[FV_V_[A-Z_]*\] = { "\([a-z-]*\)",.*/\1/p' postproc/verdict/options.c | sort | tr '\n' ' ' | sed 's/ $//')
	[ "$(cat "$TMP/verdicts")" = "$names" ] && ok "--fail-on offers every verdict of postproc/verdict/options.c" ||
		ko "--fail-on offers '$(cat "$TMP/verdicts")', the program has '$names'"
	bad=
	for t in $(complete_line fioverdict run --tables ""); do
		alone fioverdict run --list --tables "$t" >/dev/null 2>&1 || bad="$bad $t"
	done
	[ -z "$bad" ] && ok "--tables: every table offered is taken" || ko "--tables refuses:$bad"
	for f in $(complete_line fioverdict summary --format ""); do
		alone fioverdict summary -q --format "$f" /dev/null >/dev/null 2>&1
		[ $? -ne 64 ] || bad="$bad $f"
	done
	[ -z "$bad" ] && ok "--format: every format offered is taken" || ko "--format refuses:$bad"
fi

# 4. Another PREFIX: the program finds its companions all the same.
ROOT2=$OUT/root2
check_out "make install PREFIX=/opt/fv" $MAKE --no-print-directory install DESTDIR="$ROOT2" PREFIX=/opt/fv
check_out "run durability --check under /opt/fv" env -i -C "$OUT/elsewhere" PATH="$ROOT2/opt/fv/bin:$OUT/fio-only" \
	fioverdict run durability --label inst --target "$OUT/elsewhere/t.dat" --check
grep -qF "engine external:$ROOT2/opt/fv/lib/fioverdict/uring_durable.so," "$TMP/out" &&
	ok "PREFIX=/opt/fv: the engine beside it" || ko "PREFIX=/opt/fv: $(cat "$TMP/out")"

# 5. make uninstall: nothing of ours is left; a job file of the user's
# own stays, with its directory.
check_out "make uninstall PREFIX=/opt/fv" $MAKE --no-print-directory uninstall DESTDIR="$ROOT2" PREFIX=/opt/fv
left=$(find "$ROOT2" -type f)
[ -z "$left" ] && [ ! -e "$ROOT2/opt/fv/lib/fioverdict" ] && [ ! -e "$ROOT2/opt/fv/share/fioverdict" ] &&
	[ ! -e "$ROOT2/opt/fv/share/doc/fioverdict" ] && ok "uninstall: no file left, our directories gone" ||
	ko "uninstall left: $left $(cd "$ROOT2" && find . -path '*fioverdict*')"
echo "; mine" >"$P/share/fioverdict/jobfiles/mine.fio"
check_out "make uninstall PREFIX=/usr/local" $MAKE --no-print-directory uninstall DESTDIR="$ROOT" PREFIX=/usr/local
left=$(cd "$ROOT" && find . -type f | sort | tr '\n' ' ')
[ "$left" = "./usr/local/share/fioverdict/jobfiles/mine.fio " ] && ok "uninstall keeps the user's own job file" ||
	ko "after uninstall: $left"

summary install

#!/bin/bash
# check-man: the engines' man pages against the engines themselves, so
# that they cannot drift, and every man page through man's own warnings.
#
# For each engine: every option `fio --enghelp=ENGINE.so` lists has a
# ".BI NAME" paragraph in ENGINE.7, and the page documents no other; each
# value fio accepts for a string option is named in its paragraph; a
# default fio reports is written "Default: VALUE" there. Each check first
# runs on a copy of the page with a fault planted, which it must catch.
# Then groff's warnings (as lintian runs man), the version in .TH, and a
# NAME section that whatis and apropos read.
#
# Env: FV_ENGINES (the engines' directory), FV_BIN (fioverdict).
# Ends with "man: N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
CHECK_FORM=short
. tests/lib/check.sh
FV_ENGINES=${FV_ENGINES:-build/engines}
FV_BIN=${FV_BIN:-build/postproc/fioverdict}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# What fio says of an engine, asked once, into FILE: one line per option,
# "NAME<TAB>DEFAULT<TAB> VALUE VALUE..." (from fio --enghelp=SO,NAME).
ask_fio() { # SO FILE
	local o
	fio --enghelp="$1" | awk -F: 'NF > 1 { gsub(/ /, "", $1); print $1 }' |
		while read -r o; do
			fio --enghelp="$1,$o" 2>&1 | awk -v o="$o" '
				/^ *default: / { sub(/^ *default: /, ""); def = $0 }
				/^ *(valid values)?: / { sub(/^[^:]*: /, ""); vals = vals " " $1 }
				END { if (def == "no default") def = ""
				      printf "%s\t%s\t%s\n", o, def, vals }'
		done >"$2"
}

# Prints what PAGE gets wrong about the engine FACTS describes, one
# problem a line; nothing when the page is right.
problems() { # PAGE FACTS
	awk -F'\t' '
		FNR == NR { want[$1] = 1; def[$1] = $2; vals[$1] = $3; next }
		# the page: a paragraph runs from ".BI NAME" to the next .TP,
		# .SS or .SH outside an .RS block (the values of a string option)
		{ split($0, w, " ") }
		w[1] == ".BI" && w[2] ~ /^[a-z_0-9]+$/ { cur = w[2]; depth = 0; seen[cur] = 1; next }
		cur != "" && w[1] == ".RS" { depth++ }
		cur != "" && w[1] == ".RE" { depth-- }
		cur != "" && depth == 0 && (w[1] == ".TP" || w[1] == ".SS" || w[1] == ".SH") { cur = "" }
		cur != "" {
			line = $0
			gsub(/\\f[BIRP]/, "", line)
			gsub(/\\-/, "-", line)
			text[cur] = text[cur] " " line " "
		}
		END {
			for (o in want) {
				if (!seen[o]) { print "not documented: " o; continue }
				if (def[o] != "" && index(text[o], "Default: " def[o]) == 0)
					printf "%s: fio says default %s, the page does not say \"Default: %s\"\n", o, def[o], def[o]
				n = split(vals[o], v, " ")
				for (i = 1; i <= n; i++)
					if (text[o] !~ ("[^a-z0-9_-]" v[i] "[^a-z0-9_-]"))
						print o ": value " v[i] " not named"
			}
			for (o in seen)
				if (!want[o]) print "not an option of the engine: " o
		}' "$2" "$1" | sort
}

# caught FAULT PROBLEM SED: the engine's page edited by SED (a planted
# fault) must make problems() say PROBLEM.
caught() {
	sed "$3" "$page" >"$TMP/planted.7"
	problems "$TMP/planted.7" "$facts" | grep -q "$2" &&
		ok "$engine: $1 is caught" || ko "$engine: $1 is not caught"
}

for engine in uring_durable nvme_pt; do
	page="engines/$engine.7"
	facts="$TMP/fio-$engine"
	ask_fio "$FV_ENGINES/$engine.so" "$facts"
	n=$(wc -l <"$facts")
	if [ "$n" -lt 10 ]; then
		ko "$engine: fio --enghelp listed $n options"
		continue
	fi
	# Planted faults first: each must be caught.
	first=$(head -1 "$facts" | cut -f1)
	caught "a removed option ($first)" "not documented: $first" \
		"/^\.BI $first\$/,/^\.TP/d"
	caught "a misspelt option" "not an option of the engine: acounting" \
		's/^\.BI accounting /.BI acounting /'
	caught "a wrong default" "sync_mode: fio says default asked" \
		's/Default: asked\./Default: linked./'
	caught "a missing value" "write_mode: value dsync not named" \
		's/\\fBdsync\\fR/\\fBsync\\fR/; s/^\.B dsync$/.B sync/'
	# The page itself.
	problems "$page" "$facts" >"$TMP/problems"
	if [ -s "$TMP/problems" ]; then
		ko "$page against fio --enghelp=$FV_ENGINES/$engine.so:"
		sed 's/^/     /' "$TMP/problems"
	else
		ok "$page documents the $n options fio lists for $engine, their values and defaults"
	fi
done

# groff's warnings, as lintian asks man for them; a planted fault first.
warnings() { LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$1" 2>&1 >/dev/null; }
printf '.TH X 1\n.SH NAME\nx \\- y\n.XX bogus\n\\fBunclosed \\*(zz\n' >"$TMP/bad.1"
[ -n "$(warnings "$TMP/bad.1")" ] && ok "man --warnings reports a broken page" || ko "a broken page passed man --warnings"
printf '.TH X 1\n.SH DESCRIPTION\nno name section\n' >"$TMP/noname.1"
lexgrog "$TMP/noname.1" >/dev/null 2>&1 && ko "lexgrog read a page without NAME" || ok "lexgrog refuses a page without NAME"
version=$("$FV_BIN" --version | awk '{print $2}')
for page in postproc/fioverdict.1 engines/uring_durable.7 engines/nvme_pt.7; do
	w=$(warnings "$page")
	[ -z "$w" ] && ok "$page: no groff warning" || ko "$page: $w"
	grep -q "^\.TH .* \"fioverdict $version\"" "$page" && ok "$page: version $version" ||
		ko "$page: .TH does not say fioverdict $version"
	lexgrog "$page" >/dev/null 2>&1 && ok "$page: a NAME line whatis and apropos read" || ko "$page: lexgrog cannot parse its NAME"
done

summary man

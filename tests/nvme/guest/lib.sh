# Helpers shared by the guest scripts (sourced).

# One machine-readable line per check; the host parses these.
result() { # NAME PASS|FAIL DETAIL...
	name=$1 verdict=$2
	shift 2
	echo "FVNVME RESULT $name $verdict $*"
}

# A top-level key of a stats file (keys are unique there, 2-space JSON).
jget() { # FILE KEY
	grep -o "\"$2\": *[^,}]*" "$1" 2>/dev/null | head -n 1 |
		sed 's/^[^:]*: *//; s/"//g'
}

# Compares stats file values: expect FILE KEY=VALUE...; prints mismatches.
expect() {
	f=$1
	shift
	bad=
	for kv in "$@"; do
		k=${kv%%=*} v=${kv#*=}
		got=$(jget "$f" "$k")
		[ "$got" = "$v" ] || bad="$bad $k=$got(want $v)"
	done
	echo "$bad"
}

# Runs fio, output in /tmp/NAME.out; returns fio's exit code.
run_fio() { # NAME ARGS...
	n=$1
	shift
	fio "$@" >"/tmp/$n.out" 2>&1
	rc=$?
	return $rc
}

# The flushes a stats file counts on namespace NSID, for the host's
# cross-check with the controller's own trace of NVMe Flush commands.
report_flushes() { # FILE NSID
	echo "FVNVME FLUSHES $2 $(($(jget "$1" fsyncs) + $(jget "$1" fdatasyncs)))"
}

# The tail of an output, on one line, for a FAIL's detail.
why() { # FILE
	tail -n 4 "$1" | tr '\n' '|' | cut -c 1-400
}

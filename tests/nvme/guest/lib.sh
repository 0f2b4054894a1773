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

# Runs fio, output in /tmp/NAME.out; returns fio's exit code.
run_fio() { # NAME ARGS...
	n=$1
	shift
	fio "$@" >"/tmp/$n.out" 2>&1
	rc=$?
	return $rc
}

# The flushes a stats file counts, for the host's cross-check with the
# controller's own trace of NVMe Flush commands.
report_flushes() { # FILE
	echo "FVNVME FLUSHES $(($(jget "$1" fsyncs) + $(jget "$1" fdatasyncs)))"
}

# The tail of an output, on one line, for a FAIL's detail.
why() { # FILE
	tail -n 4 "$1" | tr '\n' '|' | cut -c 1-400
}

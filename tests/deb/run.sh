#!/bin/bash
# check-deb: the package `make deb` built. lintian finds nothing in it
# (and finds a fault planted in a copy); its name, version and Depends
# (the exact fio its engines were built against); then it is installed
# with dpkg into this system (root: CI machines are throwaway) and used as
# a user would, from a directory outside the tree with PATH=/usr/bin:/bin:
# run --check with the installed engine and job file, fio doing I/O with
# the installed engine, man -w, bash completion; then removed and purged,
# and the files under /usr, /etc, /opt and dpkg's database compared with
# what was there before: nothing may be left.
#
# Env: FV_DEB (the .deb; the .changes beside it is checked too).
# Ends with "deb: N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
DEB=${FV_DEB:?FV_DEB: the .deb to check}
CHANGES=${DEB%.deb}.changes
CHECK_FORM=short
. tests/lib/check.sh
TMP=$(mktemp -d "${TMPDIR:-/tmp}/fioverdict-deb.XXXXXX")
installed=0
cleanup() {
	[ "$installed" -eq 0 ] || dpkg --purge fioverdict >/dev/null 2>&1
	rm -rf "$TMP"
}
trap cleanup EXIT
finish() {
	summary deb
	exit
}

if [ ! -f "$DEB" ]; then
	ko "no package $DEB: run make deb"
	finish
fi
if [ "$(id -u)" -ne 0 ]; then
	ko "check-deb installs the package into this system with dpkg: run it as root (make check does so on a throwaway CI machine)"
	finish
fi

# 1. lintian: nothing on the .changes: the source package, the package,
# its debug symbols (debian/source/lintian-overrides says why its one
# overridden tag, on long Markdown and CSV lines).
# A copy without its copyright file first: lintian must say so.
mkdir "$TMP/bad"
dpkg-deb -R "$DEB" "$TMP/bad/tree"
rm "$TMP/bad/tree/usr/share/doc/fioverdict/copyright"
dpkg-deb -b "$TMP/bad/tree" "$TMP/bad/bad.deb" >/dev/null
lintian "$TMP/bad/bad.deb" 2>/dev/null | grep -q 'E: fioverdict: no-copyright-file' &&
	ok "lintian catches a package without its copyright file" || ko "lintian missed a planted fault"
lintian --fail-on error,warning,info,pedantic --pedantic -I -E "$CHANGES" >"$TMP/lintian" 2>&1
st=$?
grep -v 'running with root privileges' "$TMP/lintian" >"$TMP/tags"
if [ $st -eq 0 ] && [ ! -s "$TMP/tags" ] && grep -q '\.dsc$' "$CHANGES"; then
	ok "lintian --pedantic -I -E: no tag on $(basename "$CHANGES"): the source, the package, its debug symbols"
else
	ko "lintian (exit $st):"
	sed 's/^/     /' "$TMP/tags"
fi

# 2. What the package says of itself.
fio_version=$(dpkg-query -W -f='${Version}' fio)
fv_version=$(sed -n 's/^#define FV_VERSION "\(.*\)"$/\1/p' postproc/util/version.h)
arch=$(dpkg --print-architecture)
[ "$(basename "$DEB")" = "fioverdict_${fv_version}_$arch.deb" ] &&
	ok "named fioverdict_${fv_version}_$arch.deb (FV_VERSION)" || ko "name $(basename "$DEB"), version $fv_version"
[ "$(dpkg-deb -f "$DEB" Version)" = "$fv_version" ] && ok "Version: $fv_version" || ko "Version: $(dpkg-deb -f "$DEB" Version)"
depends=$(dpkg-deb -f "$DEB" Depends)
grep -qF "fio (= $fio_version)" <<<"$depends" && ok "Depends pins fio (= $fio_version), the fio the engines were built for" ||
	ko "Depends: $depends (want fio (= $fio_version))"

# 3. Installed with dpkg, with a list of the system's files before.
if dpkg-query -W -f='${Status}' fioverdict 2>/dev/null | grep -q 'installed$'; then
	ko "fioverdict is installed already (dpkg -l fioverdict): purge it before this test"
	finish
fi
snapshot() { # FILE: every path under the places a package can touch
	find /usr /etc /opt /var/lib/dpkg/info -xdev 2>/dev/null | sort >"$1"
}
snapshot "$TMP/before"
if dpkg -i "$DEB" >"$TMP/dpkg.log" 2>&1; then
	installed=1
	ok "dpkg -i $(basename "$DEB")"
else
	ko "dpkg -i: $(tail -5 "$TMP/dpkg.log")"
	finish
fi

# 4. Used as a user would: PATH=/usr/bin:/bin, a directory of its own.
mkdir "$TMP/home"
user() { env -i -C "$TMP/home" HOME="$TMP/home" LANG=C.UTF-8 PATH=/usr/bin:/bin "$@"; }
[ "$(user sh -c 'command -v fioverdict')" = /usr/bin/fioverdict ] && ok "fioverdict is /usr/bin/fioverdict" || ko "fioverdict on PATH: $(user sh -c 'command -v fioverdict')"
user fioverdict run placement --quick --label deb --target "$TMP/home/t.dat" --check >"$TMP/out" 2>&1
st=$?
[ $st -eq 0 ] && grep -qF "job file /usr/share/fioverdict/jobfiles/placement.fio," "$TMP/out" &&
	grep -qF "engine external:/usr/lib/fioverdict/uring_durable.so," "$TMP/out" &&
	ok "run placement --check: the installed job file and engine" || ko "run --check (exit $st): $(cat "$TMP/out")"
user fioverdict recommend --need iops=5000 --region westeurope >"$TMP/out" 2>&1
st=$?
[ $st -eq 0 ] && [ -f /usr/share/fioverdict/catalog/azure.csv ] &&
	grep -Eq '^azure:P30 +yes .* 20[0-9]{2}-[0-9]{2}-[0-9]{2}$' "$TMP/out" &&
	ok "recommend: the installed catalog and prices (/usr/share/fioverdict/catalog)" || ko "recommend (exit $st): $(head -5 "$TMP/out")"
mkdir -p "$TMP/home/res" && cp tests/postproc/fixtures/diskspd/*.xml "$TMP/home/res/"
user fioverdict report -q --interactive res -o page.html >"$TMP/out" 2>&1
st=$?
[ $st -eq 0 ] && [ -f /usr/share/fioverdict/fioverdict.html ] &&
	cmp -s -n 4096 /usr/share/fioverdict/fioverdict.html "$TMP/home/page.html" &&
	grep -q 'class="fv-input" data-path="res/' "$TMP/home/page.html" &&
	ok "report --interactive: the installed browser's page (/usr/share/fioverdict), the inputs inside" ||
	ko "report --interactive (exit $st): $(head -3 "$TMP/out")"
user fio --name=deb --filename="$TMP/home/t.dat" --size=4m --rw=randwrite --bs=4k --fsync=4 \
	--ioengine=external:/usr/lib/fioverdict/uring_durable.so --output-format=json >"$TMP/fio.json" 2>"$TMP/fio.err"
st=$?
# 1024 writes of 4 KiB, a sync every 4 (fio 3.33 sends none after the last)
[ $st -eq 0 ] && [ -f "$TMP/home/deb_durability.1.json" ] &&
	grep -q '"writes": 1024,' "$TMP/home/deb_durability.1.json" &&
	grep -Eq '"fsyncs": 25[56],' "$TMP/home/deb_durability.1.json" &&
	ok "fio writes through the installed engine: its stats file has 1024 writes, 255 fsyncs" ||
	ko "fio with the installed engine (exit $st): $(cat "$TMP/fio.err")"
for page in fioverdict:man1/fioverdict.1.gz uring_durable:man7/uring_durable.7.gz nvme_pt:man7/nvme_pt.7.gz; do
	got=$(user man -w "${page%%:*}" 2>&1)
	[ "$got" = "/usr/share/man/${page#*:}" ] && ok "man -w ${page%%:*}: $got" || ko "man -w ${page%%:*}: $got"
done
user MANPAGER=cat MANWIDTH=80 man uring_durable 2>/dev/null | grep -q '^STATS FILE' &&
	ok "man uring_durable shows its STATS FILE section" || ko "man uring_durable did not render"
user bash -c '. /usr/share/bash-completion/bash_completion
	_completion_loader fioverdict
	COMP_WORDS=(fioverdict run pla); COMP_CWORD=2
	_fioverdict fioverdict pla run; echo "${COMPREPLY[*]}"' >"$TMP/out" 2>&1
[ "$(cat "$TMP/out")" = placement ] && ok "bash completion: 'fioverdict run pla' -> placement" ||
	ko "bash completion: $(cat "$TMP/out")"

# 5. Removed, then purged: nothing left behind.
files=$(dpkg -L fioverdict)
dpkg -r fioverdict >"$TMP/dpkg.log" 2>&1 && ok "dpkg -r fioverdict" || ko "dpkg -r: $(tail -5 "$TMP/dpkg.log")"
dpkg -P fioverdict >"$TMP/dpkg.log" 2>&1 && installed=0 && ok "dpkg -P fioverdict" || ko "dpkg -P: $(tail -5 "$TMP/dpkg.log")"
dpkg-query -W -f='${Status}' fioverdict 2>/dev/null | grep -q 'installed' &&
	ko "dpkg still knows fioverdict: $(dpkg-query -W -f='${Status}' fioverdict)" || ok "dpkg no longer knows fioverdict"
snapshot "$TMP/after"
if diff "$TMP/before" "$TMP/after" >"$TMP/diff"; then
	ok "nothing left behind: $(wc -l <"$TMP/after") paths under /usr /etc /opt /var/lib/dpkg/info as before"
else
	ko "the system changed (< before, > after):"
	sed 's/^/     /' "$TMP/diff" | head -20
fi
[ "$(wc -l <<<"$files")" -ge 15 ] && ok "the check covered the $(wc -l <<<"$files") paths the package had" || ko "dpkg -L listed: $files"

finish

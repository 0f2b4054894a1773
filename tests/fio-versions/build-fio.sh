#!/bin/bash
# Builds one upstream fio from its release tarball into DEST/fio-X (once):
# the fio binary and the configured tree the engines compile against.
#
# Usage: tests/fio-versions/build-fio.sh TARBALL_DIR VERSION DEST
# Prints the tree's path.
set -euo pipefail

tarballs=${1:?usage: build-fio.sh TARBALL_DIR VERSION DEST}
v=${2:?usage: build-fio.sh TARBALL_DIR VERSION DEST}
dest=${3:?usage: build-fio.sh TARBALL_DIR VERSION DEST}
tree="$dest/fio-$v"

if [ -x "$tree/fio" ] && [ -f "$tree/.built" ]; then
	echo "$tree"
	exit 0
fi
[ -f "$tarballs/fio-$v.tar.gz" ] || {
	echo "build-fio: no $tarballs/fio-$v.tar.gz" >&2
	exit 1
}
mkdir -p "$dest"
work=$(mktemp -d "$dest/.unpack.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarballs/fio-$v.tar.gz" -C "$work"
top=$(find "$work" -mindepth 1 -maxdepth 1 -type d)
rm -rf "$tree"
mv "$top" "$tree"
echo "build-fio: building fio $v in $tree" >&2
(cd "$tree" && ./configure --disable-native >configure.log 2>&1) || {
	echo "build-fio: ./configure failed: see $tree/configure.log" >&2
	exit 1
}
(cd "$tree" && make -j"$(nproc)" fio >make.log 2>&1) || {
	echo "build-fio: make failed: see $tree/make.log" >&2
	tail -n 5 "$tree/make.log" >&2
	exit 1
}
touch "$tree/.built"
echo "$tree"

#!/bin/bash
# Builds the guest's initramfs: busybox, the kernel's NVMe modules in
# dependency order, fio and every library it and our engines load, the
# engines, the test programs, the job files and the guest scripts.
#
# Usage: mkinitramfs.sh OUT.cpio KVER ENGINES_DIR NVME_BUILD_DIR
set -euo pipefail

out=$1 kver=$2 engines=$3 nbuild=$4
here=$(cd "$(dirname "$0")" && pwd)
root=$nbuild/root

rm -rf "$root"
mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,lib/modules,fv,etc}

# busybox provides /bin/sh and the tools the guest scripts use
cp /bin/busybox "$root/bin/busybox"
for a in $(/bin/busybox --list); do
	[ -e "$root/bin/$a" ] || ln -s busybox "$root/bin/$a"
done

# The NVMe modules, in the order modprobe would load them; insmod (from
# busybox) cannot resolve dependencies, so the order is written down.
: >"$root/lib/modules/load-order"
modprobe -S "$kver" --show-depends nvme | while read -r cmd path _; do
	[ "$cmd" = insmod ] || continue
	name=$(basename "$path")
	case "$name" in
	*.ko.xz) xz -dc "$path" >"$root/lib/modules/${name%.xz}"; name=${name%.xz} ;;
	*.ko.zst) zstd -qdc "$path" >"$root/lib/modules/${name%.zst}"; name=${name%.zst} ;;
	*) cp "$path" "$root/lib/modules/$name" ;;
	esac
	grep -qx "$name" "$root/lib/modules/load-order" ||
		echo "$name" >>"$root/lib/modules/load-order"
done

# A binary and the libraries ldd says it needs, at the same paths.
copy_with_libs() {
	local f=$1 dest=$2 lib
	install -D -m 0755 "$f" "$root$dest"
	for lib in $(ldd "$f" | awk '/=>/ { print $3 } /^\t\// { print $1 }'); do
		[ -e "$root$lib" ] || install -D -m 0755 "$lib" "$root$lib"
	done
}

copy_with_libs /usr/bin/fio /usr/bin/fio
for so in "$engines"/nvme_pt.so "$engines"/uring_durable.so; do
	copy_with_libs "$so" "/fv/$(basename "$so")"
done
copy_with_libs "$nbuild/nvme_reject" /fv/nvme_reject

cp "$here"/jobs/*.fio "$root/fv/"
install -m 0755 "$here/guest/init" "$root/init"
install -m 0755 "$here"/guest/*.sh "$root/fv/"

(cd "$root" && find . -print0 | cpio --null -o -H newc --quiet) >"$out"

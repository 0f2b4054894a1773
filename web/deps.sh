#!/bin/bash
# The libraries fioverdict links, built for wasm32-wasi from the Debian
# source packages of the versions installed here (the same code the native
# build links): jansson, expat, zlib. Debian ships none of them for wasm.
#
# Usage: web/deps.sh OUT   (installs OUT/include, OUT/lib, then OUT/.done)
# Env: CC_WASM (clang with wasm32-wasi support), AR_WASM, RANLIB_WASM.
#
# The sources come through apt with a source list of this build's own
# (OUT/apt), made from the system's, so the system's apt setup is not
# touched. A version the archive does not serve (a security update
# superseded, or not mirrored) falls back to the newest other version it
# lists, the other stable suite's among them.
set -euo pipefail
OUT=$(realpath -m "$1")
CC_WASM=${CC_WASM:-clang}
AR_WASM=${AR_WASM:-llvm-ar}
RANLIB_WASM=${RANLIB_WASM:-llvm-ranlib}
rm -f "$OUT/.done"
mkdir -p "$OUT"/{apt/cache/archives/partial,src,include,lib}

die() { echo "web/deps.sh: $*" >&2; exit 1; }

# deb-src lines for every deb line the system has (one-line and deb822).
sources() {
	{
		for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
			[ -f "$f" ] && awk '$1 == "deb" { $1 = "deb-src"; print }' "$f"
		done
		for f in /etc/apt/sources.list.d/*.sources; do
			[ -f "$f" ] || continue
			awk 'BEGIN { RS = ""; FS = "\n" }
			{ types = ""; uris = ""; suites = ""; comps = ""; key = ""
			  for (i = 1; i <= NF; i++) {
				split($i, kv, ": ")
				if (kv[1] == "Types") types = kv[2]
				if (kv[1] == "URIs") uris = kv[2]
				if (kv[1] == "Suites") suites = kv[2]
				if (kv[1] == "Components") comps = kv[2]
				if (kv[1] == "Signed-By") key = kv[2]
			  }
			  if (types !~ /deb/) next
			  n = split(suites, s, " ")
			  for (j = 1; j <= n; j++)
				printf "deb-src [signed-by=%s] %s %s %s\n", key, uris, s[j], comps
			}' "$f"
		done
	} | sed 's/\[signed-by=\] //' | sort -u
}

# A mirror may list a source it does not serve (a security update's, not
# yet mirrored): the archive's other stable suite beside each suite of
# this machine's, the fallback (Debian 12 and 13: one of them is this
# machine's own).
siblings() {
	awk '{ for (i = 2; i <= NF; i++) if ($i !~ /^\[/) break
	       uri = i; suite = i + 1
	       if ($suite ~ /-/) next
	       split("bookworm trixie", names, " ")
	       for (k in names) {
		   if (names[k] == $suite) continue
		   line = $0; sub(" " $suite " ", " " names[k] " ", line); print line
	       } }'
}

# apt on a source list of this build's own: NAME, the lists' folder.
apt_of() {
	local name=$1
	mkdir -p "$OUT/apt/$name/lists/partial"
	printf '%s\n' -o "Dir::Etc::SourceList=$OUT/apt/$name.list" -o Dir::Etc::SourceParts=- \
		-o "Dir::State::Lists=$OUT/apt/$name/lists" -o "Dir::Cache=$OUT/apt/cache" \
		-o Debug::NoLocking=1
}
mapfile -t OWN < <(apt_of own)
mapfile -t OTHER < <(apt_of other)
sources >"$OUT/apt/own.list"
[ -s "$OUT/apt/own.list" ] || die "no deb line in /etc/apt to take sources from"
siblings <"$OUT/apt/own.list" | sort -u >"$OUT/apt/other.list"
apt-get "${OWN[@]}" -q update >"$OUT/apt/update.log" 2>&1 ||
	die "apt-get update of the source lists failed: see $OUT/apt/update.log"
other_ready=false

# Versions of PKG's source through the apt options given, newest first.
versions() {
	local pkg=$1
	shift
	apt-cache "$@" showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -u | sort -r -V
}

# Downloads and unpacks PKG=V through the apt options given: 0 or 1.
unpack() {
	local pkg=$1 v=$2
	shift 2
	(cd "$OUT/src/dl" && apt-get "$@" -q source --download-only "$pkg=$v" \
		>>"$OUT/src/$pkg.log" 2>&1) || return 1
	(cd "$OUT/src/dl" && dpkg-source -q -x ./*.dsc "$OUT/src/$pkg") >>"$OUT/src/$pkg.log" 2>&1 ||
		die "dpkg-source could not unpack $pkg $v: see $OUT/src/$pkg.log"
	echo "$pkg $v" >>"$OUT/versions"
	rm -rf "$OUT/src/dl"
}

# PKG: its source unpacked in $OUT/src/PKG: the installed version first,
# then the newest of this machine's suites, then of the other suite's.
fetch() {
	local pkg=$1 want v
	want=$(dpkg-query -W -f='${source:Version}' "$2" 2>/dev/null || true)
	rm -rf "$OUT/src/$pkg" "$OUT/src/dl" && mkdir -p "$OUT/src/dl"
	for v in $want $(versions "$pkg" "${OWN[@]}"); do
		unpack "$pkg" "$v" "${OWN[@]}" && return 0
	done
	if ! $other_ready; then
		apt-get "${OTHER[@]}" -q update >>"$OUT/apt/update.log" 2>&1 ||
			die "apt-get update of the other suite's source lists failed: see $OUT/apt/update.log"
		other_ready=true
	fi
	for v in $(versions "$pkg" "${OTHER[@]}"); do
		unpack "$pkg" "$v" "${OTHER[@]}" && return 0
	done
	die "no version of the source package $pkg could be downloaded: see $OUT/src/$pkg.log"
}

: >"$OUT/versions"
fetch jansson libjansson-dev
fetch expat libexpat1-dev
fetch zlib zlib1g-dev

CFLAGS_WASM="--target=wasm32-wasi -O2 -D_WASI_EMULATED_GETPID"
cat >"$OUT/toolchain.cmake" <<TC
set(CMAKE_SYSTEM_NAME WASI)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER $CC_WASM)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_AR $(command -v "$AR_WASM"))
set(CMAKE_RANLIB $(command -v "$RANLIB_WASM"))
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS "$CFLAGS_WASM")
TC
cmake_lib() { # NAME SRCDIR [CMAKE ARGS...]
	local name=$1 src=$2
	shift 2
	cmake -S "$src" -B "$OUT/src/$name-build" -DCMAKE_TOOLCHAIN_FILE="$OUT/toolchain.cmake" \
		-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$OUT" -DBUILD_SHARED_LIBS=OFF "$@" \
		>"$OUT/src/$name-build.log" 2>&1 &&
		# Debian builds expat with autotools, whose config says
		# "#define XML_DTD 1"; CMake's leaves it empty, which Debian's
		# security patches (#if XML_DTD == 1) do not compile with.
		find "$OUT/src/$name-build" -maxdepth 1 -name expat_config.h \
			-exec sed -i -E 's/^#define (XML_[A-Z_]+)$/#define \1 1/' {} + &&
		cmake --build "$OUT/src/$name-build" -j"$(nproc)" >>"$OUT/src/$name-build.log" 2>&1 &&
		cmake --install "$OUT/src/$name-build" >>"$OUT/src/$name-build.log" 2>&1 ||
		die "$name did not build for wasm32-wasi: see $OUT/src/$name-build.log"
}
cmake_lib jansson "$OUT/src/jansson" -DJANSSON_BUILD_DOCS=OFF -DJANSSON_WITHOUT_TESTS=ON \
	-DJANSSON_EXAMPLES=OFF -DJANSSON_BUILD_SHARED_LIBS=OFF
cmake_lib expat "$OUT/src/expat/expat" -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF \
	-DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF -DEXPAT_SHARED_LIBS=OFF -DEXPAT_BUILD_PKGCONFIG=OFF
(cd "$OUT/src/zlib" && CC="$CC_WASM" CFLAGS="$CFLAGS_WASM" AR="$AR_WASM" RANLIB="$RANLIB_WASM" \
	CHOST=wasm32 ./configure --static --prefix="$OUT" >"$OUT/src/zlib-build.log" 2>&1 &&
	make -j"$(nproc)" libz.a >>"$OUT/src/zlib-build.log" 2>&1 &&
	cp libz.a "$OUT/lib/" && cp zlib.h zconf.h "$OUT/include/") ||
	die "zlib did not build for wasm32-wasi: see $OUT/src/zlib-build.log"
touch "$OUT/.done"

#!/bin/bash
# The page of make web, one self-contained file: web/page.html with, at
# its <!--FV_EMBED--> line, the catalog's files and the module (gzip,
# then base64: the page inflates it with the browser's own
# DecompressionStream) as inert <script> data, and web/wasi.js.
#
# Usage: web/bundle.sh PAGE WASI_JS MODULE CATALOG_DIR VERSION > OUT.html
set -euo pipefail
page=$1 wasi_js=$2 module=$3 catalog=$4 version=$5
embed() {
	find "$catalog" -type f -name '*.csv' | LC_ALL=C sort | while read -r f; do
		printf '<script type="application/octet-stream" class="fv-file" data-path="%s">' \
			"${f#"$catalog"/}"
		base64 -w0 "$f"
		printf '</script>\n'
	done
	printf '<script type="application/octet-stream" id="fv-wasm" data-encoding="gzip">'
	gzip -9nc "$module" | base64 -w0
	printf '</script>\n<script>\n'
	cat "$wasi_js"
	printf '</script>\n'
}
grep -q '^<!--FV_EMBED-->$' "$page" || { echo "web/bundle.sh: no <!--FV_EMBED--> line in $page" >&2; exit 1; }
sed -n '1,/^<!--FV_EMBED-->$/p' "$page" | sed '$d' | sed "s/@VERSION@/$version/g"
embed
sed -n '/^<!--FV_EMBED-->$/,$p' "$page" | sed '1d'

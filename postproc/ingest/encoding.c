/* SPDX-License-Identifier: MIT */
/*
 * Text encodings Windows tools write: PowerShell's Out-File (UTF-8 with a
 * BOM in 5.1, UTF-16LE with a BOM for '>'), CrystalDiskMark's UTF-16LE.
 * iconv (glibc) converts; line ends (CRLF or LF) are each reader's.
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include "readers.h"

bool fv_text_has_bom(const char *buf, size_t len)
{
	const unsigned char *u = (const unsigned char *) buf;

	return (len >= 2 && ((u[0] == 0xff && u[1] == 0xfe) ||
			     (u[0] == 0xfe && u[1] == 0xff))) ||
	       (len >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf);
}

static int from_utf16(const char *buf, size_t len, const char *code,
		      char **conv, size_t *outlen)
{
	iconv_t cd = iconv_open("UTF-8", code);
	size_t cap = len * 2 + 4, left = cap - 1, inleft = len & ~(size_t) 1;
	char *in = (char *) buf, *out;
	int ret = 0;

	if (cd == (iconv_t) -1)
		return -errno;
	*conv = malloc(cap);
	if (!*conv) {
		iconv_close(cd);
		return -ENOMEM;
	}
	out = *conv;
	/* UTF-16 to UTF-8: at most 3 bytes out for 2 in, so cap suffices. */
	if (iconv(cd, &in, &inleft, &out, &left) == (size_t) -1)
		ret = -EILSEQ;
	iconv_close(cd);
	*out = '\0';
	*outlen = (size_t) (out - *conv);
	if (ret) {
		free(*conv);
		*conv = NULL;
	}
	return ret;
}

int fv_text_utf8(const char *buf, size_t len, char **conv, const char **out,
		 size_t *outlen)
{
	const unsigned char *u = (const unsigned char *) buf;
	int ret;

	*conv = NULL;
	*out = buf;
	*outlen = len;
	if (len >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) {
		*out = buf + 3;
		*outlen = len - 3;
		return 0;
	}
	if (len < 2 ||
	    !((u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff)))
		return 0;
	ret = from_utf16(buf + 2, len - 2,
			 u[0] == 0xff ? "UTF-16LE" : "UTF-16BE", conv, outlen);
	*out = *conv;
	return ret;
}

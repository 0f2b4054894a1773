/* SPDX-License-Identifier: MIT */
/*
 * The report model between analysis and rendering: tables whose columns
 * carry a unit and whose cells carry raw numbers (or text, or the reason a
 * number is missing). Analyses fill tables without knowing the output
 * format; renderers format them without knowing what they mean.
 */
#ifndef FV_TABLE_H
#define FV_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct fv_diags;
struct fv_pctlist;

enum fv_unit {
	FV_U_TEXT,    /* not a number */
	FV_U_IOPS,    /* I/O per second */
	FV_U_BPS,     /* bytes per second */
	FV_U_NS,      /* latency, nanoseconds */
	FV_U_PERCENT, /* 0-100 */
	FV_U_RATIO,   /* dimensionless, 1 = same */
	FV_U_COUNT,   /* a plain count */
	FV_U_BYTES,
	FV_U_MS,
	FV_U_DEPTH, /* queue depth */
	/* bytes per second, shown in MB/s (10^6 B/s) as the tool printed */
	FV_U_MBPS,
	FV_U_PROB, /* a probability, 0-1: a test's p-value */
	FV_U_GIB,  /* a capacity in GiB, as clouds sell disks */
	/* a list price in US dollars a month, and that price per figure */
	FV_U_USD_MONTH,
	FV_U_USD_MONTH_PER_KIOPS, /* per 1000 IO/s delivered */
	FV_U_USD_MONTH_PER_MBPS,  /* per MB/s (10^6 B/s) delivered */
	/* an identifier, not a count: fio's errno, -1 a tool's own failure */
	FV_U_ERROR_CODE,
};

/* Shown only by the machine formats (csv, json), to keep text narrow. */
#define FV_COL_MACHINE 0x1

struct fv_col {
	const char *key;   /* snake_case, stable: csv header, json key */
	const char *title; /* for people */
	enum fv_unit unit;
	unsigned flags;
};

enum fv_cell_kind {
	FV_CELL_EMPTY, /* does not apply (read IOPS of a write job) */
	FV_CELL_NA,    /* applies but is not available: see reason */
	FV_CELL_NUM,
	FV_CELL_STR,
};

struct fv_cell {
	enum fv_cell_kind kind;
	bool lower_bound; /* a number that is at least this (shown "≥") */
	double num;
	/*
	 * The figure's printed precision where its input gave it rounded
	 * (fio's text, CrystalDiskMark): shown to as many digits, no more;
	 * 0 when exact.
	 */
	double res;
	/* the text, for NA the reason, for a number its text if any */
	char *str;
};

struct fv_table {
	char *name; /* "summary", "compare", ... */
	char *title;
	struct fv_col *cols;
	size_t ncols, cols_cap;
	struct fv_cell *cells;	   /* nrows * ncols */
	size_t nrows, cells_alloc; /* cells_alloc: cells, not rows */
	char **notes;
	size_t nnotes;
	int status; /* 0, or -ENOMEM once a cell could not be written */
};

struct fv_report {
	const char *command;
	struct fv_table **tables;
	size_t ntables, tables_alloc;
	const struct fv_diags *diags;
	const struct fv_pctlist *pcts;
	size_t ninputs;
};

/* Returns NULL on ENOMEM. */
struct fv_table *fv_table_new(const char *name, const char *title);
/*
 * A table is built in straight lines and checked once, as a diagnostic
 * cannot fail to be added: the first failure (-ENOMEM, or -EINVAL for a
 * column added after a row or a cell outside the table) sticks to the
 * table, every writer below returns the table's status so far, and
 * fv_report_add refuses a table whose status is not 0.
 *
 * Columns are copied (titles and keys too, since some are built at run
 * time, e.g. one per label); none is added once the status is not 0.
 */
int fv_table_add_col(struct fv_table *t, const char *key, const char *title,
		     enum fv_unit unit, unsigned flags);
/* The n columns of a table written as an array, as fv_table_add_col. */
int fv_table_add_cols(struct fv_table *t, const struct fv_col *cols, size_t n);
/*
 * Appends an empty row; returns its index, or the status (< 0), when it
 * is not 0, with no row added: a cell of that row is then skipped.
 */
int fv_table_add_row(struct fv_table *t);
struct fv_cell *fv_table_cell(const struct fv_table *t, size_t row, size_t col);
/*
 * The fv_cell_* writers keep going after a failure: a cell whose text
 * could not be copied is left empty, and one outside the table is not
 * written.
 */
int fv_table_status(const struct fv_table *t);
int fv_cell_num(struct fv_table *t, size_t row, size_t col, double v);
int fv_cell_str(struct fv_table *t, size_t row, size_t col, const char *s);
/* A number its input printed to within res (0: exact, as fv_cell_num). */
int fv_cell_printed(struct fv_table *t, size_t row, size_t col, double v,
		    double res);
int fv_cell_na(struct fv_table *t, size_t row, size_t col, const char *reason);
/*
 * A number that the human formats and CSV show as text ("30.00", a price
 * to the cent) and JSON as the number v.
 */
int fv_cell_num_as(struct fv_table *t, size_t row, size_t col, double v,
		   const char *text);
/*
 * A price in US dollars: to the cent for people and CSV, the figure itself
 * in JSON; not available, for @why, where @v is not a finite number.
 */
int fv_cell_usd(struct fv_table *t, size_t row, size_t col, double v,
		const char *why);
/* A number known only to be at least v (shown "≥v"). */
int fv_cell_bound(struct fv_table *t, size_t row, size_t col, double v);
/* Adds a note once (same text twice is kept once); sticky as a cell. */
int fv_table_note(struct fv_table *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fv_table_free(struct fv_table *t);

/* The index of the column keyed key, or -1. */
int fv_table_col(const struct fv_table *t, const char *key);
/*
 * Row r's cell in the column keyed key: its text, "" when it is not text
 * or the table has no such column; its number, NAN when it is not one.
 */
const char *fv_table_str(const struct fv_table *t, size_t row, const char *key);
double fv_table_num(const struct fv_table *t, size_t row, const char *key);

/* Adds t, or returns its sticky status (or -ENOMEM) leaving t the caller's. */
int fv_report_add(struct fv_report *r, struct fv_table *t);
/* The report's table named name ("verdict", ...), or NULL. */
const struct fv_table *fv_report_table(const struct fv_report *r,
				       const char *name);
void fv_report_free(struct fv_report *r);

const char *fv_unit_name(enum fv_unit u); /* for machine formats */

#endif

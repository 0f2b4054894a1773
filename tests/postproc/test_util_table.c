/* SPDX-License-Identifier: MIT */
/*
 * A table's sticky status (model/table.h): after a cell or a column could
 * not be written, every writer returns it and the report refuses the table.
 */
#include <errno.h>
#include <stdlib.h>

#include "fvtest.h"
#include "model/model.h"

static void sticky_status(void **state)
{
	struct fv_report rep = { 0 };
	struct fv_table *t = fv_table_new("t", "T");

	(void) state;
	assert_non_null(t);
	assert_int_equal(fv_table_add_col(t, "a", "A", FV_U_COUNT, 0), 0);
	assert_int_equal(fv_table_add_row(t), 0);
	assert_int_equal(fv_cell_num(t, 0, 0, 1), 0);
	assert_int_equal(fv_table_status(t), 0);
	t->status = -ENOMEM; /* as a failed copy of a cell's text leaves it */
	assert_int_equal(fv_cell_num(t, 0, 0, 2), -ENOMEM);
	assert_true(fv_table_cell(t, 0, 0)->num ==
		    2); /* written all the same */
	assert_int_equal(fv_table_note(t, "n"), -ENOMEM);
	assert_int_equal(fv_report_add(&rep, t), -ENOMEM);
	assert_int_equal(rep.ntables, 0);
	fv_table_free(t);
	fv_report_free(&rep);
}

/*
 * Columns and rows stick as cells do: a builder writes a table straight
 * down, and what follows a failed column or row is skipped, not written
 * out of bounds.
 */
static void sticky_cols_and_rows(void **state)
{
	static const struct fv_col cols[] = {
		{ "a", "A", FV_U_COUNT, 0 },
		{ "b", "B", FV_U_TEXT, FV_COL_MACHINE },
	};
	struct fv_report rep = { 0 };
	struct fv_table *t = fv_table_new("t", "T");
	int row;

	(void) state;
	assert_non_null(t);
	assert_int_equal(fv_table_add_cols(t, cols, 2), 0);
	assert_int_equal(t->ncols, 2);
	assert_string_equal(t->cols[1].key, "b");
	assert_int_equal(t->cols[1].flags, FV_COL_MACHINE);
	t->status = -ENOMEM; /* as a failed copy of a column's key leaves it */
	assert_int_equal(fv_table_add_col(t, "c", "C", FV_U_COUNT, 0), -ENOMEM);
	assert_int_equal(t->ncols, 2); /* none added */
	row = fv_table_add_row(t);
	assert_int_equal(row, -ENOMEM);
	assert_int_equal(t->nrows, 0);
	/* the failed row's cells and a column never added: skipped */
	assert_int_equal(fv_cell_num(t, (size_t) row, 0, 1), -ENOMEM);
	assert_int_equal(fv_cell_bound(t, (size_t) row, 0, 1), -ENOMEM);
	assert_int_equal(fv_cell_printed(t, 0, 2, 1, 0.5), -ENOMEM);
	assert_int_equal(fv_report_add(&rep, t), -ENOMEM);
	fv_table_free(t);

	/* a column after a row and a cell outside: -EINVAL, sticky */
	t = fv_table_new("t", "T");
	assert_non_null(t);
	assert_int_equal(fv_table_add_col(t, "a", "A", FV_U_COUNT, 0), 0);
	assert_int_equal(fv_table_add_row(t), 0);
	assert_int_equal(fv_cell_str(t, 0, 1, "x"), -EINVAL);
	assert_int_equal(fv_table_add_col(t, "b", "B", FV_U_COUNT, 0), -EINVAL);
	assert_int_equal(fv_cell_num(t, 0, 0, 3), -EINVAL);
	assert_true(fv_table_cell(t, 0, 0)->num == 3); /* written */
	assert_int_equal(fv_report_add(&rep, t), -EINVAL);
	assert_int_equal(rep.ntables, 0);
	fv_table_free(t);
	fv_report_free(&rep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sticky_status),
		cmocka_unit_test(sticky_cols_and_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

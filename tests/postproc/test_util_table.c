/* SPDX-License-Identifier: MIT */
/*
 * A table's sticky status (model/table.h): after a cell could not be
 * written, every writer returns it and the report refuses the table.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sticky_status),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

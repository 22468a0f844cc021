"""The desk's operations: one view and one form each (issue 32 item 2).

:mod:`.forms` holds the forms (the shape of the input), :mod:`.base` the view every operation
shares, :mod:`.operations` the operations and their list (the URLs come from it), :mod:`.results`
the results form's commands and its corrections' confirmation.
"""

"""Rating lists (issue 32): importing a FIDE rating list (``arbitro manage import_ratings``, the admin's
upload), keeping each month's ratings as history. The models stay in the tournaments app."""

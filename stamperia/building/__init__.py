"""`stamperia build` as a library: the kit drawn and written atomically, export and
print-shop options, and the output folder's lock and swap."""

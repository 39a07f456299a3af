"""Reading and validating documents: JSON with line numbers, the shipped schemas, and
their compiled yes/no form."""

"""Editions and variants: an edition resolved over its parent, documents merged with
the origin of every value, what-if overrides, and the diff of two editions."""

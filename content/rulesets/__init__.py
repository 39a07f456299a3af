"""The shipped rulesets' content: one folder each, with its part models and schemas."""

"""One engine protocol and one play/record/replay loop for every ruleset's simulator."""

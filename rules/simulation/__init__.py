"""Seeded, parallel simulation of whole games and the balance report (shared by rulesets)."""

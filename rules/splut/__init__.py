"""SPLUT!-style arena engine: geometry from content, compact mutable positions, steps."""

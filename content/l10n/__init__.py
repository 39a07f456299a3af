"""Translation catalogues: a game's printed strings exchanged with translators (PO, XLIFF,
CSV), imported back into strings/LL.json, and their status (translated, fuzzy, missing).

Pure content logic: the generator's share (the kit's own words, the room of each box) is
passed in as data, so this package imports nothing from the other layers.
"""

"""IWARI's own part kinds: the component set (iwari_set) and the map sides (iwari_maps)."""

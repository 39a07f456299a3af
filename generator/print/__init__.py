"""The printed sheet: paper and card sizes, imposition, crop marks, bleed and slug,
tiling of boards, token grids, the guide, calibration and the version stamp."""

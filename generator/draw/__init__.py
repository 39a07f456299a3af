"""The drawing description and its backends: primitives in mm, the PDF (ReportLab) and
SVG (svgwrite) renderers, fonts and their metrics, colour modes."""

"""Print generator: layout, drawing description, PDF and SVG backends."""

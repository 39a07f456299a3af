"""The look as data: layouts, theme, visibility conditions, artwork and icons, colour
science and hex-cell geometry, and the check that binds layouts to the theme."""

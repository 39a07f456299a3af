"""From content to drawings: layouts rendered and fitted, text wrapped and shrunk, rich
text, whole pages, legibility, hex boards and faction marks."""

"""`stamperia studio`: one game served on 127.0.0.1 as a live preview and a virtual table.

view draws the game (pure), pins places the check's findings on its pieces, guard holds the
server's safety rules, live rebuilds on saves, server is the Starlette app; the page is
plain HTML, CSS and one JavaScript module in static/, served as package data.
"""

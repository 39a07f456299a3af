"""`stamperia check` as a library: the stages run per game, the balance stage in a
child process, and the report formats (text, JSON, SARIF, GitHub, JUnit)."""

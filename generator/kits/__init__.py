"""Each ruleset's kit: its widgets and the documents it prints, one folder per ruleset."""

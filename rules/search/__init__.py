"""Search agents shared by every ruleset: MCTS (UCT) and information-set MCTS."""

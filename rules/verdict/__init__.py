"""Balance verdicts a referee would accept: corrected tests, effect sizes with intervals,
seed blocks, sample sizes, sequential runs and verdicts across playing styles."""

"""The shared core of every game: decisions, legal actions, forced steps, records.

:mod:`prohis_nb.core.game` holds the machinery every game shares,
:mod:`prohis_nb.core.record` reads, writes and replays game records.
"""

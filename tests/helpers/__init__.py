"""The tests' helpers, one package: ``from helpers.engine import stacked``.

pytest puts ``tests/`` on ``sys.path`` (``pythonpath`` in pyproject.toml), so
every test folder imports these the same way and no test adds a folder to
``sys.path`` itself. One module per subject:

======================  =============================================================
``engine``              Prohis stacked tables that hold exactly the deck, short acts
``big_hands``           a Prohis smuggler at its bribe decision with a huge hand
``convoys``             every convoy of 1 to 4 cards against every controller rank
``beliefs_brute_force`` lesson 4's numbers by brute force, in exact fractions
``twins``               twin games that differ only in cards one seat may not see
``knowledge_play``      small games played at random for the brute-force knowledge
``properties``          random rules, tables and legal play for the property tests
``knowledge_model``     what a seat may know, written from the rules (the tests' model)
``brute_knowledge``     the same by brute force over small games' physical histories
``seatoutputs``         every path by which a seat's knowledge leaves the engine
``livemodels``          the live widget models of a kernel
``smuggle``             Smuggle stacked packs and games
``prohis_coach``        tables and exact expectations for the Prohis coach
``smuggle_coach``       the same for the Smuggle coach
``widgets``             widget tests: stacked games, what a widget draws
``smuggle_widgets``     the same for Smuggle's widgets
``coach_widgets``       the coach panel's twins and fakes
``lessoncheck``         reading the lessons (cells, outputs, words)
``lessonkernel``        running a lesson in a kernel
``browser``             a private JupyterLab and Debian's Chromium
``pagechecks``          what a rendered page shows (clipping, axe, maths)
======================  =============================================================
"""

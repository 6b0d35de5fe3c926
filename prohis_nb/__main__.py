"""``python -m prohis_nb``: the same command line as ``prohis-nb``."""

import sys

from prohis_nb.cli import main

sys.exit(main())

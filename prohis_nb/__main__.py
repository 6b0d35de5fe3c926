"""``python -m prohis_nb``: the same command line as ``prohis-nb``."""

import sys

from prohis_nb.cli import main

if __name__ == "__main__":  # importing the module (as the docs' autosummary does) runs nothing
    sys.exit(main())

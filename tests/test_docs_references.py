"""Every page the package's docstrings point to is in the repository (issue 23, item 17).

The rules and the record format are written for this project in
``docs/rules.md``, ``docs/records.md`` (and their Smuggle pages); the
shared ``RULES.md``/``RECORD.md`` they restate are not in a clone. So a
docstring cites ``docs/…md``, and each page it cites exists.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "prohis_nb").rglob("*.py"))


def test_no_docstring_points_outside_the_repository():
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in SOURCES
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<![/\w])(RULES|RECORD)\.md", line)
    ]
    assert not found, "point to docs/rules.md or docs/records.md:\n" + "\n".join(found)


def test_every_docs_page_cited_exists():
    cited = {
        match
        for path in SOURCES
        for match in re.findall(r"\bdocs/([\w-]+\.md)", path.read_text(encoding="utf-8"))
    }
    assert cited, "no docs page cited at all?"
    missing = sorted(page for page in cited if not (ROOT / "docs" / page).exists())
    assert not missing, missing
